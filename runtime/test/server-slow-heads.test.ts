// A request head that dribbles in gets one answer, whatever routes are installed: 408 with
// `connection: close` at requestHeaderTimeout. With a WebSocket route installed the server
// used to cut such a connection silently at handshakeTimeoutMillis instead, and with both at
// their 10 s defaults which of the two a client saw was a race. A head still arriving cannot
// be known to be an upgrade; handshakeTimeoutMillis acts once the upgrade head is complete.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import {
  Duration,
  Response,
  Route,
  RoutePattern,
  ServerConfig,
  WebSocketConfig,
  webSocketRoute,
} from '@kitgen/runtime';
import { startServer, sleep } from './support/testServer.ts';
import { RawWebSocket, upgradeRequest } from './support/rawWebSocket.ts';

const hello = Route.handled(RoutePattern.GET('hello'), () => Response.text('hi'));
const echo = webSocketRoute(RoutePattern.GET('echo'), async (socket) => {
  for await (const m of socket) if (m.type === 'text') await socket.send(m.text);
});

/** Head timeout 1.5 s; the handshake timeout, where there is a WebSocket route, far shorter. */
const slowHeads = (c: ServerConfig) =>
  c
    .withRequestHeaderTimeout(Duration.millis(1500))
    .withWebSocketConfig({ ...WebSocketConfig.default, handshakeTimeoutMillis: 300 });

/**
 * Writes `parts` on a raw connection `gapMs` apart (stopping if the server closed it) and
 * resolves with everything the server sent and how long after connecting the connection closed.
 */
function exchange(port: number, parts: readonly string[], gapMs: number): Promise<{ text: string; ms: number }> {
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve({ text, ms: performance.now() - started }));
    socket.on('connect', async () => {
      for (const [i, part] of parts.entries()) {
        if (i > 0) await sleep(gapMs);
        if (socket.destroyed) return;
        socket.write(part);
      }
    });
  });
}

/** A GET head sent in pieces 200 ms apart, never finished. */
const partialGet = ['GET /hello HTTP/1.1\r\n', 'host: 127.0.0.1\r\n', 'x-a: 1\r\n', 'x-b: 2\r\n'];
/** An upgrade head sent the same way, never finished. */
const partialUpgrade = [
  'GET /echo HTTP/1.1\r\n',
  'host: 127.0.0.1\r\n',
  'connection: Upgrade\r\n',
  'upgrade: websocket\r\n',
];

describe('a request head that does not arrive in time', () => {
  for (const withWebSocket of [false, true]) {
    test(`is answered 408 at requestHeaderTimeout, not cut silently (${withWebSocket ? 'with' : 'without'} a WebSocket route)`, async () => {
      const server = await startServer(withWebSocket ? [hello, echo] : [hello], slowHeads);
      try {
        const heads = withWebSocket ? [partialGet, partialUpgrade] : [partialGet];
        for (const parts of heads) {
          const { text, ms } = await exchange(server.port, parts, 200);
          assert.match(text, /^HTTP\/1\.1 408 /, `answered: ${JSON.stringify(text)} after ${Math.round(ms)} ms`);
          assert.match(text, /\r\nconnection: close\r\n/i);
          // Node checks the deadline once a second (connectionsCheckingInterval); a loaded machine adds more.
          assert.ok(ms >= 1400, `closed after ${Math.round(ms)} ms, before the 1.5 s head timeout`);
          assert.ok(ms < 8000, `closed after ${Math.round(ms)} ms`);
        }
        // The server serves on.
        const ok = await exchange(
          server.port,
          ['GET /hello HTTP/1.1\r\nhost: 127.0.0.1\r\nconnection: close\r\n\r\n'],
          0,
        );
        assert.match(ok.text, /^HTTP\/1\.1 200 /);
      } finally {
        await server.shutdown();
      }
    });
  }

  test('a plain head that takes longer than handshakeTimeoutMillis, but less than the head timeout, is served', async () => {
    const server = await startServer([hello, echo], slowHeads);
    try {
      const { text } = await exchange(server.port, [...partialGet, 'connection: close\r\n\r\n'], 150);
      assert.match(text, /^HTTP\/1\.1 200 /, 'a 750 ms head with a 300 ms handshake timeout');
      assert.match(text, /\r\n\r\nhi$/);
    } finally {
      await server.shutdown();
    }
  });

  test('an upgrade head completed after handshakeTimeoutMillis is aborted unanswered; a quick one succeeds', async () => {
    const server = await startServer([hello, echo], slowHeads);
    try {
      const full = upgradeRequest('/echo');
      const cut = full.indexOf('sec-websocket-version');
      const late = await exchange(server.port, [full.slice(0, cut), full.slice(cut)], 600);
      assert.equal(
        late.text,
        '',
        'the handshake took longer than 300 ms from the connection start: nothing is answered',
      );
      assert.ok(late.ms < 3000, `closed after ${Math.round(late.ms)} ms`);
      const quick = await RawWebSocket.upgraded(server.port, '/echo');
      assert.match(quick.response, /^HTTP\/1\.1 101 /);
      quick.socket.destroy();
    } finally {
      await server.shutdown();
    }
  });
});
