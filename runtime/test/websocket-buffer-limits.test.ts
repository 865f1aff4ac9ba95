// How much a WebSocket connection may make the server hold. Outgoing: a client that does not
// read what it is sent is closed once `web-socket.max-buffered-bytes` wait for it (1008), or,
// when all connections together hold `web-socket.buffer-budget`, once it is behind at all (1013);
// the send that finds it so rejects with a WebSocketBackpressureError and what it held is
// released. Incoming: while the application does not read, the server stops reading from the
// client at the same byte limit, and loses nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  ConfigError,
  loadServerConfig,
  RoutePattern,
  ServerConfig,
  type ServerWebSocket,
  WebSocketBackpressureError,
  type WebSocketClose,
  webSocketRoute,
} from '@kitgen/runtime';
import { deferred, sleep, startServer, within } from './support/testServer.ts';
import { RawWebSocket, frame } from './support/rawWebSocket.ts';

const MiB = 1024 * 1024;
const TEXT = 1;
const BINARY = 2;

/** What a refused send rejects with, as the application sees it. */
interface Refusal {
  readonly name: string;
  readonly message: string;
  readonly closeCode: number;
  readonly queuedBytes: number;
  readonly limit: number;
}

/**
 * A route that, on the client's first message, sends fresh 64 KiB binary messages without
 * awaiting them (a broadcast-style application) until a send is refused or 256 MiB went out;
 * `refused` resolves with the first refusal and what a send after it rejected with, `closed`
 * with how the connection ended.
 */
function floodRoute(path = 'flood') {
  const refused = deferred<{ first: Refusal; later: Refusal; sent: number }>();
  const closed = deferred<WebSocketClose>();
  const route = webSocketRoute(RoutePattern.GET(path), async (socket: ServerWebSocket) => {
    void socket.closed.then(closed.resolve);
    for await (const m of socket) {
      if (m.type !== 'text') continue;
      let first: Refusal | undefined;
      let sent = 0;
      for (let i = 0; i < 4096 && socket.isOpen; i++) {
        socket.send(Buffer.alloc(64 * 1024, i & 0xff)).catch((error: Refusal) => (first ??= error));
        sent++;
      }
      await Promise.resolve();
      const later = await socket.send('after').then(
        () => undefined,
        (error: Refusal) => error,
      );
      if (first && later) refused.resolve({ first, later, sent });
    }
  });
  return { route, refused: refused.promise, closed: closed.promise };
}

/** A client that completes the handshake, asks for the flood, and reads nothing until told to. */
async function nonReader(port: number, path = '/flood'): Promise<RawWebSocket> {
  const raw = await RawWebSocket.upgraded(port, path);
  raw.socket.pause();
  raw.write(frame(TEXT, 'go'));
  return raw;
}

test('web-socket.max-buffered-bytes and web-socket.buffer-budget: defaults 1 MiB and 64 MiB, from the environment and the builder, checked', () => {
  const d = ServerConfig.default;
  assert.deepEqual([d.webSocketMaxBufferedBytes, d.webSocketBufferBudget], [MiB, 64 * MiB]);
  const c = loadServerConfig({
    LIB_HTTP_SERVER_WEB_SOCKET_MAX_BUFFERED_BYTES: '256KiB',
    LIB_HTTP_SERVER_WEB_SOCKET_BUFFER_BUDGET: '16MiB',
  });
  assert.deepEqual([c.webSocketMaxBufferedBytes, c.webSocketBufferBudget], [256 * 1024, 16 * MiB]);
  const b = d.withWebSocketBufferLimits({ perConnection: 2 * MiB });
  assert.deepEqual([b.webSocketMaxBufferedBytes, b.webSocketBufferBudget], [2 * MiB, 64 * MiB]);
  assert.throws(
    () => loadServerConfig({ LIB_HTTP_SERVER_WEB_SOCKET_MAX_BUFFERED_BYTES: '100' }),
    (error: unknown) =>
      error instanceof ConfigError &&
      error.problems.join() ===
        'LIB_HTTP_SERVER_WEB_SOCKET_MAX_BUFFERED_BYTES: expected a size from 1KiB to 2GiB, got "100"',
  );
  assert.throws(() => d.withWebSocketBufferLimits({ total: 0 }), {
    name: 'RangeError',
    message: 'Server.Config.webSocketBufferBudget: expected a whole number of bytes above zero, got 0',
  });
});

test('a client that does not read is closed with 1008 once 1 MiB waits for it; sends reject with the reason; the close frame reaches it', async () => {
  const { route, refused } = floodRoute();
  const server = await startServer(route);
  try {
    const raw = await nonReader(server.port);
    const result = await within(refused, 20_000);
    assert.notEqual(result, 'timeout', 'a send was refused');
    const { first, later, sent } = result as Exclude<typeof result, 'timeout'>;
    assert.ok(first instanceof WebSocketBackpressureError, String(first));
    assert.equal(first.name, 'WebSocketBackpressureError');
    assert.equal(first.closeCode, 1008);
    assert.equal(first.limit, MiB);
    assert.ok(first.queuedBytes >= MiB && first.queuedBytes < MiB + 64 * 1024 + 64, `queued ${first.queuedBytes}`);
    assert.match(
      first.message,
      /^The WebSocket client is not reading: \d+ bytes sent to it are still queued, the limit per connection is 1048576 \(max-buffered-bytes\); the connection was closed with 1008$/,
    );
    assert.equal(later, first, 'a later send rejects with the same reason');
    assert.ok(sent < 4096, `the application stopped after ${sent} sends`);
    // A client that catches up in time reads everything queued, then the close frame.
    raw.socket.resume();
    assert.equal(await raw.closeCode(), 1008);
    raw.socket.destroy();
  } finally {
    await server.shutdown();
  }
});

test('a client that never catches up is cut a second after the close, releasing what it held', async () => {
  const { route, refused, closed } = floodRoute();
  const server = await startServer(route);
  try {
    const raw = await nonReader(server.port);
    assert.notEqual(await within(refused, 20_000), 'timeout', 'a send was refused');
    const started = Date.now();
    // The close frame waits behind what the client does not read: no close handshake, the connection is cut.
    const end = await within(closed, 5000);
    assert.deepEqual(end, { code: 1006, reason: '' });
    assert.ok(Date.now() - started < 2500, `closed after ${Date.now() - started} ms`);
    raw.socket.resume();
    assert.notEqual(await within(raw.ended, 5000), 'timeout', 'the client sees the connection end');
  } finally {
    await server.shutdown();
  }
});

test('past the server-wide budget, a connection that is behind is closed with 1013', async () => {
  const { route, refused } = floodRoute();
  // One connection may hold 8 MiB, all of them 2 MiB: the budget trips first.
  const server = await startServer(route, (c) =>
    c.withWebSocketBufferLimits({ perConnection: 8 * MiB, total: 2 * MiB }),
  );
  try {
    const raw = await nonReader(server.port);
    const result = await within(refused, 20_000);
    assert.notEqual(result, 'timeout', 'a send was refused');
    const { first } = result as Exclude<typeof result, 'timeout'>;
    assert.equal(first.closeCode, 1013);
    assert.equal(first.limit, 2 * MiB);
    assert.ok(first.queuedBytes >= 2 * MiB, `queued ${first.queuedBytes}`);
    assert.match(first.message, /\(buffer-budget\); this connection, behind on reading, was closed with 1013$/);
    raw.socket.resume();
    assert.equal(await raw.closeCode(), 1013);
    raw.socket.destroy();
  } finally {
    await server.shutdown();
  }
});

test('what a closed connection held is given back to the server-wide budget', async () => {
  const one = floodRoute('one');
  const two = floodRoute('two');
  // 1 MiB per connection, 1.5 MiB in all: the first connection's megabyte, if it were not
  // given back when it closed, would make the second trip the budget (1013) at half a megabyte.
  const server = await startServer([one.route, two.route], (c) =>
    c.withWebSocketBufferLimits({ perConnection: MiB, total: 1.5 * MiB }),
  );
  try {
    const first = await nonReader(server.port, '/one');
    const a = await within(one.refused, 20_000);
    assert.notEqual(a, 'timeout');
    assert.equal((a as Exclude<typeof a, 'timeout'>).first.closeCode, 1008);
    assert.notEqual(await within(one.closed, 5000), 'timeout');
    first.socket.destroy();
    const second = await nonReader(server.port, '/two');
    const b = await within(two.refused, 20_000);
    assert.notEqual(b, 'timeout');
    assert.equal(
      (b as Exclude<typeof b, 'timeout'>).first.closeCode,
      1008,
      (b as Exclude<typeof b, 'timeout'>).first.message,
    );
    second.socket.destroy();
  } finally {
    await server.shutdown();
  }
});

test('a client that reads gets every message of the same flood, and its sends all resolve', async () => {
  const done = deferred<{ failed: number }>();
  const route = webSocketRoute(RoutePattern.GET('flood'), async (socket) => {
    for await (const m of socket) {
      if (m.type !== 'text') continue;
      // 32 MiB in 512 messages, each awaited as the documented way to stay within the limit.
      let failed = 0;
      for (let i = 0; i < 512; i++) await socket.send(Buffer.alloc(64 * 1024, i & 0xff)).catch(() => failed++);
      done.resolve({ failed });
    }
  });
  const server = await startServer(route, (c) => c.withWebSocketBufferLimits({ perConnection: 64 * 1024 }));
  try {
    const raw = await RawWebSocket.upgraded(server.port, '/flood');
    raw.write(frame(TEXT, 'go'));
    assert.deepEqual(await done.promise, { failed: 0 });
    await raw.until(() => raw.frames.filter((f) => f.opcode === BINARY).length === 512, 20_000);
    const binary = raw.frames.filter((f) => f.opcode === BINARY);
    assert.ok(binary.every((f, i) => f.payload.length === 64 * 1024 && f.payload[0] === (i & 0xff)));
    raw.socket.destroy();
  } finally {
    await server.shutdown();
  }
});

test('while the application does not read, incoming messages queue up to the byte limit and none is lost', async () => {
  const go = deferred();
  const received = deferred<number[]>();
  const route = webSocketRoute(RoutePattern.GET('late'), async (socket) => {
    await go.promise;
    const seen: number[] = [];
    for await (const m of socket) {
      if (m.type === 'binary')
        seen.push(new DataView(m.data.buffer, m.data.byteOffset, m.data.byteLength).getUint32(0));
      if (seen.length === 2000) break;
    }
    received.resolve(seen);
  });
  // 2000 messages of 1 KiB against a 64 KiB limit: reading from the client pauses and resumes many times.
  const server = await startServer(route, (c) => c.withWebSocketBufferLimits({ perConnection: 64 * 1024 }));
  try {
    const raw = await RawWebSocket.upgraded(server.port, '/late');
    for (let i = 0; i < 2000; i++) {
      const payload = Buffer.alloc(1024);
      payload.writeUInt32BE(i, 0);
      raw.write(frame(BINARY, payload));
    }
    // Time for the messages to arrive and pile up before the application starts reading.
    await sleep(300);
    go.resolve();
    const seen = await within(received.promise, 20_000);
    assert.deepEqual(
      seen,
      Array.from({ length: 2000 }, (_, i) => i),
    );
    raw.socket.destroy();
  } finally {
    await server.shutdown();
  }
});
