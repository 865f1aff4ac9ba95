// Hostile suite, codec bodies: an Avro body of a few bytes whose array or map block claims a
// billion items. avsc alone loops and allocates until the process dies; the server must answer
// 400 at once, naming the block, and go on serving — also with 20 such bodies at once.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AvroCodec, Schema } from '@kitgen/runtime';
import { exchange } from './support/exchange.ts';
import { startHostile } from './support/hostileServer.ts';

const MiB = 1024 * 1024;
// The schema of the app's POST /avro (support/hostileApp.ts).
const Tagged = Schema.Object({
  name: Schema.String(),
  tags: Schema.Array(Schema.String()),
  scores: Schema.Record(Schema.String(), Schema.Integer()),
  marks: Schema.Array(Schema.Object({})),
});
const codec = AvroCodec.schemaBasedBinaryCodec(Tagged);

function long(n: number): number[] {
  let z = BigInt(n) >= 0n ? BigInt(n) << 1n : (-BigInt(n) << 1n) - 1n;
  const out: number[] = [];
  do {
    out.push(Number(z & 0x7fn) | (z >= 0x80n ? 0x80 : 0));
    z >>= 7n;
  } while (z !== 0n);
  return out;
}
const str = (s: string): number[] => [...long(s.length), ...Buffer.from(s)];
// 2^30: below avsc's `new Array` limit, so avsc alone would try to read that many items.
const HUGE = 2 ** 30;

const hostile: Record<string, { body: number[]; says: RegExp }> = {
  'a list claiming 2^30 items': {
    body: [...str('x'), ...long(HUGE), ...str('a'), 0, 0, 0],
    says: /array block at byte 2 claims 1073741824 items/,
  },
  'a map claiming 2^30 entries': {
    body: [...str('x'), 0, ...long(HUGE), ...str('k'), 2, 0, 0],
    says: /map block at byte 3 claims 1073741824 items/,
  },
  'a negative count with a 2^30-byte size': {
    body: [...str('x'), ...long(-HUGE), ...long(HUGE), ...str('a'), 0, 0, 0],
    says: /claims 1073741824 bytes/,
  },
  'blocks of 60,000 items that take no bytes': {
    body: [...str('x'), 0, 0, ...long(60_000), ...long(60_000), 0],
    says: /array block at byte 7 claims 60000 items in 1 bytes/,
  },
};

function post(body: Uint8Array | number[]): Buffer {
  const bytes = Buffer.from(body);
  const head = `POST /avro HTTP/1.1\r\nHost: a.example\r\nContent-Type: application/avro\r\nContent-Length: ${bytes.length}\r\nConnection: close\r\n\r\n`;
  return Buffer.concat([Buffer.from(head), bytes]);
}

test('codecs: hostile Avro block counts get a 400 naming the block at once, and the server serves on', async () => {
  const server = await startHostile();
  try {
    for (const [label, { body, says }] of Object.entries(hostile)) {
      const t0 = performance.now();
      const r = await exchange(server.port, post(body), 10_000);
      const ms = performance.now() - t0;
      console.log(`# ${label}: ${body.length} bytes → ${r.status} in ${ms.toFixed(0)} ms`);
      assert.equal(r.status, 400, `${label}: ${r.text.slice(0, 300)}`);
      assert.match(r.text, says, label);
      assert.doesNotMatch(r.text, /\n\s+at /, `${label}: no stack trace`);
      assert.ok(ms < 2000, `${label}: answered after ${ms.toFixed(0)} ms`);
    }
    const before = server.memory();
    const bodies = Object.values(hostile).map((h) => h.body);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => exchange(server.port, post(bodies[i % bodies.length]), 30_000)),
    );
    const after = server.memory();
    console.log(
      `# 20 at once: RSS ${(before.rss / MiB).toFixed(0)} MiB before, peak ${(after.peak / MiB).toFixed(0)} MiB`,
    );
    assert.deepEqual(
      answers.map((a) => a.status),
      Array(20).fill(400),
    );
    assert.ok(
      after.peak - before.rss < 100 * 1000 * 1000,
      `resident memory grew by ${((after.peak - before.rss) / MiB).toFixed(1)} MiB`,
    );
    assert.equal(await server.calls(), 0);

    const ok = await exchange(
      server.port,
      post(codec.encode({ name: 'x', tags: ['a', 'b'], scores: { k: 1 }, marks: [{}, {}, {}] })),
    );
    assert.equal(ok.status, 200, ok.text.slice(0, 300));
    assert.deepEqual(JSON.parse(ok.text.slice(ok.text.indexOf('\r\n\r\n') + 4)), { tags: 2, marks: 3 });
    assert.equal(await server.calls(), 1);
    assert.equal(server.child.exitCode, null);
  } finally {
    await server.stop();
  }
});
