// The JSON codec's generated writer must write exactly what JSON.stringify writes of the plan's
// encoding, for every CodecConfig and for values of unexpected types; decoding's no-copy road
// must give the same value as the copying one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CodecConfig, DiscriminatorSetting, JsonCodec, NameFormat, Schema, type TSchema } from '@kitgen/runtime';
import { compileJsonPlan } from '../src/codec/json/jsonPlan.ts';
import { compileJsonStringify, quote } from '../src/codec/json/jsonStringify.ts';

const Address = Schema.Object({ streetName: Schema.String(), zip: Schema.Optional(Schema.Integer()) });
const Shape = Schema.TaggedUnion({
  Circle: Schema.Object({ radius: Schema.Number() }),
  Square: Schema.Object({ side: Schema.Number() }),
});
const Everything = Schema.Object({
  id: Schema.Integer(),
  ratio: Schema.Optional(Schema.Number()),
  displayName: Schema.String(),
  active: Schema.Boolean(),
  nickName: Schema.Optional(Schema.String()),
  middleName: Schema.Union([Schema.String(), Schema.Null()]),
  tags: Schema.Array(Schema.String()),
  scores: Schema.Optional(Schema.Array(Schema.Number())),
  address: Schema.Optional(Address),
  history: Schema.Optional(Schema.Array(Address)),
  labels: Schema.Optional(Schema.Record(Schema.String(), Schema.String())),
  shape: Schema.Optional(Shape),
  photo: Schema.Optional(Schema.Bytes()),
  anything: Schema.Optional(Schema.Unknown()),
  when: Schema.Optional(Schema.String({ format: 'date-time' })),
  kind: Schema.Optional(Schema.Union([Schema.Literal('a'), Schema.Literal('b')])),
  at: Schema.Optional(Schema.DateTime()),
  dates: Schema.Optional(Schema.Array(Schema.DateTime())),
  maybeAt: Schema.Optional(Schema.Union([Schema.DateTime(), Schema.Null()])),
});

const configs: Array<[string, CodecConfig]> = [
  ['default', CodecConfig.default],
  ['explicit nulls', CodecConfig({ explicitNulls: { encoding: true, decoding: true } })],
  ['explicit empty collections', CodecConfig({ explicitEmptyCollections: { encoding: true, decoding: true } })],
  [
    'snake_case names, named discriminator',
    CodecConfig({ fieldNameFormat: NameFormat.SnakeCase, discriminatorSettings: DiscriminatorSetting.Name('type') }),
  ],
  [
    'kebab-case, no discriminator',
    CodecConfig({ fieldNameFormat: NameFormat.KebabCase, discriminatorSettings: DiscriminatorSetting.NoDiscriminator }),
  ],
];

const strings = [
  '',
  'plain',
  'with "quotes"',
  'back\\slash',
  'line\nbreak',
  'tab\tand\u0001',
  'emoji 😀',
  'lone \ud800 surrogate',
  'é ü ß 中文',
  '\u2028\u2029',
  'x'.repeat(200),
  `${'y'.repeat(100)}"`,
];

const values: unknown[] = [
  { id: 1, displayName: 'Ada', active: true, middleName: null, tags: [] },
  {
    id: -0,
    ratio: 0.1,
    displayName: 'Bob',
    active: false,
    nickName: 'b',
    middleName: 'M',
    tags: ['a', 'b'],
    scores: [1, 2.5, NaN, Infinity],
    address: { streetName: 'Main', zip: 12345 },
  },
  {
    id: 1e21,
    displayName: 'x',
    active: true,
    middleName: null,
    tags: [],
    scores: [],
    history: [],
    labels: {},
    address: { streetName: 'S' },
  },
  {
    id: 2,
    displayName: 'y',
    active: true,
    middleName: null,
    tags: ['t'],
    history: [{ streetName: 'A' }, { streetName: 'B', zip: 2 }],
    labels: { a: 'b' },
    shape: { type: 'Circle', radius: 2 },
  },
  {
    id: 3,
    displayName: 'z',
    active: true,
    middleName: null,
    tags: [],
    photo: new Uint8Array([1, 2, 255]),
    anything: { deep: [1, { x: null }] },
    when: new Date(0),
    kind: 'a',
  },
  // Values of types the schema does not declare still come out as JSON.stringify writes them.
  {
    id: '7',
    ratio: null,
    displayName: 5,
    active: 'yes',
    nickName: undefined,
    middleName: undefined,
    tags: 'not an array',
    scores: [undefined, () => 1, null],
    address: 'nowhere',
    history: [null, 3, { streetName: 1 }],
  },
  {
    id: 4,
    displayName: 'e',
    active: true,
    middleName: null,
    tags: [],
    address: null,
    history: null,
    labels: null,
    extra: 'not declared',
    __proto__: { inherited: 1 },
  },
  // Dates (Schema.DateTime): valid ones as ISO text; invalid ones and non-dates as JSON.stringify writes them.
  {
    id: 8,
    displayName: 'd',
    active: true,
    middleName: null,
    tags: [],
    at: new Date(Date.UTC(2024, 1, 29, 12, 30, 45, 678)),
    dates: [new Date(0), new Date(-1), new Date(8.64e15)],
    maybeAt: null,
  },
  {
    id: 9,
    displayName: 'd',
    active: true,
    middleName: null,
    tags: [],
    at: new Date('x'),
    dates: [new Date('y'), '2020-01-01T00:00:00Z', 1, null],
    maybeAt: new Date(1),
  },
  {
    id: 10,
    displayName: 'd',
    active: true,
    middleName: null,
    tags: [],
    at: '2020-01-01T00:00:00Z',
    dates: 'no',
    maybeAt: 'text',
  },
  {
    id: 5,
    displayName: 'f',
    active: true,
    middleName: null,
    tags: [],
    scores: [1],
    toJSON: () => 'ignored by the plan',
  },
  ...strings.map((s) => ({
    id: 6,
    displayName: s,
    nickName: s,
    active: true,
    middleName: s,
    tags: [s, s],
    labels: { [s]: s },
  })),
  null,
  'a string',
  42,
  [1, 2],
];

for (const [name, config] of configs) {
  test(`the generated JSON writer matches JSON.stringify of the plan (${name})`, () => {
    const plan = compileJsonPlan(Everything as unknown as Record<string, unknown>, config);
    const codec = JsonCodec.schemaBasedBinaryCodec(Everything, config);
    for (const value of values) {
      const expected = JSON.stringify(plan.encode(value));
      assert.equal(codec.encodeToString(value as never), expected, `value ${String(JSON.stringify(value))}`);
    }
  });
}

test('the writer is only generated for closed objects with declared properties', () => {
  const planFor = (s: Record<string, unknown>) => compileJsonPlan(s, CodecConfig.default);
  const of = (s: TSchema) =>
    compileJsonStringify(
      s as unknown as Record<string, unknown>,
      CodecConfig.default,
      planFor(s as unknown as Record<string, unknown>),
      planFor,
    );
  assert.equal(typeof of(Address), 'function');
  assert.equal(of(Schema.Array(Address)), undefined);
  assert.equal(of(Shape), undefined);
  assert.equal(of(Schema.Object({ a: Schema.String() }, { additionalProperties: Schema.Number() })), undefined);
  assert.equal(of(Schema.String()), undefined);
});

test('quote writes what JSON.stringify writes for every string', () => {
  for (const s of strings) assert.equal(quote(s), JSON.stringify(s));
  for (let c = 0; c < 0x10000; c++) {
    const s = `a${String.fromCharCode(c)}b`;
    if (quote(s) !== JSON.stringify(s)) assert.fail(`code unit ${c.toString(16)}`);
  }
});

test('a 64-bit integer anywhere keeps the exact road (no generated writer)', () => {
  const Big = Schema.Object({ n: Schema.Int64(), s: Schema.String() });
  const codec = JsonCodec.schemaBasedBinaryCodec(Big);
  assert.equal(codec.encodeToString({ n: 9007199254740993n, s: 'x' }), '{"n":9007199254740993,"s":"x"}');
});

test('decoding without a copy gives the same values as with one', () => {
  const User = Schema.Object({
    id: Schema.Integer(),
    name: Schema.String(),
    nick: Schema.Optional(Schema.String()),
    note: Schema.Optional(Schema.Union([Schema.String(), Schema.Null()])),
  });
  const codec = JsonCodec.schemaBasedBinaryCodec(User);
  const ok = (text: string) => {
    const r = codec.decodeString(text);
    assert.equal(r._tag, 'right', text);
    return (r as { right: unknown }).right;
  };
  assert.deepEqual(ok('{"id":1,"name":"a"}'), { id: 1, name: 'a' });
  // Undeclared fields are dropped, an optional field sent as null is absent, a nullable one keeps its null.
  assert.deepEqual(ok('{"id":1,"name":"a","extra":true}'), { id: 1, name: 'a' });
  assert.deepEqual(ok('{"id":1,"name":"a","nick":null}'), { id: 1, name: 'a' });
  assert.deepEqual(ok('{"id":1,"name":"a","note":null}'), { id: 1, name: 'a', note: null });
  // Keys that reach Object.prototype are refused, naming the place; a plain `constructor` field is only undeclared.
  for (const [text, pointer] of [
    ['{"id":1,"name":"a","__proto__":{"admin":true}}', '/__proto__'],
    ['{"id":1,"name":"a","constructor":{"prototype":{"admin":true}}}', '/constructor/prototype'],
  ]) {
    const refused = codec.decodeString(text);
    assert.equal(refused._tag, 'left', text);
    assert.equal((refused as { left: { pointer: string } }).left.pointer, pointer, text);
  }
  const plain = ok('{"id":1,"name":"a","constructor":{"admin":true}}') as Record<string, unknown>;
  assert.deepEqual(Object.keys(plain), ['id', 'name']);
  assert.equal(Object.getPrototypeOf(plain), Object.prototype);
  assert.equal(({} as Record<string, unknown>).admin, undefined);
  const strict = JsonCodec.schemaBasedBinaryCodec(User, CodecConfig({ rejectExtraFields: true }));
  const r = strict.decodeString('{"id":1,"name":"a","extra":1}');
  assert.equal(r._tag, 'left');
  assert.match((r as { left: Error }).left.message, /\/extra: unexpected field "extra"/);
});
