// The Avro and protobuf bodies are read straight from the bytes into plain objects (avroRead.ts,
// protoRead.ts). What the round trips and referees do not reach: corrupt indexes and numbers
// named by their JSON pointer, the forms a foreign writer may use (unpacked repeated fields,
// negative Avro block counts), absent fields, and "__proto__" map keys.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AvroCodec, DecodeError, Either, ProtobufCodec, Schema } from '@kitgen/runtime';

function refused<A>(result: Either<DecodeError, A>, pointer: string, pattern: RegExp): void {
  if (!Either.isLeft(result)) assert.fail(`expected a DecodeError, decoded ${JSON.stringify(result.right)}`);
  assert.ok(result.left instanceof DecodeError);
  assert.equal(result.left.pointer, pointer, result.left.message);
  assert.match(result.left.message, pattern);
}

const str = (s: string): number[] => [Buffer.byteLength(s) * 2, ...Buffer.from(s)];

test('Avro: a corrupt enum index, union index or map key is a DecodeError naming where', () => {
  const Color = Schema.Object({
    color: Schema.Union([Schema.Literal('red'), Schema.Literal('dark-blue')], { title: 'Color' }),
  });
  const color = AvroCodec.schemaBasedBinaryCodec(Color);
  assert.deepStrictEqual(color.decode(new Uint8Array([2])), Either.right({ color: 'dark-blue' }));
  refused(color.decode(new Uint8Array([14])), '/color', /invalid Color enum index 7/);

  const Shape = Schema.TaggedUnion(
    { Circle: Schema.Object({ r: Schema.Number() }), Dot: Schema.Object({}) },
    { title: 'Shape' },
  );
  const shapes = AvroCodec.schemaBasedBinaryCodec(Schema.Object({ shapes: Schema.Array(Shape) }));
  assert.deepStrictEqual(
    shapes.decode(new Uint8Array([4, 2, 2, 0])),
    Either.right({ shapes: [{ type: 'Dot' }, { type: 'Dot' }] }),
  );
  refused(shapes.decode(new Uint8Array([4, 2, 10, 0])), '/shapes/1', /invalid union index 5/);

  const nick = AvroCodec.schemaBasedBinaryCodec(
    Schema.Object({ nick: Schema.Optional(Schema.String()), maybe: Schema.Union([Schema.String(), Schema.Null()]) }),
  );
  assert.deepStrictEqual(nick.decode(new Uint8Array([0, 0])), Either.right({ maybe: null }));
  assert.deepStrictEqual(
    nick.decode(new Uint8Array([2, ...str('n'), 2, ...str('m')])),
    Either.right({ nick: 'n', maybe: 'm' }),
  );
  refused(nick.decode(new Uint8Array([4, 0])), '/nick', /invalid union index 2/);

  const map = AvroCodec.schemaBasedBinaryCodec(Schema.Object({ m: Schema.Record(Schema.String(), Schema.Integer()) }));
  refused(
    map.decode(new Uint8Array([2, ...str('__proto__'), 2, 0])),
    '/m/__proto__',
    /map key "__proto__" is not allowed/,
  );
});

test('Avro: long values read exactly across the int64 range, in numbers and bigints', () => {
  const codec = AvroCodec.schemaBasedBinaryCodec(Schema.Object({ big: Schema.Int64(), at: Schema.DateTime() }));
  for (const big of [0n, -1n, 2n ** 49n - 1n, -(2n ** 49n), 2n ** 53n + 1n, 2n ** 63n - 1n, -(2n ** 63n)]) {
    const value = { big, at: new Date(-8.64e15) };
    assert.deepStrictEqual(codec.decode(codec.encode(value)), Either.right(value), String(big));
  }
});

test('protobuf: repeated numbers read packed and unpacked; an absent message field is named', () => {
  const codec = ProtobufCodec.protobufCodec(Schema.Object({ xs: Schema.Array(Schema.Integer()) }));
  assert.deepStrictEqual(codec.decode(new Uint8Array([0x08, 0x01, 0x08, 0x02])), Either.right({ xs: [1, 2] }));
  assert.deepStrictEqual(codec.decode(new Uint8Array([0x0a, 0x02, 0x01, 0x02])), Either.right({ xs: [1, 2] }));
  assert.deepStrictEqual(codec.decode(new Uint8Array([])), Either.right({ xs: [] }));

  const nested = ProtobufCodec.protobufCodec(
    Schema.Object({ a: Schema.Object({ x: Schema.Integer() }, { title: 'Inner' }) }),
  );
  refused(nested.decode(new Uint8Array([])), '/a', /is missing \(expected a Inner message\)/);
  assert.deepStrictEqual(nested.decode(new Uint8Array([0x0a, 0x00])), Either.right({ a: { x: 0 } }));
});

test('protobuf: an unknown enum number is named; a "__proto__" map key stays an own key', () => {
  const codec = ProtobufCodec.protobufCodec(
    Schema.Object({
      color: Schema.Union([Schema.Literal('red'), Schema.Literal('blue')], { title: 'Color' }),
      m: Schema.Record(Schema.String(), Schema.Integer()),
    }),
  );
  refused(codec.decode(new Uint8Array([0x08, 0x09])), '/color', /unknown enum number 9/);
  refused(codec.decode(new Uint8Array([])), '/color', /enum value is unset/);
  const entry = [0x0a, 9, ...Buffer.from('__proto__'), 0x10, 0x05];
  const result = codec.decode(new Uint8Array([0x08, 0x01, 0x12, entry.length, ...entry]));
  if (!Either.isRight(result)) assert.fail(result.left.message);
  assert.equal(Object.getPrototypeOf(result.right.m), Object.prototype);
  assert.deepStrictEqual(Object.entries(result.right.m), [['__proto__', 5]]);
});
