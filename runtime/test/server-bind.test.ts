// Spec server behaviour 1: the default bind is 0.0.0.0 on port 8080.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Response, Route, RoutePattern, Routes, Server } from '@kitgen/runtime';
import { nodeRequest } from './support/nodeHttp.ts';

const hello = Route.handled(RoutePattern.GET('hello'), () => Response.text('hi'));

test('Server.Config.default binds 0.0.0.0 on port 8080', () => {
  assert.deepEqual(Server.Config.default.address, { host: '0.0.0.0', port: 8080 });
  assert.deepEqual(Server.default.config.address, { host: '0.0.0.0', port: 8080 });
  assert.deepEqual(Server.defaultWithPort(9000).config.address, { host: '0.0.0.0', port: 9000 });
});

test('a default server with only the port changed listens on every interface (0.0.0.0)', async () => {
  const layer = Server.defaultWith((c) => c.port(0));
  const port = await Server.install(Routes(hello), layer);
  try {
    assert.ok(port > 0);
    assert.equal(layer.address?.address, '0.0.0.0');
    assert.equal(layer.address?.port, port);
    // Reached through loopback, which a 127.0.0.1-only bind would also serve; the address above
    // is what proves the wildcard bind.
    const res = await nodeRequest(port, { path: '/hello' });
    assert.equal(res.status, 200);
    assert.equal(res.body.toString(), 'hi');
  } finally {
    await layer.shutdown();
  }
});

test('onAnyOpenPort and binding choose the port and host', async () => {
  assert.equal(Server.Config.default.onAnyOpenPort().address.port, 0);
  const layer = Server.live(Server.Config.default.binding('127.0.0.1', 0));
  const port = await Server.install(Routes(hello), layer);
  try {
    assert.deepEqual({ host: layer.address?.address, port: layer.address?.port }, { host: '127.0.0.1', port });
  } finally {
    await layer.shutdown();
  }
});

test('installing twice (even concurrently) starts one server that serves both route sets', async () => {
  const layer = Server.live(Server.Config.default.binding('127.0.0.1', 0));
  const other = Route.handled(RoutePattern.GET('other'), () => Response.text('other'));
  const [a, b] = await Promise.all([Server.install(Routes(hello), layer), Server.install(Routes(other), layer)]);
  try {
    assert.equal(a, b);
    assert.equal((await nodeRequest(a, { path: '/hello' })).body.toString(), 'hi');
    assert.equal((await nodeRequest(a, { path: '/other' })).body.toString(), 'other');
  } finally {
    await layer.shutdown();
  }
});

test('a port already in use fails install with EADDRINUSE', async () => {
  const first = Server.live(Server.Config.default.binding('127.0.0.1', 0));
  const port = await Server.install(Routes(hello), first);
  try {
    const second = Server.live(Server.Config.default.binding('127.0.0.1', port));
    await assert.rejects(Server.install(Routes(hello), second), { code: 'EADDRINUSE' });
    await second.shutdown();
  } finally {
    await first.shutdown();
  }
});
