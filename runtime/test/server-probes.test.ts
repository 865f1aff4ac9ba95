// Readiness and liveness probes answered by the server itself (off by default).
// Readiness turns 503 the instant shutdown begins and, for the drain delay, the server keeps
// serving so that a balancer probing readiness takes the instance out before it refuses
// connections.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { Duration, loadServerConfig, Response, Route, RoutePattern } from '@kitgen/runtime';
import { startServer } from './support/testServer.ts';
import { nodeRequest } from './support/nodeHttp.ts';

const hello = Route.handled(RoutePattern.GET('hello'), () => Response.text('hi'));

const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = connect({ port, host: '127.0.0.1' }, () => {
      s.destroy();
      resolve(false);
    });
    s.on('error', () => resolve(true));
  });

test('probes are off by default: /readyz and /livez are ordinary paths', async () => {
  const server = await startServer(hello);
  try {
    assert.equal((await nodeRequest(server.port, { path: '/readyz' })).status, 404);
    assert.equal((await nodeRequest(server.port, { path: '/livez' })).status, 404);
  } finally {
    await server.shutdown();
  }
});

test('readiness 200 while serving, 503 from the instant shutdown begins; liveness 200; routes served through the drain delay, then connections refused', async () => {
  const server = await startServer(hello, (c) => c.withHealthProbes({ drainDelay: Duration.millis(600) }));
  try {
    const ready = await nodeRequest(server.port, { path: '/readyz' });
    assert.equal(ready.status, 200);
    assert.deepEqual(JSON.parse(ready.body.toString()), { status: 'ready' });
    assert.equal(ready.headers['cache-control'], 'no-store');
    assert.equal((await nodeRequest(server.port, { path: '/livez', method: 'HEAD' })).status, 200);
    const t0 = Date.now();
    const stopped = server.shutdown();
    const draining = await nodeRequest(server.port, { path: '/readyz' });
    assert.equal(draining.status, 503);
    assert.deepEqual(JSON.parse(draining.body.toString()), { status: 'shutting down' });
    assert.equal((await nodeRequest(server.port, { path: '/livez' })).status, 200, 'still alive while draining');
    assert.equal(
      (await nodeRequest(server.port, { path: '/hello' })).status,
      200,
      'still serving during the drain delay',
    );
    await new Promise((r) => setTimeout(r, 800));
    assert.equal(await refused(server.port), true, 'connections refused after the drain delay');
    await stopped;
    assert.ok(Date.now() - t0 >= 550);
  } finally {
    await server.shutdown();
  }
});

test('probes from the environment: custom paths and drain delay; a path without / is refused naming the variable', () => {
  const c = loadServerConfig({
    LIB_HTTP_SERVER_HEALTH_PROBES_READINESS_PATH: '/ready',
    LIB_HTTP_SERVER_HEALTH_PROBES_DRAIN_DELAY: '5s',
  });
  assert.deepEqual(c.healthProbes, { readinessPath: '/ready', livenessPath: '/livez', drainDelay: 5000 });
  assert.equal(
    loadServerConfig({ LIB_HTTP_SERVER_HEALTH_PROBES_ENABLED: 'true' }).healthProbes?.readinessPath,
    '/readyz',
  );
  assert.equal(loadServerConfig({}).healthProbes, undefined);
  assert.throws(
    () => loadServerConfig({ LIB_HTTP_SERVER_HEALTH_PROBES_LIVENESS_PATH: 'livez' }),
    /LIB_HTTP_SERVER_HEALTH_PROBES_LIVENESS_PATH: expected a path starting with \/, got "livez"/,
  );
});
