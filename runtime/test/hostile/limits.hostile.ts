// Hostile suite, bounded memory per request: bodies whose cost is out of proportion to their
// size. A MsgPack body of a megabyte of 0x91 bytes is a million arrays nested one in the next;
// decoded, it took about 150 MiB and over a second. It must be refused with a 400 naming the
// depth before decoding, cheaply even 20 at once, and the server must go on serving.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { exchange } from './support/exchange.ts';
import { startHostile } from './support/hostileServer.ts';

const MiB = 1024 * 1024;

/** A POST of `body` to the MsgPack route of support/hostileApp.ts, closing after the answer. */
function postMsgpack(body: Uint8Array): Buffer {
  const head = `POST /msgpack HTTP/1.1\r\nHost: a.example\r\nContent-Type: application/msgpack\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`;
  return Buffer.concat([Buffer.from(head), body]);
}

/** `{name: 'x', children: [ [[[…]]] ]}` with arrays nested `depth` levels inside the children list. */
function nested(depth: number): Uint8Array {
  const prefix = [0x82, 0xa4, ...Buffer.from('name'), 0xa1, 0x78, 0xa8, ...Buffer.from('children'), 0x91];
  const body = new Uint8Array(prefix.length + depth + 1);
  body.set(prefix);
  body.fill(0x91, prefix.length, prefix.length + depth);
  body[prefix.length + depth] = 0xc0; // nil at the bottom
  return body;
}

const bodyOf = (text: string) => text.slice(text.indexOf('\r\n\r\n') + 4);

test('limits: MsgPack arrays nested a million deep get a 400 naming the depth, 20 at once cost little memory, and the server serves on', async () => {
  const server = await startHostile();
  try {
    // One megabyte of nesting (under the 1 MiB body limit); the route's own two levels come on top.
    const deep = nested(1_000_000);
    const t0 = performance.now();
    const one = await exchange(server.port, postMsgpack(deep), 10_000);
    const ms = performance.now() - t0;
    console.log(`# 1,000,000 levels (${deep.length} bytes) → ${one.status} in ${ms.toFixed(0)} ms`);
    assert.equal(one.status, 400, one.text.slice(0, 300));
    const answer = JSON.parse(bodyOf(one.text)) as { message: string; expected?: string };
    assert.match(answer.message, /MsgPack data: arrays and maps nest deeper than 1000 levels \(at byte \d+\)/);
    assert.equal(answer.expected, 'at most 1000 levels of nested arrays and maps');
    assert.doesNotMatch(one.text, /\n\s+at /, 'no stack trace');
    assert.ok(ms < 2000, `answered after ${ms.toFixed(0)} ms`);

    const before = server.memory();
    const answers = await Promise.all(Array.from({ length: 20 }, () => exchange(server.port, postMsgpack(deep), 30_000)));
    const after = server.memory();
    const growth = after.peak - before.rss;
    console.log(
      `# 20 at once: RSS ${(before.rss / MiB).toFixed(0)} MiB before, peak ${(after.peak / MiB).toFixed(0)} MiB, growth ${(growth / MiB).toFixed(1)} MiB`,
    );
    assert.deepEqual(
      answers.map((a) => a.status),
      Array(20).fill(400),
    );
    // The bodies themselves are 20 MB; decoded, each would have cost ~150 MiB.
    assert.ok(growth < 64 * MiB, `resident memory grew by ${(growth / MiB).toFixed(1)} MiB`);
    assert.equal(await server.calls(), 0);

    // Nesting up to the limit is still decoded: 998 levels inside children, 1000 in all.
    const ok = await exchange(server.port, postMsgpack(nested(998)));
    assert.equal(ok.status, 200, ok.text.slice(0, 300));
    assert.deepEqual(JSON.parse(bodyOf(ok.text)), { children: 1 });
    const over = await exchange(server.port, postMsgpack(nested(999)));
    assert.equal(over.status, 400, over.text.slice(0, 300));
    assert.equal(await server.calls(), 1);
    assert.equal(server.child.exitCode, null);
  } finally {
    await server.stop();
  }
});
