// A value the plan would not change is written by JSON.stringify itself: the test that decides
// it must hold only when the text is the plan's, so every value, plain or not, is written
// exactly as JSON.stringify of the plan's encoding, under every CodecConfig.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CodecConfig, JsonCodec, NameFormat, Schema, type TSchema } from '@kitgen/runtime';
import { compileJsonPlan } from '../src/codec/json/jsonPlan.ts';
import { compilePlainJsonTest } from '../src/codec/json/plainJson.ts';

const Item = Schema.Object({
  id: Schema.Integer(),
  name: Schema.String(),
  price: Schema.Number(),
  inStock: Schema.Boolean(),
  note: Schema.Optional(Schema.String()),
  tags: Schema.Array(Schema.String()),
  size: Schema.Object({ width: Schema.Number(), height: Schema.Number() }),
});
const List = Schema.Array(Item);

const item = (i: number) => ({
  id: i,
  name: i % 2 ? `widget "${i}"\n\u0001 é 😀` : 'plain',
  price: i * 1.5,
  inStock: i % 3 === 0,
  tags: ['a', `b\\${i}`],
  size: { width: i, height: 2 },
});

class Boxed {
  constructor(
    readonly id: number,
    readonly name: string,
  ) {}
}

// Each list differs from a plain one in one way the plan would change (or might).
const lists: Array<[string, unknown, boolean]> = [
  ['plain', [item(0), item(1), item(2)], true],
  ['empty', [], true],
  ['an optional field present', [{ ...item(1), note: 'n' }].map(({ note, ...rest }) => ({ ...rest, note })), false],
  ['an optional field in its place', [reorder({ ...item(1), note: 'n' })], true],
  ['an optional field undefined', [reorder({ ...item(1), note: undefined })], true],
  ['an extra field', [{ ...item(1), extra: 1 }], false],
  ['fields out of order', [Object.assign({ inStock: true }, item(1))], false],
  ['a required field missing', [{ id: 1, name: 'x' }], false],
  ['a null field', [{ ...item(1), name: null }], false],
  ['a Date where a string belongs', [{ ...item(1), name: new Date(0) }], false],
  ['a class instance', [new Boxed(1, 'x')], false],
  ['an item with toJSON', [{ ...item(1), toJSON: () => 'x' }], false],
  ['NaN and -0', [{ ...item(1), price: NaN, id: -0 }], true],
  ['a string where a number belongs', [{ ...item(1), price: '1' }], false],
  ['a nested extra field', [{ ...item(1), size: { width: 1, height: 2, depth: 3 } }], false],
  ['an empty tag list', [{ ...item(1), tags: [] }], true],
  ['a hole among the tags', [{ ...item(1), tags: Object.assign(new Array<string>(2), { 0: 'a' }) }], false],
  ['a list with toJSON', Object.assign([item(1)], { toJSON: () => [] }), false],
  ['not a list', { 0: item(1) }, false],
  ['a null item', [item(1), null], false],
];

/** The item's keys in the schema's order (`note` after `inStock`). */
function reorder(v: Record<string, unknown>): Record<string, unknown> {
  const { id, name, price, inStock, note, ...rest } = v;
  return { id, name, price, inStock, note, ...rest };
}

const configs: Array<[string, CodecConfig]> = [
  ['default', CodecConfig.default],
  ['no explicit nulls', CodecConfig({ explicitNulls: { encoding: false, decoding: false } })],
  ['empty collections left out', CodecConfig({ explicitEmptyCollections: { encoding: false, decoding: false } })],
  ['snake_case names', CodecConfig({ fieldNameFormat: NameFormat.SnakeCase })],
];

for (const [name, config] of configs) {
  test(`a list is written as JSON.stringify of the plan's encoding, plain or not (${name})`, () => {
    const plan = compileJsonPlan(List as unknown as Record<string, unknown>, config);
    const codec = JsonCodec.schemaBasedBinaryCodec(List as TSchema, config);
    for (const [what, value] of lists) {
      assert.equal(codec.encodeToString(value as never), JSON.stringify(plan.encode(value)), what);
    }
  });
}

test('the test holds exactly for values the plan leaves as they are', () => {
  const plain = compilePlainJsonTest(List as unknown as Record<string, unknown>, CodecConfig.default);
  assert.ok(plain);
  for (const [what, value, expected] of lists) assert.equal(plain(value), expected, what);
});

test('no test for schemas whose values the plan converts, or under renaming configs', () => {
  const config = CodecConfig.default;
  const none = (schema: TSchema, c = config) => compilePlainJsonTest(schema as unknown as Record<string, unknown>, c);
  assert.equal(none(Schema.Array(Schema.Object({ at: Schema.DateTime() }))), undefined, 'dates');
  assert.equal(none(Schema.Array(Schema.Object({ photo: Schema.Bytes() }))), undefined, 'bytes');
  assert.equal(none(Schema.Array(Schema.Union([Schema.String(), Schema.Null()]))), undefined, 'unions');
  assert.equal(none(Schema.Record(Schema.String(), Schema.String())), undefined, 'maps');
  assert.equal(none(Schema.Array(Schema.Object({ constructor: Schema.String() }))), undefined, 'inherited names');
  assert.equal(none(List, CodecConfig({ fieldNameFormat: NameFormat.SnakeCase })), undefined, 'renamed fields');
  assert.equal(none(List, CodecConfig({ explicitEmptyCollections: { encoding: false, decoding: false } })), undefined);
  assert.ok(none(Schema.Array(Schema.String())));
});

test('field names that need escaping reach the generated test as data, not code', () => {
  const Odd = Schema.Array(Schema.Object({ 'a"b\\c': Schema.String(), '</script>\n': Schema.Number() }));
  const codec = JsonCodec.schemaBasedBinaryCodec(Odd as TSchema);
  const value = [{ 'a"b\\c': 'x', '</script>\n': 1 }];
  assert.ok(compilePlainJsonTest(Odd as unknown as Record<string, unknown>, CodecConfig.default)?.(value));
  assert.equal(codec.encodeToString(value as never), JSON.stringify(value));
});
