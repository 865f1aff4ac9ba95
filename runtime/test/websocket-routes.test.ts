// WebSocket routes over the wire, with the `ws` library's client: echo of text and binary, typed
// path parameters, routing answers for upgrades (404, 405, 400, 426), middleware that refuses
// or decorates the upgrade, subprotocols, the app's end and failure, wss through the TLS
// listener, and graceful shutdown.
import { after, before, describe, test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { connect as netConnect } from 'node:net';
import { connect as tlsConnect } from 'node:tls';

import {
  Middleware,
  PathCodec,
  Response,
  Route,
  RoutePattern,
  Routes,
  type ServerConfig,
  type ServerWebSocket,
  SSLConfig,
  WebSocketConfig,
  type WebSocketMessage,
  webSocketRoute,
} from '@kitgen/runtime';
import { startServer, deferred, within } from './support/testServer.ts';
import { connect, open, refused } from './support/wsClient.ts';
import { hasTool, makeTestCertificates, type TestCertificates } from './support/testCertificates.ts';

/** Echoes every data message back, prefixed with the room. */
const chat = webSocketRoute(RoutePattern.GET('chat', PathCodec.string('room')), async (socket, room) => {
  for await (const m of socket) {
    if (m.type === 'text') await socket.send(`${room}: ${m.text}`);
    else if (m.type === 'binary') await socket.send(m.data);
  }
});
const hello = Route.handled(RoutePattern.GET('hello'), () => Response.text('hi'));

describe('WebSocket routes', () => {
  test('echoes text and binary messages; the path parameter is decoded', async () => {
    const server = await startServer([chat, hello]);
    try {
      const c = await open(`ws://127.0.0.1:${server.port}/chat/lobby`);
      c.ws.send('hello');
      assert.equal(await c.next(), 'lobby: hello');
      const bytes = Buffer.from([0, 1, 2, 250, 255]);
      c.ws.send(bytes);
      const back = await c.next();
      assert.ok(Buffer.isBuffer(back), 'binary comes back binary');
      assert.deepEqual(back, bytes);
      // A long text (over the 125-byte short frame form) and UTF-8.
      const long = 'ü'.repeat(3000);
      c.ws.send(long);
      assert.equal(await c.next(), `lobby: ${long}`);
      c.ws.close(1000, 'bye');
      assert.deepEqual(await c.closed, { code: 1000, reason: 'bye' });
      // Plain HTTP on the same server is untouched.
      assert.equal(await (await fetch(`${server.url}/hello`)).text(), 'hi');
    } finally {
      await server.shutdown();
    }
  });

  test('typed path parameters: an int parameter that does not decode answers 400 naming it; percent-encoded segments arrive decoded', async () => {
    const seen = deferred<[number, string]>();
    const route = webSocketRoute(
      RoutePattern.GET('games', PathCodec.int('id'), PathCodec.string('player')),
      (socket, id, player) => {
        seen.resolve([id, player]);
        socket.close();
      },
    );
    const server = await startServer(route);
    try {
      const c = await open(`ws://127.0.0.1:${server.port}/games/42/J%C3%BCrgen%20K`);
      assert.deepEqual(await seen.promise, [42, 'Jürgen K']);
      assert.equal((await c.closed).code, 1000);
      const r = await refused(`ws://127.0.0.1:${server.port}/games/forty/x`);
      assert.equal(r.status, 400);
      assert.match(r.body, /path parameter 'id': expected/);
    } finally {
      await server.shutdown();
    }
  });

  test('an upgrade to a path without a route is 404, to a POST-only path 405 with Allow, to a malformed path 400; the connection is closed each time', async () => {
    const post = Route.handled(RoutePattern.POST('submit'), () => Response.text('ok'));
    const server = await startServer([chat, post]);
    try {
      const notFound = await refused(`ws://127.0.0.1:${server.port}/nowhere`);
      assert.equal(notFound.status, 404);
      assert.equal(notFound.headers.connection, 'close');
      const long = await refused(`ws://127.0.0.1:${server.port}/chat/${'x'.repeat(5000)}`);
      assert.equal(long.status, 414, 'the request-line limit holds for upgrades too');
      const notAllowed = await refused(`ws://127.0.0.1:${server.port}/submit`);
      assert.equal(notAllowed.status, 405);
      assert.equal(notAllowed.headers.allow, 'POST');
      // A dot segment: the client would normalise it, so this one goes out raw.
      const raw = await rawUpgrade(server.port, '/chat/%2e%2e/x');
      assert.match(raw, /^HTTP\/1\.1 400 /);
      assert.match(raw, /Malformed request path/);
    } finally {
      await server.shutdown();
    }
  });

  test('a plain GET to a WebSocket route answers 426 Upgrade Required; an upgrade to another protocol on it too', async () => {
    const server = await startServer(chat);
    try {
      const res = await fetch(`${server.url}/chat/x`);
      assert.equal(res.status, 426);
      assert.equal(res.headers.get('upgrade'), 'websocket');
      const h2c = await rawUpgrade(server.port, '/chat/x', 'h2c');
      assert.match(h2c, /^HTTP\/1\.1 426 /);
    } finally {
      await server.shutdown();
    }
  });

  test('with WebSocket routes installed, a request with another Upgrade (h2c) is served as a plain request, body included, then closed', async () => {
    const echoBody = Route.handled(RoutePattern.POST('echo'), async (request) =>
      Response.text(`got ${await request.body.asString()}`),
    );
    const server = await startServer([chat, echoBody], (c) => c.maxRequestBodySize(10));
    try {
      const head =
        'POST /echo HTTP/1.1\r\nhost: 127.0.0.1\r\nconnection: Upgrade, HTTP2-Settings\r\nupgrade: h2c\r\nhttp2-settings: AAMAAABkAAQAoAAAAAIAAAAA\r\n';
      // The body arrives in two pieces, the second after a pause.
      const ok = await rawExchange(server.port, [`${head}content-length: 7\r\n\r\nabc`, 'defg']);
      assert.match(ok, /^HTTP\/1\.1 200 /);
      assert.match(ok, /connection: close/i);
      assert.match(ok, /got abcdefg$/);
      const big = await rawExchange(server.port, [`${head}content-length: 11\r\n\r\n`]);
      assert.match(big, /^HTTP\/1\.1 413 /);
      const chunked = await rawExchange(server.port, [
        `${head}transfer-encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n`,
      ]);
      assert.match(chunked, /^HTTP\/1\.1 501 /);
      assert.match(chunked, /send the request without Upgrade/);
    } finally {
      await server.shutdown();
    }
  });

  test('auth middleware refuses an upgrade with its 401; with the token the socket opens and the app sees the request', async () => {
    const whoami = webSocketRoute(RoutePattern.GET('me'), async (socket) => {
      await socket.send(socket.request.headers.get('authorization') ?? '');
      socket.close();
    });
    const server = await startServer(Routes(whoami).pipe(Middleware.bearerAuth('s3cret')));
    try {
      const r = await refused(`ws://127.0.0.1:${server.port}/me`);
      assert.equal(r.status, 401);
      assert.match(String(r.headers['www-authenticate']), /^Bearer/);
      const wrong = await refused(`ws://127.0.0.1:${server.port}/me`, { headers: { authorization: 'Bearer nope' } });
      assert.equal(wrong.status, 401);
      const c = await open(`ws://127.0.0.1:${server.port}/me`, [], { headers: { authorization: 'Bearer s3cret' } });
      assert.equal(await c.next(), 'Bearer s3cret');
      assert.equal((await c.closed).code, 1000);
    } finally {
      await server.shutdown();
    }
  });

  test('headers middleware adds to the 101 reach the client; handshake headers are the server’s own', async () => {
    const tag = Middleware.perRoute((next) => async (request) => {
      const r = await next(request);
      return new Response(r.status, r.headers.merge({ 'x-served-by': 'kitgen', upgrade: 'nonsense' }), r.body);
    });
    const server = await startServer(Routes(chat).pipe(tag));
    try {
      const c = await open(`ws://127.0.0.1:${server.port}/chat/a`);
      assert.equal(c.upgradeHeaders['x-served-by'], 'kitgen');
      assert.equal(c.upgradeHeaders.upgrade, 'websocket');
      c.ws.close();
      await c.closed;
    } finally {
      await server.shutdown();
    }
  });

  test('subprotocols: the first of the configured list the client offers is chosen; none in common selects none', async () => {
    const proto = webSocketRoute(RoutePattern.GET('p'), async (socket) => {
      await socket.send(`protocol=${socket.protocol}`);
    });
    const server = await startServer(proto, (c) =>
      c.withWebSocketConfig({ ...WebSocketConfig.default, subprotocols: 'v2.chat, v1.chat' }),
    );
    try {
      const c = await open(`ws://127.0.0.1:${server.port}/p`, ['v1.chat', 'v2.chat']);
      assert.equal(c.ws.protocol, 'v2.chat');
      assert.equal(await c.next(), 'protocol=v2.chat');
      await c.closed;
      // Offered only one the server does not speak: no protocol header, which the client refuses.
      await assert.rejects(connect(`ws://127.0.0.1:${server.port}/p`, ['mqtt']), /Server sent no subprotocol/);
      // Offered none: accepted without a protocol.
      const plain = await open(`ws://127.0.0.1:${server.port}/p`);
      assert.equal(await plain.next(), 'protocol=');
      await plain.closed;
    } finally {
      await server.shutdown();
    }
    // Unconfigured: never a protocol.
    const bare = await startServer(proto);
    try {
      await assert.rejects(connect(`ws://127.0.0.1:${bare.port}/p`, ['v1.chat']), /Server sent no subprotocol/);
    } finally {
      await bare.shutdown();
    }
  });

  test('sendCloseFrame: an app that ends without closing closes with it, as does close() without a code; close(code, reason) sends its own', async () => {
    const ends = webSocketRoute(RoutePattern.GET('ends'), async (socket) => {
      await socket.send('bye');
    });
    const bare = webSocketRoute(RoutePattern.GET('bare'), (socket) => socket.close());
    const own = webSocketRoute(RoutePattern.GET('own'), (socket) => socket.close(4000, 'custom reason'));
    const config = (c: ServerConfig) =>
      c.withWebSocketConfig({
        ...WebSocketConfig.default,
        sendCloseFrame: WebSocketConfig.CloseStatus.Custom(4321, 'done here'),
      });
    const server = await startServer([ends, bare, own], config);
    try {
      const a = await open(`ws://127.0.0.1:${server.port}/ends`);
      assert.equal(await a.next(), 'bye');
      assert.deepEqual(await a.closed, { code: 4321, reason: 'done here' });
      const b = await open(`ws://127.0.0.1:${server.port}/bare`);
      assert.deepEqual(await b.closed, { code: 4321, reason: 'done here' });
      const c = await open(`ws://127.0.0.1:${server.port}/own`);
      assert.deepEqual(await c.closed, { code: 4000, reason: 'custom reason' });
    } finally {
      await server.shutdown();
    }
    // The default is 1000 Normal Closure.
    const plain = await startServer(ends);
    try {
      const a = await open(`ws://127.0.0.1:${plain.port}/ends`);
      assert.deepEqual(await a.closed, { code: 1000, reason: 'Normal Closure' });
    } finally {
      await plain.shutdown();
    }
  });

  test('an app that throws or rejects closes with 1011; the server keeps serving', async () => {
    const throws = webSocketRoute(RoutePattern.GET('throws'), () => {
      throw new Error('boom');
    });
    const rejects = webSocketRoute(RoutePattern.GET('rejects'), async (socket) => {
      await socket.send('about to fail');
      throw new Error('boom');
    });
    const server = await startServer([throws, rejects, chat], (c) => c.withLogWarningOnFatalError(false));
    try {
      const a = await open(`ws://127.0.0.1:${server.port}/throws`);
      assert.equal((await a.closed).code, 1011);
      const b = await open(`ws://127.0.0.1:${server.port}/rejects`);
      assert.equal(await b.next(), 'about to fail');
      assert.equal((await b.closed).code, 1011);
      const c = await open(`ws://127.0.0.1:${server.port}/chat/x`);
      c.ws.send('still here');
      assert.equal(await c.next(), 'x: still here');
      c.ws.close();
    } finally {
      await server.shutdown();
    }
  });

  test('onMessage listeners receive messages (queued ones first); the closed promise gives the client’s code', async () => {
    const closed = deferred<{ code: number; reason: string }>();
    const route = webSocketRoute(RoutePattern.GET('listen'), (socket: ServerWebSocket) => {
      void socket.closed.then(closed.resolve);
      setTimeout(() => {
        socket.onMessage((m: WebSocketMessage) => {
          if (m.type === 'text') void socket.send(m.text.toUpperCase());
        });
      }, 50);
    });
    const server = await startServer(route);
    try {
      const c = await open(`ws://127.0.0.1:${server.port}/listen`);
      c.ws.send('early');
      assert.equal(await c.next(), 'EARLY');
      c.ws.send('late');
      assert.equal(await c.next(), 'LATE');
      c.ws.close(4001, 'client done');
      assert.deepEqual(await closed.promise, { code: 4001, reason: 'client done' });
    } finally {
      await server.shutdown();
    }
  });

  test('a WebSocket route installed on a server already serving HTTP is reachable', async () => {
    const server = await startServer(hello);
    try {
      assert.equal((await refused(`ws://127.0.0.1:${server.port}/chat/late`)).status, 404);
      await server.layer.install(Routes(chat));
      const c = await open(`ws://127.0.0.1:${server.port}/chat/late`);
      c.ws.send('now');
      assert.equal(await c.next(), 'late: now');
      c.ws.close();
      assert.equal(await (await fetch(`${server.url}/hello`)).text(), 'hi');
    } finally {
      await server.shutdown();
    }
  });

  test('messages sent while the app is not reading are queued (the socket stops reading past 256) and all arrive in order', async () => {
    const slowReader = webSocketRoute(RoutePattern.GET('slow'), async (socket) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      let n = 0;
      for await (const m of socket) {
        if (m.type !== 'text') continue;
        if (m.text !== `m${n}`) return socket.close(4000, `out of order at ${n}: ${m.text}`);
        if (++n === 1000) return socket.send(`all ${n}`);
      }
    });
    const server = await startServer(slowReader);
    try {
      const c = await open(`ws://127.0.0.1:${server.port}/slow`);
      for (let i = 0; i < 1000; i++) c.ws.send(`m${i}`);
      assert.equal(await c.next(), 'all 1000');
      assert.equal((await c.closed).code, 1000);
    } finally {
      await server.shutdown();
    }
  });

  test('graceful shutdown sends 1001 Going Away to open sockets and does not hang', async () => {
    const silent = webSocketRoute(RoutePattern.GET('silent'), () => undefined);
    const server = await startServer(silent, (c) => c.withGracefulShutdownTimeout(2000));
    const a = await open(`ws://127.0.0.1:${server.port}/silent`);
    const b = await open(`ws://127.0.0.1:${server.port}/silent`);
    const started = Date.now();
    await server.shutdown();
    assert.ok(Date.now() - started < 1500, `shutdown took ${Date.now() - started} ms`);
    assert.deepEqual(await a.closed, { code: 1001, reason: 'Going Away' });
    assert.deepEqual(await b.closed, { code: 1001, reason: 'Going Away' });
  });

  test('graceful shutdown cuts a client that never answers the close frame when the grace period ends', async () => {
    const silent = webSocketRoute(RoutePattern.GET('silent'), () => undefined);
    const server = await startServer(silent, (c) => c.withGracefulShutdownTimeout(300));
    // A raw client that completes the handshake and then ignores everything.
    const sock = netConnect(server.port, '127.0.0.1');
    await new Promise<void>((resolve) => sock.once('connect', resolve));
    sock.write(upgradeRequest('/silent'));
    await new Promise<void>((resolve) => sock.once('data', () => resolve()));
    const ended = new Promise<void>((resolve) => sock.once('close', () => resolve()));
    const started = Date.now();
    assert.notEqual(await within(server.shutdown(), 5000), 'timeout');
    assert.ok(Date.now() - started >= 250, 'waited for the grace period');
    assert.notEqual(await within(ended, 2000), 'timeout', 'the silent client was cut');
  });
});

describe('WebSocket over TLS (wss)', () => {
  let certs: TestCertificates | undefined;
  before(() => {
    if (hasTool('openssl')) certs = makeTestCertificates();
  });
  after(() => certs?.remove());

  test('wss:// echo through the TLS listener; the client verifies the certificate', async (t: TestContext) => {
    if (!certs) return t.skip('openssl not found: wss test skipped');
    const ssl = SSLConfig.fromFile(SSLConfig.HttpBehaviour.Accept, certs.serverChain, certs.serverKey);
    const server = await startServer([chat, hello], (c) => c.ssl(ssl));
    try {
      const ca = (await import('node:fs')).readFileSync(certs.caCert);
      const c = await open(`wss://localhost:${server.port}/chat/secure`, [], { ca });
      c.ws.send('over tls');
      assert.equal(await c.next(), 'secure: over tls');
      c.ws.close();
      await c.closed;
      const r = await refused(`wss://localhost:${server.port}/nowhere`, { ca });
      assert.equal(r.status, 404);
    } finally {
      await server.shutdown();
    }
  });

  test('HttpBehaviour.Redirect: a ws:// upgrade on the plain side is answered 301 to https, not accepted', async (t: TestContext) => {
    if (!certs) return t.skip('openssl not found: wss test skipped');
    const ssl = SSLConfig.fromFile(SSLConfig.HttpBehaviour.Redirect, certs.serverChain, certs.serverKey);
    const server = await startServer(chat, (c) => c.ssl(ssl));
    try {
      const answer = await rawUpgrade(server.port, '/chat/x');
      assert.match(answer, /^HTTP\/1\.1 301 /);
      assert.match(answer, new RegExp(`location: https://127\\.0\\.0\\.1/chat/x`, 'i'));
      const ca = (await import('node:fs')).readFileSync(certs.caCert);
      const c = await open(`wss://localhost:${server.port}/chat/y`, [], { ca });
      c.ws.send('secure');
      assert.equal(await c.next(), 'y: secure');
      c.ws.close();
    } finally {
      await server.shutdown();
    }
  });

  test('wss: an upgrade request inside TLS completed after handshakeTimeoutMillis is cut', async (t: TestContext) => {
    if (!certs) return t.skip('openssl not found: wss test skipped');
    const ssl = SSLConfig.fromFile(SSLConfig.HttpBehaviour.Accept, certs.serverChain, certs.serverKey);
    const server = await startServer(chat, (c) =>
      c.ssl(ssl).withWebSocketConfig({ ...WebSocketConfig.default, handshakeTimeoutMillis: 300 }),
    );
    try {
      const ca = (await import('node:fs')).readFileSync(certs.caCert);
      const sock = tlsConnect({ host: '127.0.0.1', port: server.port, servername: 'localhost', ca });
      await new Promise<void>((resolve, reject) => sock.once('secureConnect', resolve).once('error', reject));
      sock.on('error', () => undefined);
      let answer = '';
      sock.on('data', (c: Buffer) => (answer += c.toString('latin1')));
      sock.write('GET /chat/x HTTP/1.1\r\nhost: localhost\r\nupgrade: websocket\r\n');
      await new Promise((r) => setTimeout(r, 400));
      sock.write(
        'connection: Upgrade\r\nsec-websocket-version: 13\r\nsec-websocket-key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
      );
      const ended = new Promise<void>((resolve) => sock.once('close', () => resolve()));
      assert.notEqual(await within(ended, 3000), 'timeout', 'the TLS connection was cut');
      assert.equal(answer, '');
    } finally {
      await server.shutdown();
    }
  });
});

/** An upgrade request's bytes, with a fixed key. */
function upgradeRequest(path: string, protocol = 'websocket'): string {
  return `GET ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\nconnection: Upgrade\r\nupgrade: ${protocol}\r\nsec-websocket-version: 13\r\nsec-websocket-key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n`;
}

/** Writes the pieces 50 ms apart on a raw socket and returns everything the server sent before closing. */
function rawExchange(port: number, pieces: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const sock = netConnect(port, '127.0.0.1', async () => {
      for (const p of pieces) {
        sock.write(p);
        await new Promise((r) => setTimeout(r, 50));
      }
    });
    let text = '';
    sock.setEncoding('latin1');
    sock.on('data', (c: string) => (text += c));
    sock.on('close', () => resolve(text));
    sock.on('error', reject);
    sock.setTimeout(5000, () => {
      sock.destroy();
      reject(new Error(`no close after: ${text}`));
    });
  });
}

/** Sends an upgrade request on a raw socket and returns everything the server sent before closing. */
function rawUpgrade(port: number, path: string, protocol = 'websocket'): Promise<string> {
  return rawExchange(port, [upgradeRequest(path, protocol)]);
}
