// The four schema-derived binary codecs, in process: exact round trips over the edge corpus,
// streams split at every byte, truncated and corrupt input, validation of decoded values, and
// encode-time refusal of values that do not fit.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  AvroCodec,
  DecodeError,
  EncodeError,
  Either,
  MessagePackCodec,
  ProtobufCodec,
  Schema,
  ThriftCodec,
  type BinaryCodec,
} from '@kitgen/runtime';
import { chunks, collect, concat, corpus, Everything, from, type EverythingValue } from './codec-support/corpus.ts';

const codecs: readonly (readonly [string, BinaryCodec<EverythingValue>])[] = [
  ['protobuf', ProtobufCodec.protobufCodec(Everything)],
  ['Avro', AvroCodec.schemaBasedBinaryCodec(Everything)],
  ['Thrift', ThriftCodec.thriftBinaryCodec(Everything)],
  ['MsgPack', MessagePackCodec.messagePackCodec(Everything)],
];

function decoded<A>(result: Either<DecodeError, A>): A {
  if (Either.isLeft(result)) assert.fail(`expected a right, got: ${result.left.message}`);
  return result.right;
}

// A small deterministic generator, so a failing fuzz case can be replayed.
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
    return s / 2 ** 32;
  };
}

for (const [name, codec] of codecs) {
  test(`${name}: every corpus value round-trips exactly`, () => {
    for (const [label, value] of corpus) {
      const before = structuredClone(value);
      const bytes = codec.encode(value);
      assert.deepStrictEqual(value, before, `${label}: encode leaves the value alone`);
      assert.ok(bytes instanceof Uint8Array, label);
      assert.deepStrictEqual(decoded(codec.decode(bytes)), value, label);
    }
  });

  test(`${name}: a stream of the corpus round-trips, whole and split at every byte`, async () => {
    const values = corpus.map(([, v]) => v);
    const stream = concat(await collect(codec.streamEncoder(from(values))));
    for (const size of [stream.length, 1, 7, 4096]) {
      assert.deepStrictEqual(await collect(codec.streamDecoder(chunks(stream, size))), values, `chunks of ${size}`);
    }
    assert.deepStrictEqual(await collect(codec.streamDecoder(from([]))), []);
  });

  test(`${name}: a truncated stream fails with a DecodeError naming the item`, async () => {
    const values = corpus.map(([, v]) => v);
    const stream = concat(await collect(codec.streamEncoder(from(values))));
    for (const cut of [1, 5]) {
      await assert.rejects(
        collect(codec.streamDecoder(chunks(stream.subarray(0, stream.length - cut), 3))),
        (error: unknown) => {
          assert.ok(error instanceof DecodeError, String(error));
          assert.equal(error.pointer, `/${values.length - 1}`, error.message);
          assert.match(error.message, /truncated|cut off|incomplete/);
          return true;
        },
      );
    }
  });

  test(`${name}: one value cut short or followed by garbage is a DecodeError`, () => {
    const bytes = codec.encode(corpus[0][1]);
    const cut = codec.decode(bytes.subarray(0, bytes.length - 1));
    assert.ok(Either.isLeft(cut), 'cut short');
    assert.ok(cut.left instanceof DecodeError);
    const extra = codec.decode(concat([bytes, new Uint8Array([0])]));
    assert.ok(Either.isLeft(extra), 'trailing byte');
    assert.ok(extra.left instanceof DecodeError);
  });

  test(`${name}: random and mutated bytes decode to a DecodeError or a valid value, never a throw`, () => {
    const next = random(7);
    const valid = codec.encode(corpus[0][1]);
    for (let i = 0; i < 400; i++) {
      let bytes: Uint8Array;
      if (i % 2 === 0) {
        bytes = new Uint8Array(Math.floor(next() * 64)).map(() => Math.floor(next() * 256));
      } else {
        // A copy of its own: `Buffer#slice` (what `slice` is on the codecs that return a Buffer)
        // shares memory, which made every mutation land on the one valid input.
        bytes = Uint8Array.from(valid);
        for (let flips = 0; flips < 3; flips++) bytes[Math.floor(next() * bytes.length)] = Math.floor(next() * 256);
      }
      const result = codec.decode(bytes);
      if (Either.isLeft(result)) assert.ok(result.left instanceof DecodeError);
    }
  });
}

test('decoded values are validated against the schema, with a pointer to the violation', () => {
  const Strict = Schema.Object({
    name: Schema.String({ minLength: 2 }),
    age: Schema.Integer({ minimum: 0 }),
    code: Schema.String({ pattern: '^[A-Z]+$' }),
  });
  const Loose = Schema.Object({ name: Schema.String(), age: Schema.Integer(), code: Schema.String() });
  const makers = [
    (s: typeof Loose) => [ProtobufCodec.protobufCodec(s), ProtobufCodec.protobufCodec(Strict)],
    (s: typeof Loose) => [AvroCodec.schemaBasedBinaryCodec(s), AvroCodec.schemaBasedBinaryCodec(Strict)],
    (s: typeof Loose) => [ThriftCodec.thriftBinaryCodec(s), ThriftCodec.thriftBinaryCodec(Strict)],
    (s: typeof Loose) => [MessagePackCodec.messagePackCodec(s), MessagePackCodec.messagePackCodec(Strict)],
  ] as const;
  for (const make of makers) {
    const [loose, strict] = make(Loose) as unknown as [BinaryCodec<Static>, BinaryCodec<Static>];
    for (const [bad, pointer] of [
      [{ name: 'x', age: 1, code: 'AB' }, '/name'],
      [{ name: 'xy', age: -1, code: 'AB' }, '/age'],
      [{ name: 'xy', age: 1, code: 'ab' }, '/code'],
    ] as const) {
      const result = strict.decode(loose.encode(bad));
      assert.ok(Either.isLeft(result), JSON.stringify(bad));
      assert.equal(result.left.pointer, pointer);
    }
    assert.deepStrictEqual(decoded(strict.decode(loose.encode({ name: 'xy', age: 1, code: 'AB' }))), {
      name: 'xy',
      age: 1,
      code: 'AB',
    });
  }
  type Static = { name: string; age: number; code: string };
});

test('NaN and infinities pass validation where the schema says number, not where it bounds it', () => {
  const Bounded = Schema.Object({ x: Schema.Number({ minimum: 0 }) });
  const Free = Schema.Object({ x: Schema.Number() });
  const free = ProtobufCodec.protobufCodec(Free);
  const bounded = ProtobufCodec.protobufCodec(Bounded);
  for (const x of [NaN, Infinity, -Infinity]) {
    assert.ok(Object.is(decoded(free.decode(free.encode({ x }))).x, x));
    const result = bounded.decode(free.encode({ x }));
    assert.ok(Either.isLeft(result), String(x));
    assert.equal(result.left.pointer, '/x');
  }
});

test('encode refuses values that do not fit their wire type, naming where', () => {
  const value = corpus[0][1];
  const cases: readonly [string, BinaryCodec<EverythingValue>, Record<string, unknown>, string][] = [
    ['protobuf int32', codecs[0][1], { ...value, i32: 2 ** 40 }, '/i32'],
    ['protobuf int64 bigint', codecs[0][1], { ...value, i64: 2n ** 64n }, '/i64'],
    ['protobuf int64 number', codecs[0][1], { ...value, i64n: 2 ** 60 }, '/i64n'],
    ['protobuf string', codecs[0][1], { ...value, home: { street: 5 } }, '/home/street'],
    ['protobuf enum', codecs[0][1], { ...value, color: 'blue' }, '/color'],
    [
      'protobuf union tag',
      codecs[0][1],
      { ...value, shapes: [{ kind: 'Circle', radius: 1 }, { kind: 'Hexagon' }] },
      '/shapes/1/kind',
    ],
    ['protobuf missing', codecs[0][1], { ...value, text: undefined }, '/text'],
    ['protobuf null', codecs[0][1], { ...value, home: null }, '/home'],
    ['Avro int', codecs[1][1], { ...value, i32: 2 ** 40 }, '/i32'],
    ['Avro nested', codecs[1][1], { ...value, shape: { kind: 'Circle', radius: 'x' } }, '/shape/radius'],
    ['Avro tag', codecs[1][1], { ...value, shape: { kind: 'Hexagon' } }, '/shape/kind'],
    ['Thrift i32', codecs[2][1], { ...value, i32: 1.5 }, '/i32'],
    ['Thrift i64', codecs[2][1], { ...value, longs: [1n, 2] }, '/longs/1'],
    ['Thrift map', codecs[2][1], { ...value, byName: { x: { street: null } } }, '/byName/x/street'],
    ['MsgPack int64', codecs[3][1], { ...value, scores: { a: 'x' } }, '/scores/a'],
  ];
  for (const [label, codec, bad, pointer] of cases) {
    assert.throws(
      () => codec.encode(bad as EverythingValue),
      (error: unknown) => {
        assert.ok(error instanceof EncodeError, `${label}: ${String(error)}`);
        assert.equal(error.pointer, pointer, label);
        return true;
      },
    );
  }
});

test('an int64 beyond 2^53 read into a number field is a DecodeError naming the field', () => {
  const Wide = Schema.Object({ x: Schema.Int64() });
  const Narrow = Schema.Object({ x: Schema.Integer({ format: 'int64' }) });
  const pairs = [
    [ProtobufCodec.protobufCodec(Wide), ProtobufCodec.protobufCodec(Narrow)],
    [AvroCodec.schemaBasedBinaryCodec(Wide), AvroCodec.schemaBasedBinaryCodec(Narrow)],
    [ThriftCodec.thriftBinaryCodec(Wide), ThriftCodec.thriftBinaryCodec(Narrow)],
    [MessagePackCodec.messagePackCodec(Wide), MessagePackCodec.messagePackCodec(Narrow)],
  ] as const;
  for (const [wide, narrow] of pairs) {
    const bytes = (wide as BinaryCodec<{ x: bigint }>).encode({ x: 2n ** 60n });
    const result = (narrow as BinaryCodec<{ x: number }>).decode(bytes);
    assert.ok(Either.isLeft(result));
    assert.equal(result.left.pointer, '/x');
    assert.match(result.left.message, /1152921504606846976 does not fit a number exactly; use Schema\.Int64\(\)/);
    const fits = (narrow as BinaryCodec<{ x: number }>).decode(
      (wide as BinaryCodec<{ x: bigint }>).encode({ x: -(2n ** 53n) + 1n }),
    );
    assert.deepStrictEqual(fits, Either.right({ x: -(2 ** 53) + 1 }));
  }
});

test('Dates (Schema.DateTime) round-trip through every binary codec, in fields, lists, maps, nullable and optional positions', async () => {
  const Dated = Schema.Object({
    at: Schema.DateTime({ description: 'when' }),
    maybe: Schema.Union([Schema.DateTime(), Schema.Null()]),
    later: Schema.Optional(Schema.DateTime()),
    all: Schema.Array(Schema.DateTime()),
    byName: Schema.Record(Schema.String(), Schema.DateTime()),
  });
  type Dated = { at: Date; maybe: Date | null; later?: Date; all: Date[]; byName: Record<string, Date> };
  const values: Dated[] = [
    { at: new Date(Date.UTC(2024, 1, 29, 12, 0, 0, 123)), maybe: null, all: [], byName: {} },
    {
      at: new Date(0),
      maybe: new Date(-1),
      later: new Date(1),
      all: [new Date(-8.64e15), new Date(8.64e15)],
      byName: { a: new Date(Date.UTC(1900, 0, 1)) },
    },
  ];
  const dateCodecs = [
    ['protobuf', ProtobufCodec.protobufCodec(Dated)],
    ['Avro', AvroCodec.schemaBasedBinaryCodec(Dated)],
    ['Thrift', ThriftCodec.thriftBinaryCodec(Dated)],
    ['MsgPack', MessagePackCodec.messagePackCodec(Dated)],
  ] as const;
  for (const [name, codec] of dateCodecs) {
    const c = codec as unknown as BinaryCodec<Dated>;
    for (const value of values) {
      const back = decoded(c.decode(c.encode(value)));
      assert.deepStrictEqual(back, value, name);
      assert.ok(back.at instanceof Date, name);
    }
    const stream = concat(await collect(c.streamEncoder(from(values))));
    assert.deepStrictEqual(await collect(c.streamDecoder(chunks(stream, 3))), values, `${name} stream`);
    // An invalid Date has no instant to write: refused, naming the field.
    assert.throws(
      () => c.encode({ ...values[0], all: [new Date(0), new Date('x')] }),
      (error: unknown) => {
        assert.ok(error instanceof EncodeError, `${name}: ${String(error)}`);
        assert.equal(error.pointer, '/all/1', name);
        return true;
      },
    );
    assert.throws(() => c.encode({ ...values[0], at: '2024-01-01T00:00:00Z' as unknown as Date }), EncodeError, name);
  }
  // The IDLs say what the integers are.
  assert.match(ProtobufCodec.protobufCodec(Dated).idl, /int64 at = 1; \/\/ epoch milliseconds \(a Date\)/);
  assert.match(ThriftCodec.thriftBinaryCodec(Dated).idl, /1: required i64 at, \/\/ epoch milliseconds \(a Date\)/);
  assert.deepEqual(JSON.parse(AvroCodec.schemaBasedBinaryCodec(Dated).idl).fields[0].type, {
    type: 'long',
    logicalType: 'timestamp-millis',
  });
});
