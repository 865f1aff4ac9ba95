// Spec server behaviour 8: on shutdown the server accepts no new requests, lets in-flight ones
// finish (their responses close the connection), and waits at most gracefulShutdownTimeout.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { Body, Duration, Response, Route, RoutePattern } from '@kitgen/runtime';
import { RawConnection, rawRequest } from './support/rawHttp.ts';
import { deferred, sleep, startServer, within } from './support/testServer.ts';
import { nodeRequest } from './support/nodeHttp.ts';

function slowRoute(ms: number, started: { resolve: () => void }) {
  return [
    Route.handled(RoutePattern.GET('slow'), async () => {
      started.resolve();
      await sleep(ms);
      return Response.text('finished');
    }),
    Route.handled(RoutePattern.GET('hello'), () => Response.text('hi')),
  ];
}

/** Resolves with the connect error code, or 'connected'. */
function tryConnect(port: number): Promise<string> {
  return new Promise((resolve) => {
    const s = connect({ port, host: '127.0.0.1' }, () => {
      s.destroy();
      resolve('connected');
    });
    s.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message));
  });
}

test('shutdown: new connections are refused, the in-flight request finishes with 200 and connection: close', async () => {
  const started = deferred();
  const server = await startServer(slowRoute(500, started));
  const c = await RawConnection.open(server.port);
  try {
    c.write(rawRequest('GET', '/slow'));
    await started.promise;
    const t0 = Date.now();
    const stopped = server.shutdown();
    await sleep(20);
    assert.equal(await tryConnect(server.port), 'ECONNREFUSED');
    const r = await c.response({ timeoutMs: 3000 });
    assert.equal(r.status, 200);
    assert.equal(r.body.toString(), 'finished');
    assert.equal(r.headers.connection?.toLowerCase(), 'close');
    assert.equal(await c.waitForClose(1000), true);
    assert.notEqual(await within(stopped, 2000), 'timeout');
    const took = Date.now() - t0;
    assert.ok(took >= 400 && took < 2000, `shutdown took ${took} ms; the request needed ~500`);
  } finally {
    c.destroy();
  }
});

test('shutdown: idle keep-alive connections are closed at once and shutdown does not wait for them', async () => {
  const server = await startServer(slowRoute(0, deferred()));
  const c = await RawConnection.open(server.port);
  try {
    c.write(rawRequest('GET', '/hello'));
    assert.equal((await c.response()).status, 200);
    const t0 = Date.now();
    await server.shutdown();
    assert.ok(Date.now() - t0 < 500, `shutdown took ${Date.now() - t0} ms`);
    assert.equal(await c.waitForClose(500), true);
  } finally {
    c.destroy();
  }
});

test('shutdown with a request pipelined behind an in-flight one: the in-flight one closes the connection and shutdown does not wait for the queued one', async () => {
  const started = deferred();
  const server = await startServer(slowRoute(300, started));
  const c = await RawConnection.open(server.port);
  try {
    // Pipelined: the second request waits behind the slow one, which is in flight.
    c.write(Buffer.concat([rawRequest('GET', '/slow'), rawRequest('GET', '/hello')]));
    await started.promise;
    const stopped = server.shutdown();
    const first = await c.response({ timeoutMs: 3000 });
    assert.equal(first.status, 200);
    assert.equal(first.headers.connection?.toLowerCase(), 'close');
    // The connection ends after the in-flight response; the queued request gets no answer,
    // which a client may safely retry (it was never processed).
    assert.equal(await c.waitForClose(1000), true);
    assert.notEqual(await within(stopped, 2000), 'timeout', 'the queued request must not hold shutdown open');
  } finally {
    c.destroy();
  }
});

test('shutdown: a streamed response begun before shutdown completes, then its connection is closed promptly', async () => {
  const firstSent = deferred();
  const server = await startServer(
    Route.handled(
      RoutePattern.GET('stream'),
      () =>
        new Response(
          200,
          { 'content-type': 'text/plain' },
          Body.fromStream(
            (async function* () {
              yield Buffer.from('part one;');
              firstSent.resolve();
              await sleep(300);
              yield Buffer.from('part two');
            })(),
          ),
        ),
    ),
  );
  const c = await RawConnection.open(server.port);
  try {
    c.write(rawRequest('GET', '/stream'));
    await firstSent.promise;
    const t0 = Date.now();
    const stopped = server.shutdown();
    const r = await c.response({ timeoutMs: 3000 });
    assert.equal(r.body.toString(), 'part one;part two');
    // Its head went out before shutdown (no connection: close); the server closes it once idle.
    assert.equal(await c.waitForClose(1000), true);
    assert.notEqual(await within(stopped, 2000), 'timeout');
    assert.ok(Date.now() - t0 < 1500, `shutdown took ${Date.now() - t0} ms`);
  } finally {
    c.destroy();
  }
});

test('shutdown waits at most gracefulShutdownTimeout: a slower request is cut', async () => {
  const started = deferred();
  const server = await startServer(slowRoute(10_000, started), (c) =>
    c.withGracefulShutdownTimeout(Duration.millis(300)),
  );
  const reply = nodeRequest(server.port, { path: '/slow' }).then(
    (r) => `status ${r.status}`,
    (e: NodeJS.ErrnoException) => e.code ?? e.message,
  );
  await started.promise;
  const t0 = Date.now();
  await server.shutdown();
  const took = Date.now() - t0;
  assert.ok(took >= 250 && took < 1500, `shutdown took ${took} ms, expected ~300`);
  assert.equal(await within(reply, 1000), 'ECONNRESET', 'the client should see its connection cut');
});

test('shutdown is idempotent and a second call resolves when the first does', async () => {
  const started = deferred();
  const server = await startServer(slowRoute(200, started));
  const reply = nodeRequest(server.port, { path: '/slow' });
  await started.promise;
  const a = server.shutdown();
  const b = server.shutdown();
  let aDone = false;
  void a.then(() => (aDone = true));
  await b;
  assert.equal(aDone || (await within(a, 50)) !== 'timeout', true);
  assert.equal((await reply).status, 200);
});
