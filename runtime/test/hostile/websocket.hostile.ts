// Hostile suite, WebSocket protocol violations (RFC 6455): each on its own connection to the
// echo route of support/hostileApp.ts must end with the close code the RFC names, and the
// server must go on echoing for a well-behaved client afterwards.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RawWebSocket, frame } from '../support/rawWebSocket.ts';
import { startHostile } from './support/hostileServer.ts';

const TEXT = 1;
const BINARY = 2;
const CONTINUATION = 0;
const CLOSE = 8;
const PING = 9;

const closePayload = (code: number, reason = '') => Buffer.concat([Buffer.from([code >> 8, code & 0xff]), Buffer.from(reason)]);

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
  ['new data frame inside a fragmented message', Buffer.concat([frame(TEXT, 'a', { fin: false }), frame(BINARY, 'b')]), 1002],
  ['fragmented control frame', frame(PING, 'p', { fin: false }), 1002],
  ['control frame payload over 125 bytes', frame(PING, Buffer.alloc(126)), 1002],
  ['invalid UTF-8 in a text frame', frame(TEXT, Buffer.from([0xc3, 0x28])), 1007],
  ['invalid UTF-8 across fragments', Buffer.concat([frame(TEXT, Buffer.from([0xe2, 0x82]), { fin: false }), frame(CONTINUATION, Buffer.from([0x28]))]), 1007],
  ['frame over max-frame-payload-length', frame(BINARY, Buffer.alloc(65537)), 1009],
  ['close frame with a one-byte payload', frame(CLOSE, Buffer.from([0x03])), 1002],
  ['close frame with a reserved code 1005', frame(CLOSE, closePayload(1005)), 1002],
  ['close frame with an out-of-range code 999', frame(CLOSE, closePayload(999)), 1002],
  ['close frame with invalid UTF-8 reason', frame(CLOSE, Buffer.concat([closePayload(1000), Buffer.from([0xff])])), 1007],
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
