// How schemas map onto each binary format: IDL shape, field numbering and its annotation,
// build-time errors naming the schema path, non-record roots, recursion, schema evolution and
// each format's own edge rules.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  AvroCodec,
  CodecSchemaError,
  DecodeError,
  Either,
  MessagePackCodec,
  ProtobufCodec,
  Schema,
  ThriftCodec,
  type BinaryCodec,
  type TSchema,
} from '@kitgen/runtime';
import { createRequire } from 'node:module';
import type * as Protobuf from 'protobufjs';
import { collect, concat, corpus, Everything, from } from './codec-support/corpus.ts';

type Maker = (schema: TSchema) => BinaryCodec<unknown>;
const makers: Record<string, Maker> = {
  protobuf: (s) => ProtobufCodec.protobufCodec(s),
  Avro: (s) => AvroCodec.schemaBasedBinaryCodec(s),
  Thrift: (s) => ThriftCodec.thriftBinaryCodec(s),
  MsgPack: (s) => MessagePackCodec.messagePackCodec(s),
};

function right<A>(result: Either<DecodeError, A>): A {
  if (Either.isLeft(result)) assert.fail(result.left.message);
  return result.right;
}

function roundTrips(codec: BinaryCodec<unknown>, value: unknown, label: string): void {
  assert.deepStrictEqual(right(codec.decode(codec.encode(value))), value, label);
}

test('the .proto numbers fields in declaration order, prefixes enums and maps unions to oneof', () => {
  const idl = ProtobufCodec.protobufCodec(Everything, { package: 'kitgen.test' }).idl;
  assert.match(idl, /^syntax = "proto3";$/m);
  assert.match(idl, /^package kitgen\.test;$/m);
  assert.match(
    idl,
    /\/\/ One field of every kind\nmessage Everything \{\n  int32 i32 = 1;\n  int64 i64 = 2;\n  int64 i64n = 3;\n  float f32 = 4;\n  double f64 = 5;\n  bool flag = 6;\n  string text = 7;\n  bytes blob = 8;\n  Color color = 9;\n  optional Color maybeColor = 10;\n  optional string nick = 11;\n  optional int32 count = 12;\n  optional string note = 13;\n  repeated string tags = 14;\n  repeated int64 longs = 15;\n  repeated EverythingMatrixItem matrix = 16;\n  map<string, int64> scores = 17;\n  map<string, Address> byName = 18;\n  Address home = 19;\n  Address work = 20;\n  Shape shape = 21;\n  repeated Shape shapes = 22;\n  Shape maybeShape = 23;\n  Tree tree = 24;\n\}/,
  );
  assert.match(
    idl,
    /enum Color \{\n  COLOR_UNSPECIFIED = 0;\n  COLOR_RED = 1; \/\/ "red"\n  COLOR_GREEN = 2; \/\/ "green"\n  COLOR_DARK_BLUE = 3; \/\/ "dark-blue"\n\}/,
  );
  assert.match(
    idl,
    /message Shape \{\n  oneof kind \{\n    Circle circle = 1;\n    Rect rect = 2;\n    Empty empty = 3;\n  \}\n\}/,
  );
  assert.match(idl, /message EverythingMatrixItem \{\n  repeated double items = 1;\n\}/);
  assert.match(idl, /message Tree \{\n  string label = 1;\n  repeated Tree children = 2;\n\}/);
  assert.match(idl, /  \/\/ Street and number\n  string street = 1;/);
});

test('the Avro schema and the .thrift file follow the same mapping', () => {
  const avro = AvroCodec.schemaBasedBinaryCodec(Everything, { namespace: 'kitgen.test' });
  const schema = avro.avroSchema as {
    name: string;
    namespace: string;
    fields: { name: string; type: unknown; default?: unknown }[];
  };
  assert.equal(schema.name, 'Everything');
  assert.equal(schema.namespace, 'kitgen.test');
  const field = (name: string) => schema.fields.find((f) => f.name === name)!;
  assert.deepStrictEqual(field('nick'), { name: 'nick', type: ['null', 'string'], default: null });
  assert.deepStrictEqual(field('note'), { name: 'note', type: ['null', 'string'] });
  assert.deepStrictEqual(field('maybeShape').type, [
    'null',
    'kitgen.test.Circle',
    'kitgen.test.Rect',
    'kitgen.test.Empty',
  ]);
  assert.deepStrictEqual((field('color').type as { symbols: string[] }).symbols, ['red', 'green', 'dark_blue']);
  assert.deepStrictEqual(JSON.parse(avro.idl), avro.avroSchema);

  const thrift = ThriftCodec.thriftBinaryCodec(Everything).idl;
  assert.match(
    thrift,
    /enum Color \{\n  RED = 1, \/\/ "red"\n  GREEN = 2, \/\/ "green"\n  DARK_BLUE = 3, \/\/ "dark-blue"\n\}/,
  );
  assert.match(thrift, /union Shape \{\n  1: Circle circle,\n  2: Rect rect,\n  3: Empty empty,\n\}/);
  // Field names the Thrift compiler reserves get a trailing underscore; ids are what travel.
  assert.match(
    thrift,
    /  1: required i32 i32_, \/\/ "i32"\n  2: required i64 i64_, \/\/ "i64"\n  3: required i64 i64n,/,
  );
  assert.match(thrift, /  4: required double f32,/);
  assert.match(thrift, /  11: optional string nick,/);
  assert.match(thrift, /  16: required list<list<double>> matrix,/);
  assert.match(thrift, /  18: required map<string, Address> byName,/);
});

test('x-kitgen-field pins field numbers and oneof/union members; clashes and bad numbers are build errors', () => {
  const Pinned = Schema.Object({ a: Schema.String({ 'x-kitgen-field': 7 }), b: Schema.Integer() });
  assert.match(ProtobufCodec.protobufCodec(Pinned).idl, /string a = 7;\n  int32 b = 2;/);
  assert.match(ThriftCodec.thriftBinaryCodec(Pinned).idl, /7: required string a,\n  2: required i32 b,/);
  const Cases = Schema.TaggedUnion({ A: Schema.Object({}, { 'x-kitgen-field': 10 }), B: Schema.Object({}) });
  assert.match(ProtobufCodec.protobufCodec(Cases).idl, /A a = 10;\n    B b = 2;/);
  assert.match(ThriftCodec.thriftBinaryCodec(Cases).idl, /10: A a,\n  2: B b,/);
  roundTrips(ProtobufCodec.protobufCodec(Cases), { type: 'A' }, 'pinned case');

  const Clash = Schema.Object({ a: Schema.String(), b: Schema.Integer({ 'x-kitgen-field': 1 }) });
  for (const [name, make] of Object.entries(makers).filter(([n]) => n !== 'MsgPack')) {
    assert.throws(
      () => make(Clash),
      (e: unknown) =>
        e instanceof CodecSchemaError &&
        e.schemaPath === '#/properties/b' &&
        /"a" and "b" both have number 1/.test(e.message),
      name,
    );
  }
  const Zero = Schema.Object({ a: Schema.String({ 'x-kitgen-field': 0 }) });
  assert.throws(() => ProtobufCodec.protobufCodec(Zero), /x-kitgen-field must be a positive integer/);
  assert.throws(
    () => ProtobufCodec.protobufCodec(Schema.Object({ a: Schema.String({ 'x-kitgen-field': 19500 }) })),
    /field number 19500 is not allowed/,
  );
  assert.throws(
    () => ThriftCodec.thriftBinaryCodec(Schema.Object({ a: Schema.String({ 'x-kitgen-field': 40000 }) })),
    /16-bit field ids/,
  );
});

test('what a format cannot express fails when the codec is built, naming the schema path', () => {
  const cases: readonly [string, TSchema, string, readonly string[]][] = [
    [
      'optional and nullable',
      Schema.Object({ x: Schema.Optional(Schema.Union([Schema.String(), Schema.Null()])) }),
      '#/properties/x',
      ['protobuf', 'Avro', 'Thrift'],
    ],
    [
      'null in a list',
      Schema.Object({ x: Schema.Array(Schema.Union([Schema.String(), Schema.Null()])) }),
      '#/properties/x/items',
      ['protobuf', 'Thrift'],
    ],
    [
      'null in a map',
      Schema.Object({ x: Schema.Record(Schema.String(), Schema.Union([Schema.Integer(), Schema.Null()])) }),
      '#/properties/x/patternProperties/^.*$',
      ['protobuf', 'Thrift'],
    ],
    [
      'untagged union',
      Schema.Object({ x: Schema.Union([Schema.String(), Schema.Number()]) }),
      '#/properties/x',
      ['protobuf', 'Avro', 'Thrift'],
    ],
    ['unknown', Schema.Object({ x: Schema.Unknown() }), '#/properties/x', ['protobuf', 'Avro', 'Thrift']],
    [
      'tuple',
      Schema.Object({ x: Schema.Tuple([Schema.String(), Schema.Integer()]) }),
      '#/properties/x',
      ['protobuf', 'Avro', 'Thrift'],
    ],
    [
      'intersection',
      Schema.Object({
        x: Schema.Intersect([Schema.Object({ a: Schema.String() }), Schema.Object({ b: Schema.String() })]),
      }),
      '#/properties/x',
      ['protobuf', 'Avro', 'Thrift'],
    ],
    [
      'fixed and map properties',
      Schema.Object({ x: Schema.Object({ a: Schema.String() }, { additionalProperties: Schema.Integer() }) }),
      '#/properties/x',
      ['protobuf', 'Avro', 'Thrift'],
    ],
  ];
  for (const [label, schema, path, failing] of cases) {
    for (const [name, make] of Object.entries(makers)) {
      if (failing.includes(name)) {
        assert.throws(
          () => make(schema),
          (e: unknown) => {
            assert.ok(e instanceof CodecSchemaError, `${name} ${label}: ${String(e)}`);
            assert.equal(e.schemaPath, path, `${name} ${label}`);
            assert.ok(e.message.includes(`at schema path ${path}`), e.message);
            return true;
          },
        );
      } else {
        make(schema); // builds: the format can say it
      }
    }
  }
});

test('MsgPack carries what it can describe itself: untagged unions, unknown values, null in lists', () => {
  const Loose = Schema.Object({
    either: Schema.Union([Schema.String(), Schema.Number()]),
    anything: Schema.Unknown(),
    holes: Schema.Array(Schema.Union([Schema.String(), Schema.Null()])),
    both: Schema.Optional(Schema.Union([Schema.String(), Schema.Null()])),
  });
  const codec = MessagePackCodec.messagePackCodec(Loose);
  roundTrips(codec, { either: 1.5, anything: { deep: [1, 'x', null, true] }, holes: ['a', null], both: null }, 'loose');
  roundTrips(codec, { either: 'x', anything: null, holes: [] }, 'loose, absent');
  const bad = codec.decode(codec.encode({ either: true, anything: 1, holes: [] } as never));
  assert.ok(Either.isLeft(bad));
  assert.equal(bad.left.pointer, '/either');
});

test('a root that is not a record travels in a wrapper (protobuf, Thrift) or as itself (Avro, MsgPack)', () => {
  const roots: readonly [string, TSchema, unknown[]][] = [
    ['list', Schema.Array(Schema.String()), [['a', ''], []]],
    ['int64', Schema.Int64(), [-(2n ** 63n), 0n]],
    ['nullable string', Schema.Union([Schema.String(), Schema.Null()]), ['x', '', null]],
    ['nullable list', Schema.Union([Schema.Array(Schema.Integer()), Schema.Null()]), [[1], [], null]],
    ['map', Schema.Record(Schema.String(), Schema.Array(Schema.Integer())), [{ a: [1, 2], b: [] }, {}]],
    [
      'tagged union',
      Schema.TaggedUnion({ On: Schema.Object({ at: Schema.Int64() }), Off: Schema.Object({}) }),
      [{ type: 'On', at: 5n }, { type: 'Off' }],
    ],
    ['enum', Schema.Enum(['a', 'b']), ['a', 'b']],
  ];
  for (const [label, schema, values] of roots) {
    for (const [name, make] of Object.entries(makers)) {
      const codec = make(schema);
      for (const value of values) roundTrips(codec, value, `${name} ${label} ${String(value)}`);
    }
  }
  assert.match(
    ProtobufCodec.protobufCodec(Schema.Array(Schema.String()), { name: 'Names' }).idl,
    /message Names \{\n  repeated string items = 1;\n\}/,
  );
  assert.match(
    ThriftCodec.thriftBinaryCodec(Schema.Int64(), { name: 'Id' }).idl,
    /struct Id \{\n  1: required i64 value,\n\}/,
  );
  assert.equal(ProtobufCodec.protobufCodec(Schema.Int64(), { name: 'Id' }).messageName, 'Id');
});

test('tagged unions of one case, nullable, in lists and as map values round-trip in every format', () => {
  const Solo = Schema.TaggedUnion({ Only: Schema.Object({ n: Schema.Integer() }) }, { tag: 'kind' });
  const Pet = Schema.TaggedUnion({
    Cat: Schema.Object({ lives: Schema.Integer() }),
    Dog: Schema.Object({ good: Schema.Boolean() }),
  });
  const Holder = Schema.Object({
    solo: Solo,
    maybeSolo: Schema.Union([Solo, Schema.Null()]),
    maybePet: Schema.Union([Pet, Schema.Null()]),
    pets: Schema.Array(Pet),
    byName: Schema.Record(Schema.String(), Pet),
  });
  const values = [
    {
      solo: { kind: 'Only', n: 1 },
      maybeSolo: { kind: 'Only', n: 2 },
      maybePet: { type: 'Dog', good: true },
      pets: [{ type: 'Cat', lives: 9 }],
      byName: { rex: { type: 'Dog', good: false } },
    },
    { solo: { kind: 'Only', n: 0 }, maybeSolo: null, maybePet: null, pets: [], byName: {} },
  ];
  for (const [name, make] of Object.entries(makers)) {
    const codec = make(Holder);
    for (const value of values) roundTrips(codec, value, name);
  }
});

test('mutually recursive records round-trip in every format', () => {
  const Org = Schema.Cyclic(
    {
      Team: Schema.Object({
        name: Schema.String(),
        lead: Schema.Union([Schema.Ref('Person'), Schema.Null()]),
        sub: Schema.Array(Schema.Ref('Team')),
      }),
      Person: Schema.Object({ name: Schema.String(), teams: Schema.Array(Schema.Ref('Team')) }),
    },
    'Team',
  );
  const value = {
    name: 'core',
    lead: { name: 'ada', teams: [{ name: 'inner', lead: null, sub: [] }] },
    sub: [{ name: 'x', lead: null, sub: [] }],
  };
  for (const [name, make] of Object.entries(makers)) roundTrips(make(Org), value, name);
});

test('protobuf: proto3 semantics for absent fields, unknown fields and enum zero', () => {
  const V1 = Schema.Object({
    id: Schema.Integer(),
    tags: Schema.Optional(Schema.Array(Schema.String())),
    home: Schema.Object({ city: Schema.String() }),
  });
  const V2 = Schema.Object({
    id: Schema.Integer(),
    tags: Schema.Optional(Schema.Array(Schema.String())),
    home: Schema.Object({ city: Schema.String() }),
    extra: Schema.String(),
  });
  const v1 = ProtobufCodec.protobufCodec(V1);
  const v2 = ProtobufCodec.protobufCodec(V2);
  // An optional list has no presence on the protobuf wire: empty reads back as absent.
  assert.deepStrictEqual(right(v1.decode(v1.encode({ id: 1, tags: [], home: { city: '' } }))), {
    id: 1,
    home: { city: '' },
  });
  // Fields a newer peer added are skipped.
  assert.deepStrictEqual(right(v1.decode(v2.encode({ id: 2, tags: ['t'], home: { city: 'c' }, extra: 'new' }))), {
    id: 2,
    tags: ['t'],
    home: { city: 'c' },
  });
  // A required message that is absent is an error at its path.
  const missing = v1.decode(new Uint8Array([0x08, 0x05]));
  assert.ok(Either.isLeft(missing));
  assert.equal(missing.left.pointer, '/home');
  const Colors = Schema.Object({ c: Schema.Enum(['red', 'blue']) });
  const unset = ProtobufCodec.protobufCodec(Colors).decode(new Uint8Array([]));
  assert.ok(Either.isLeft(unset));
  assert.match(unset.left.message, /\/c: enum value is unset \(0\)/);
});

test('protobuf streams use the delimited framing protobufjs (and writeDelimitedTo) reads and writes', async () => {
  const pb = createRequire(import.meta.url)('protobufjs') as typeof Protobuf;
  const codec = ProtobufCodec.protobufCodec(Everything);
  const type = pb.parse(codec.idl, { keepCase: true }).root.lookupType(codec.messageName);
  const values = corpus.map(([, v]) => v);
  const stream = concat(await collect(codec.streamEncoder(from(values))));
  const reader = pb.Reader.create(stream);
  const messages: Protobuf.Message[] = [];
  while (reader.pos < reader.len) messages.push(type.decodeDelimited(reader));
  assert.equal(messages.length, values.length);
  const theirs = concat(messages.map((m) => type.encodeDelimited(m).finish()));
  assert.deepStrictEqual(await collect(codec.streamDecoder(from([theirs]))), values);
});

test('Thrift: unknown field ids are skipped, missing required fields and doubly-set unions are errors', () => {
  const V1 = Schema.Object({ id: Schema.Integer(), name: Schema.String() });
  const V2 = Schema.Object({ id: Schema.Integer(), name: Schema.String(), extra: Schema.Array(Schema.Int64()) });
  const v1 = ThriftCodec.thriftBinaryCodec(V1);
  assert.deepStrictEqual(
    right(v1.decode(ThriftCodec.thriftBinaryCodec(V2).encode({ id: 1, name: 'n', extra: [1n] }))),
    { id: 1, name: 'n' },
  );
  const onlyId = ThriftCodec.thriftBinaryCodec(Schema.Object({ id: Schema.Integer() })).encode({ id: 1 });
  const missing = v1.decode(onlyId);
  assert.ok(Either.isLeft(missing));
  assert.equal(missing.left.pointer, '/name');
  // union { 1: A a, 2: B b } with both fields written: field 1 (empty struct) and field 2 (empty struct).
  const U = ThriftCodec.thriftBinaryCodec(Schema.TaggedUnion({ A: Schema.Object({}), B: Schema.Object({}) }));
  const both = U.decode(new Uint8Array([0x0c, 0, 1, 0, 0x0c, 0, 2, 0, 0]));
  assert.ok(Either.isLeft(both));
  assert.match(both.left.message, /more than one case/);
});

test('Avro: a container written with an older or newer schema is resolved; an incompatible one is refused', async () => {
  const V1 = Schema.Object({ id: Schema.Integer() }, { title: 'Rec' });
  const V2 = Schema.Object({ id: Schema.Integer(), note: Schema.Optional(Schema.String()) }, { title: 'Rec' });
  const v1 = AvroCodec.schemaBasedBinaryCodec(V1);
  const v2 = AvroCodec.schemaBasedBinaryCodec(V2);
  const newer = concat(await collect(v2.streamEncoder(from([{ id: 1, note: 'x' }, { id: 2 }]))));
  assert.deepStrictEqual(await collect(v1.streamDecoder(from([newer]))), [{ id: 1 }, { id: 2 }]);
  const older = concat(await collect(v1.streamEncoder(from([{ id: 3 }]))));
  assert.deepStrictEqual(await collect(v2.streamDecoder(from([older]))), [{ id: 3 }]);
  const other = AvroCodec.schemaBasedBinaryCodec(Schema.Object({ id: Schema.String() }, { title: 'Rec' }));
  await assert.rejects(
    collect(other.streamDecoder(from([older]))),
    (e: unknown) => e instanceof DecodeError && /writer schema/.test(e.message),
  );
  await assert.rejects(collect(v1.streamDecoder(from([new Uint8Array([1, 2, 3, 4, 5])]))), /magic bytes/);
});

test('MsgPack: int64 positions use integer formats, "__proto__" keys are refused', () => {
  const codec = MessagePackCodec.messagePackCodec(
    Schema.Object({ a: Schema.Int64(), b: Schema.Integer({ format: 'int64' }) }),
  );
  // {a: 5n, b: 2^40}: fixmap(2), "a", fixint 5, "b", int64 (0xd3) or uint64 (0xcf) — not float64 (0xcb).
  const bytes = codec.encode({ a: 5n, b: 2 ** 40 });
  assert.deepStrictEqual([...bytes.subarray(0, 6)], [0x82, 0xa1, 0x61, 0x05, 0xa1, 0x62]);
  assert.equal(bytes[6], 0xcf);
  const Map = MessagePackCodec.messagePackCodec(Schema.Record(Schema.String(), Schema.Integer()));
  const evil = new Uint8Array([0x81, 0xa9, ...Buffer.from('__proto__'), 0x01]);
  assert.ok(Either.isLeft(Map.decode(evil)));
});

test('each codec names its media types; aliases are accepted on requests', () => {
  const types = (c: { mediaType: { fullType: string }; mediaTypes: readonly { fullType: string }[] }) => [
    c.mediaType.fullType,
    ...c.mediaTypes.map((m) => m.fullType),
  ];
  assert.deepStrictEqual(types(ProtobufCodec.protobufCodec(Everything)), [
    'application/protobuf',
    'application/protobuf',
    'application/x-protobuf',
  ]);
  assert.deepStrictEqual(types(AvroCodec.schemaBasedBinaryCodec(Everything)), ['application/avro', 'application/avro']);
  assert.deepStrictEqual(types(ThriftCodec.thriftBinaryCodec(Everything)), [
    'application/vnd.apache.thrift.binary',
    'application/vnd.apache.thrift.binary',
    'application/x-thrift',
  ]);
  assert.deepStrictEqual(types(MessagePackCodec.messagePackCodec(Everything)), [
    'application/msgpack',
    'application/msgpack',
    'application/x-msgpack',
  ]);
});
