// Hostile Avro array and map block counts: avsc alone loops and allocates until the process dies
// on a count the bytes cannot hold. Each case here is a body of a few bytes that must come back
// as a DecodeError saying which block claimed what, in single datums, streams (the container
// header's own map, a block of datums, a writer schema resolved to ours), while honest data of
// every block form — including items that take no bytes, up to the configured limit — decodes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AvroCodec, DecodeError, Either, Schema, type BinaryCodec } from '@kitgen/runtime';
import { collect, concat, from } from './codec-support/corpus.ts';

/** Avro's zig-zag varint of `n`. */
function long(n: bigint | number): number[] {
  let z = BigInt(n) >= 0n ? BigInt(n) << 1n : (-BigInt(n) << 1n) - 1n;
  const out: number[] = [];
  do {
    let b = Number(z & 0x7fn);
    z >>= 7n;
    if (z !== 0n) b |= 0x80;
    out.push(b);
  } while (z !== 0n);
  return out;
}

const str = (s: string): number[] => [...long(Buffer.byteLength(s)), ...Buffer.from(s)];
const bytes = (...parts: (number | number[])[]): Uint8Array => new Uint8Array(parts.flat());
// Below 2^32: avsc's `new Array(n)` throws at once on larger counts; this one it loops on until the heap is gone.
const HUGE = 2n ** 30n;

const Tagged = Schema.Object({
  tags: Schema.Array(Schema.String()),
  scores: Schema.Record(Schema.String(), Schema.Integer()),
});
const Marks = Schema.Object({ marks: Schema.Array(Schema.Object({})) });
const tagged = AvroCodec.schemaBasedBinaryCodec(Tagged);
const marks = AvroCodec.schemaBasedBinaryCodec(Marks);

function refused<A>(result: Either<DecodeError, A>, pattern: RegExp): void {
  if (!Either.isLeft(result)) assert.fail(`expected a DecodeError, decoded ${JSON.stringify(result.right)}`);
  assert.ok(result.left instanceof DecodeError);
  assert.match(result.left.message, pattern);
  if (/block/.test(result.left.message)) assert.match(result.left.expected ?? '', /array and map blocks fit/);
}

test('Avro: an array block claiming more items than bytes remain is a DecodeError, not a loop', () => {
  refused(
    tagged.decode(bytes(long(HUGE), str('a'), 0, 0)),
    /^invalid Avro data: the array block at byte 0 claims 1073741824 items in 4 bytes/,
  );
  // Just over what the bytes can hold: within the allowance for items that take no bytes, so it
  // is read (and found cut off); without that allowance the count alone is refused.
  refused(tagged.decode(bytes(long(5), str('a'), 0, 0)), /^invalid Avro data: the datum is cut off$/);
  const strict = AvroCodec.schemaBasedBinaryCodec(Tagged, { maxZeroByteItems: 0 });
  refused(strict.decode(bytes(long(5), str('a'), 0, 0)), /array block at byte 0 claims 5 items in 4 bytes/);
  assert.deepStrictEqual(
    strict.decode(bytes(long(4), str('a'), 0, 0, 0, 0, 0)),
    Either.right({ tags: ['a', '', '', ''], scores: {} }),
  );
  // The second block of an array is held to what is left after the first.
  refused(
    tagged.decode(bytes(long(1), str('a'), long(HUGE), 0, 0)),
    /array block at byte 3 claims 1073741824 items in 2 bytes/,
  );
  // Nested inside a record that is an item itself: the limit does not depend on depth.
  const Nested = Schema.Object({ rows: Schema.Array(Schema.Object({ cells: Schema.Array(Schema.Integer()) })) });
  refused(
    AvroCodec.schemaBasedBinaryCodec(Nested).decode(bytes(long(1), long(HUGE), 2, 0, 0)),
    /array block at byte 1 claims 1073741824 items/,
  );
});

test('Avro: a map block claiming more entries than bytes remain is a DecodeError', () => {
  refused(
    tagged.decode(bytes(0, long(HUGE), str('k'), 2, 0)),
    /^invalid Avro data: the map block at byte 1 claims 1073741824 items in 4 bytes/,
  );
});

test('Avro: a negative block count with a byte size beyond the body, or not matching its items, is a DecodeError', () => {
  refused(
    tagged.decode(bytes(long(-HUGE), long(HUGE), str('a'), 0, 0)),
    /array block at byte 0 claims 1073741824 bytes but 4 remain/,
  );
  refused(
    tagged.decode(bytes(long(-1), long(2 ** 62), str('a'), 0, 0)),
    /claims 4611686018427388000 bytes but 4 remain/,
  );
  refused(
    tagged.decode(bytes(long(-HUGE), long(2), str('a'), 0, 0)),
    /array block at byte 0 claims 1073741824 items in 2 bytes/,
  );
  refused(
    tagged.decode(bytes(long(-1), long(3), str('a'), 0, 0, 0)),
    /array block at byte 0 claims 3 bytes but its 1 items take 2/,
  );
  refused(
    tagged.decode(bytes(0, long(-1), long(9), str('k'), 2, 0)),
    /map block at byte 1 claims 9 bytes but 4 remain/,
  );
});

test('Avro: blocks of every honest form decode, negative counts with their byte size included', () => {
  const value = { tags: ['a', 'bc'], scores: { k: 1 } };
  assert.deepStrictEqual(tagged.decode(tagged.encode(value)), Either.right(value));
  const blocked = bytes(long(-1), long(2), str('a'), long(1), str('bc'), 0, long(-1), long(3), str('k'), 2, 0);
  assert.deepStrictEqual(tagged.decode(blocked), Either.right(value));
});

test('Avro: items that take no bytes are bounded per datum by maxZeroByteItems (default 100,000)', () => {
  const empties = (n: number) => Array.from({ length: n }, () => ({}));
  refused(
    marks.decode(bytes(long(HUGE), 0)),
    /array block at byte 0 claims 1073741824 items in 1 bytes; .*at most 100000 such items/,
  );
  // Many small blocks of empty records: each fits the bytes left, together they exceed the budget.
  const blocks = Array.from({ length: 5 }, () => long(30_000));
  refused(marks.decode(bytes(...blocks, 0)), /array block at byte 9 claims 30000 items in 4 bytes/);
  assert.deepStrictEqual(marks.decode(bytes(long(100_000), 0)), Either.right({ marks: empties(100_000) }));
  assert.deepStrictEqual(marks.decode(marks.encode({ marks: empties(3) })), Either.right({ marks: empties(3) }));

  const small = AvroCodec.schemaBasedBinaryCodec(Marks, { maxZeroByteItems: 10 });
  assert.deepStrictEqual(small.decode(bytes(long(10), 0)), Either.right({ marks: empties(10) }));
  refused(
    small.decode(bytes(long(6), long(5), 0)),
    /array block at byte 1 claims 5 items in 1 bytes; .*at most 10 such items/,
  );
});

/** A container with `writer`'s header and one block holding `datums` (already encoded) of `count` datums. */
async function container<A>(writer: BinaryCodec<A>, count: bigint | number, datums: number[]): Promise<Uint8Array> {
  const header = concat(await collect(writer.streamEncoder(from([]))));
  const sync = [...header.subarray(header.length - 16)];
  return bytes([...header], long(count), long(datums.length), datums, sync);
}

test('Avro streams: hostile counts in the header, in a block of datums and in a datum fail with a DecodeError', async () => {
  const header = bytes(
    [...Buffer.from('Obj\x01', 'latin1')],
    long(HUGE),
    str('avro.schema'),
    str('{}'),
    0,
    Array(16).fill(7),
  );
  await assert.rejects(collect(tagged.streamDecoder(from([header]))), (error: unknown) => {
    assert.ok(error instanceof DecodeError, String(error));
    assert.match(error.message, /map block at byte 4 claims 1073741824 items/);
    return true;
  });

  // Root records without fields take no bytes, so a block may claim many of them: up to the limit.
  const empty = AvroCodec.schemaBasedBinaryCodec(Schema.Object({}), { maxZeroByteItems: 1000 });
  await assert.rejects(collect(empty.streamDecoder(from([await container(empty, HUGE, [])]))), (error: unknown) => {
    assert.ok(error instanceof DecodeError, String(error));
    assert.match(error.message, /block 1 at byte \d+ claims 1073741824 datums in 0 bytes/);
    return true;
  });
  assert.equal((await collect(empty.streamDecoder(from([await container(empty, 1000, [])])))).length, 1000);

  await assert.rejects(
    collect(tagged.streamDecoder(from([await container(tagged, 1, [...long(HUGE), ...str('a'), 0, 0])]))),
    (error: unknown) => {
      assert.ok(error instanceof DecodeError, String(error));
      assert.equal(error.pointer, '/0');
      assert.match(error.message, /array block at byte 0 claims 1073741824 items/);
      return true;
    },
  );
});

test('Avro streams: a writer schema resolved to ours is bounded too, in the fields read and in those skipped', async () => {
  // The writer has a field the reader lacks: avsc skips it with the writer type's own `_skip`.
  const Writer = Schema.Object({
    tags: Schema.Array(Schema.String()),
    extra: Schema.Array(Schema.String()),
    scores: Schema.Record(Schema.String(), Schema.Integer()),
  });
  const writer = AvroCodec.schemaBasedBinaryCodec(Writer);
  const honest = await container(writer, 1, [...writer.encode({ tags: ['a'], extra: ['x', 'y'], scores: {} })]);
  assert.deepStrictEqual(await collect(tagged.streamDecoder(from([honest]))), [{ tags: ['a'], scores: {} }]);
  for (const [datum, pattern] of [
    [[...long(HUGE), ...str('a'), 0, 0, 0], /array block at byte 0 claims 1073741824 items/],
    [[0, ...long(HUGE), ...str('x'), 0, 0], /array block at byte 1 claims 1073741824 items/],
    [[0, ...long(-1), ...long(HUGE), ...str('x'), 0, 0], /array block at byte 1 claims 1073741824 bytes/],
    [[0, 0, ...long(HUGE), ...str('k'), 2, 0], /map block at byte 2 claims 1073741824 items/],
  ] as const) {
    await assert.rejects(
      collect(tagged.streamDecoder(from([await container(writer, 1, [...datum])]))),
      (error: unknown) => {
        assert.ok(error instanceof DecodeError, String(error));
        assert.match(error.message, pattern);
        return true;
      },
    );
  }
});
