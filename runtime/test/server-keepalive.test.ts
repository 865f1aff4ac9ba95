// Spec server behaviour 2: the keep-alive matrix for HTTP/1.0 and HTTP/1.1, and keepAlive=false.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { Agent, get } from 'node:http';
import { Body, Response, Route, RoutePattern } from '@kitgen/runtime';
import { RawConnection, rawRequest } from './support/rawHttp.ts';
import { startServer, type TestServer } from './support/testServer.ts';

const routes = [
  Route.handled(RoutePattern.GET('hello'), () => Response.text('hi')),
  Route.handled(
    RoutePattern.GET('stream'),
    () =>
      new Response(
        200,
        { 'content-type': 'text/plain' },
        Body.fromStream(
          (async function* () {
            yield Buffer.from('a');
            yield Buffer.from('b');
          })(),
        ),
      ),
  ),
];

let server: TestServer;
let noKeepAlive: TestServer;
before(async () => {
  server = await startServer(routes);
  noKeepAlive = await startServer(routes, (c) => c.withKeepAlive(false));
});
after(async () => {
  await server.shutdown();
  await noKeepAlive.shutdown();
});

// How long a connection must stay open to count as "kept alive" in these tests.
const STAYS_OPEN_MS = 300;

test('HTTP/1.0 without Connection: keep-alive: the response says connection: close and the socket closes', async () => {
  const { response, closed } = await RawConnection.exchange(
    server.port,
    rawRequest('GET', '/hello', {}, '', 'HTTP/1.0'),
  );
  assert.equal(response.status, 200);
  assert.equal(response.body.toString(), 'hi');
  assert.equal(response.headers.connection?.toLowerCase(), 'close');
  assert.equal(closed, true);
});

test('HTTP/1.0 with Connection: keep-alive: the connection stays open, no connection: close, and serves a second request', async () => {
  const c = await RawConnection.open(server.port);
  try {
    for (let i = 0; i < 2; i++) {
      c.write(rawRequest('GET', '/hello', { Connection: 'keep-alive' }, '', 'HTTP/1.0'));
      const r = await c.response();
      assert.equal(r.status, 200);
      assert.equal(r.body.toString(), 'hi');
      assert.notEqual(r.headers.connection?.toLowerCase(), 'close');
      assert.match(r.headers.connection ?? '', /keep-alive/i, 'an HTTP/1.0 client needs keep-alive confirmed');
      assert.equal(await c.closedAfter(STAYS_OPEN_MS), false);
    }
  } finally {
    c.destroy();
  }
});

test('HTTP/1.0 keep-alive and a streamed body of unknown length: the body runs to the close (no chunking in 1.0)', async () => {
  const { response, closed } = await RawConnection.exchange(
    server.port,
    rawRequest('GET', '/stream', { Connection: 'keep-alive' }, '', 'HTTP/1.0'),
  );
  assert.equal(response.status, 200);
  assert.equal(response.headers['transfer-encoding'], undefined);
  assert.equal(response.body.toString(), 'ab');
  assert.equal(response.headers.connection?.toLowerCase(), 'close');
  assert.equal(closed, true);
});

test('HTTP/1.1 is persistent by default: two requests on one socket', async () => {
  const c = await RawConnection.open(server.port);
  try {
    for (const path of ['/hello', '/stream', '/hello']) {
      c.write(rawRequest('GET', path));
      const r = await c.response();
      assert.equal(r.status, 200);
      assert.notEqual(r.headers.connection?.toLowerCase(), 'close');
      assert.equal(await c.closedAfter(STAYS_OPEN_MS), false);
    }
  } finally {
    c.destroy();
  }
});

test('HTTP/1.1 pipelined requests are answered in order on one socket', async () => {
  const c = await RawConnection.open(server.port);
  try {
    c.write(Buffer.concat([rawRequest('GET', '/stream'), rawRequest('GET', '/hello'), rawRequest('GET', '/nope')]));
    assert.equal((await c.response()).body.toString(), 'ab');
    assert.equal((await c.response()).body.toString(), 'hi');
    assert.equal((await c.response()).status, 404);
    assert.equal(c.closed, false);
  } finally {
    c.destroy();
  }
});

test('HTTP/1.1 with Connection: close: the response says connection: close and the socket closes', async () => {
  const { response, closed } = await RawConnection.exchange(
    server.port,
    rawRequest('GET', '/hello', { Connection: 'close' }),
  );
  assert.equal(response.status, 200);
  assert.equal(response.headers.connection?.toLowerCase(), 'close');
  assert.equal(closed, true);
});

test('keepAlive=false: every response closes the connection, whatever the client asks', async () => {
  const cases = [
    rawRequest('GET', '/hello'),
    rawRequest('GET', '/hello', { Connection: 'keep-alive' }),
    rawRequest('GET', '/hello', { Connection: 'keep-alive' }, '', 'HTTP/1.0'),
    rawRequest('GET', '/stream'),
    rawRequest('GET', '/nope'),
  ];
  for (const request of cases) {
    const { response, closed } = await RawConnection.exchange(noKeepAlive.port, request);
    assert.equal(response.headers.connection?.toLowerCase(), 'close', request.toString('latin1'));
    assert.equal(closed, true, request.toString('latin1'));
  }
});

/** GETs /hello through `agent` and tells which local port the request went out on. */
function localPortOf(port: number, agent: Agent): Promise<{ localPort: number; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = get({ host: '127.0.0.1', port, path: '/hello', agent }, (res) => {
      const localPort = req.socket?.localPort ?? -1;
      res.resume();
      res.on('end', () => resolve({ localPort, connection: res.headers.connection }));
    });
    req.on('error', reject);
  });
}

test("Node's own client with a keep-alive agent: one connection when kept alive, a new one per request with keepAlive=false", async () => {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const kept = new Set<number>();
    const closedEach = new Set<number>();
    for (let i = 0; i < 3; i++) {
      kept.add((await localPortOf(server.port, agent)).localPort);
      const r = await localPortOf(noKeepAlive.port, agent);
      assert.equal(r.connection, 'close');
      closedEach.add(r.localPort);
    }
    assert.equal(kept.size, 1);
    assert.equal(closedEach.size, 3);
  } finally {
    agent.destroy();
  }
});
