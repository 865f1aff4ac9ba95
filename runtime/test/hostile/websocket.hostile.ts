// Hostile suite, WebSocket protocol violations (RFC 6455): each on its own connection to the
// echo route of support/hostileApp.ts must end with the close code the RFC names, and the
// server must go on echoing for a well-behaved client afterwards. Then clients that never read:
// the memory they make the server hold is bounded, and those a feed keeps sending to are closed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RawWebSocket, frame } from '../support/rawWebSocket.ts';
import { startHostile } from './support/hostileServer.ts';
import { helloLatency } from './support/health.ts';
import { percentile } from './support/tools.ts';

const TEXT = 1;
const BINARY = 2;
const CONTINUATION = 0;
const CLOSE = 8;
const PING = 9;

const closePayload = (code: number, reason = '') =>
  Buffer.concat([Buffer.from([code >> 8, code & 0xff]), Buffer.from(reason)]);

/** Violation, the bytes sent after the handshake, the close code expected. */
const violations: ReadonlyArray<readonly [string, Buffer, number]> = [
  ['unmasked client frame', frame(TEXT, 'hi', { mask: false }), 1002],
  ['RSV1 set without an extension', frame(TEXT, 'hi', { rsv1: true }), 1002],
  [
    'RSV2 and RSV3 set',
    (() => {
      const f = frame(TEXT, 'hi');
      f[0] |= 0x30;
      return f;
    })(),
    1002,
  ],
  ['reserved data opcode 3', frame(3, 'x'), 1002],
  ['reserved control opcode 11', frame(11, 'x'), 1002],
  ['continuation with nothing to continue', frame(CONTINUATION, 'x'), 1002],
  [
    'new data frame inside a fragmented message',
    Buffer.concat([frame(TEXT, 'a', { fin: false }), frame(BINARY, 'b')]),
    1002,
  ],
  ['fragmented control frame', frame(PING, 'p', { fin: false }), 1002],
  ['control frame payload over 125 bytes', frame(PING, Buffer.alloc(126)), 1002],
  ['invalid UTF-8 in a text frame', frame(TEXT, Buffer.from([0xc3, 0x28])), 1007],
  [
    'invalid UTF-8 across fragments',
    Buffer.concat([frame(TEXT, Buffer.from([0xe2, 0x82]), { fin: false }), frame(CONTINUATION, Buffer.from([0x28]))]),
    1007,
  ],
  ['frame over max-frame-payload-length', frame(BINARY, Buffer.alloc(65537)), 1009],
  ['close frame with a one-byte payload', frame(CLOSE, Buffer.from([0x03])), 1002],
  ['close frame with a reserved code 1005', frame(CLOSE, closePayload(1005)), 1002],
  ['close frame with an out-of-range code 999', frame(CLOSE, closePayload(999)), 1002],
  [
    'close frame with invalid UTF-8 reason',
    frame(CLOSE, Buffer.concat([closePayload(1000), Buffer.from([0xff])])),
    1007,
  ],
];

test(`websocket: ${violations.length} protocol violations get the close code RFC 6455 names, and the server keeps echoing`, async () => {
  const server = await startHostile();
  try {
    const wrong: string[] = [];
    for (const [name, bytes, code] of violations) {
      const raw = await RawWebSocket.upgraded(server.port, '/ws');
      raw.write(bytes);
      const got = await raw.closeCode();
      if (got !== code) wrong.push(`${name}: expected ${code}, got ${got}`);
      raw.socket.destroy();
    }
    assert.deepEqual(wrong, []);
    const good = await RawWebSocket.upgraded(server.port, '/ws');
    good.write(frame(TEXT, 'still here'));
    assert.equal((await good.nextData()).payload.toString(), 'still here');
    good.socket.destroy();
  } finally {
    await server.stop();
  }
});

const MiB = 1024 * 1024;

test('websocket: 20 clients that never read, on a feed and on the echo route, cost bounded memory; the feed closes them; /hello stays under 100 ms', async () => {
  const server = await startHostile();
  try {
    // Warm up the paths the attack takes: a reading client on the feed and on the echo route.
    const warm = await RawWebSocket.upgraded(server.port, '/ws/feed');
    warm.write(frame(TEXT, '64'));
    await warm.until(() => warm.frames.length >= 64, 10_000);
    warm.socket.destroy();
    const before = server.memory();

    // Each feed client asks for 512 × 64 KiB (32 MiB) and reads none of it.
    const feeds = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const raw = await RawWebSocket.upgraded(server.port, '/ws/feed');
        raw.socket.pause();
        raw.write(frame(TEXT, '512'));
        return raw;
      }),
    );
    // Each echo client sends 64 × 64 KiB (4 MiB) to be echoed and reads none of the echoes
    // (one frame, masked once: masking byte by byte here would take seconds).
    const big = frame(BINARY, Buffer.alloc(64 * 1024, 7));
    const echoes = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const raw = await RawWebSocket.upgraded(server.port, '/ws');
        raw.socket.pause();
        for (let i = 0; i < 64; i++) raw.write(big);
        return raw;
      }),
    );
    // The feed's own sending (a burst of 64 KiB messages to each client) settles within a second;
    // then the server holds the non-readers while a legitimate client asks for /hello.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const latencies: number[] = [];
    for (let i = 0; i < 30; i++) {
      latencies.push(await helloLatency(server.port, 5000));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const during = server.memory();
    const growth = during.peak - before.rss;
    const slowest = Math.max(...latencies);
    console.log(
      `# 40 non-readers: RSS ${(before.rss / MiB).toFixed(0)} MiB before, peak ${(during.peak / MiB).toFixed(0)} MiB (growth ${(growth / MiB).toFixed(1)} MiB), ` +
        `${(during.rss / MiB).toFixed(0)} MiB after 4 s; /hello p50 ${percentile(latencies, 50).toFixed(1)} ms, max ${slowest.toFixed(1)} ms`,
    );
    // Each connection may hold 1 MiB queued each way; 40 of them, with the runtime's own buffers.
    assert.ok(growth < 100 * MiB, `resident memory grew by ${(growth / MiB).toFixed(1)} MiB`);
    assert.ok(slowest < 100, `/hello took up to ${slowest.toFixed(1)} ms`);

    // The feed closed its non-readers: reading now drains what the kernel held, then the end.
    const ended = await Promise.all(
      feeds.map(async (raw) => {
        raw.socket.resume();
        return Promise.race([
          raw.ended.then(() => true),
          new Promise<boolean>((resolve) => setTimeout(resolve, 10_000, false)),
        ]);
      }),
    );
    assert.deepEqual(ended, Array(20).fill(true), 'every feed client was disconnected');
    for (const raw of echoes) raw.socket.destroy();

    const good = await RawWebSocket.upgraded(server.port, '/ws');
    good.write(frame(TEXT, 'still here'));
    assert.equal((await good.nextData()).payload.toString(), 'still here');
    good.socket.destroy();
    assert.equal(server.child.exitCode, null);
  } finally {
    await server.stop();
  }
});
