// A parsed body the plan would give back unchanged goes to the validator as it is, skipping the
// prototype-key scan and the plan's pass: the test that decides it must hold only when the plan's
// result equals the parsed value (same fields, same order) and no forbidden key is in it, so every
// body decodes exactly as the whole road decodes it, under every CodecConfig.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CodecConfig, Either, JsonCodec, NameFormat, Schema, type TSchema } from '@kitgen/runtime';
import { compileJsonPlan } from '../src/codec/json/jsonPlan.ts';
import { compilePlainDecodeTest } from '../src/codec/json/plainDecode.ts';

const Line = Schema.Object({
  sku: Schema.String({ pattern: '^[A-Z]{3}$' }),
  quantity: Schema.Integer({ minimum: 1 }),
  tags: Schema.Optional(Schema.Array(Schema.String())),
});
const Order = Schema.Object({
  id: Schema.String(),
  total: Schema.Number(),
  gift: Schema.Optional(Schema.Boolean()),
  note: Schema.Optional(Schema.String({ default: 'none' })),
  customer: Schema.Object({ name: Schema.String(), vip: Schema.Optional(Schema.Boolean()) }),
  lines: Schema.Array(Line),
});

const good = {
  id: 'o1',
  total: 9.5,
  gift: true,
  note: 'hi',
  customer: { name: 'Ada' },
  lines: [{ sku: 'ABC', quantity: 2 }],
};
// The same fields with `total` first: out of the schema's order.
const { total: goodTotal, ...goodWithoutTotal } = good;
const totalFirst = { total: goodTotal, ...goodWithoutTotal };
const asSchema = (s: TSchema) => s as unknown as Record<string, unknown>;

test('the test holds for declared fields in order and fails for what the plan would change', () => {
  const plain = compilePlainDecodeTest(asSchema(Order), CodecConfig())!.test;
  assert.ok(plain, 'an order schema gets a test');
  assert.equal(plain(JSON.parse(JSON.stringify(good))), true);
  const { note: _note, ...noNote } = good;
  const { gift: _gift, ...noGift } = good;
  const failing: Record<string, unknown> = {
    'an extra field': { ...good, extra: 1 },
    'a __proto__ key': JSON.parse('{"id":"o1","__proto__":{"x":1}}'),
    'a constructor key': JSON.parse('{"id":"o1","constructor":{"prototype":{}}}'),
    'a null optional field': { ...good, gift: null },
    'an absent field with a default': noNote,
    'fields out of order': totalFirst,
    'a missing required field': { ...good, customer: {} },
    'a number for a string': { ...good, id: 1 },
    'an object for a string': { ...good, id: { __proto__: 1 } },
    'an array for an object': { ...good, customer: [] },
    'an extra field in an array item': { ...good, lines: [{ sku: 'ABC', quantity: 2, x: 1 }] },
  };
  for (const [what, value] of Object.entries(failing)) assert.equal(plain(value), false, what);
  assert.equal(plain(JSON.parse(JSON.stringify(noGift))), true, 'an absent optional field without default');
});

test('no test where the plan converts, renames or fills, or the schema is open', () => {
  const none = (s: TSchema, config = CodecConfig()) => compilePlainDecodeTest(asSchema(s), config);
  assert.equal(none(Schema.Object({ at: Schema.DateTime() })), undefined);
  assert.equal(none(Schema.Object({ b: Schema.Bytes() })), undefined);
  assert.equal(none(Schema.Object({ n: Schema.Int64() })), undefined);
  assert.equal(none(Schema.Object({ u: Schema.Union([Schema.String(), Schema.Null()]) })), undefined);
  assert.equal(none(Schema.Object({ m: Schema.Record(Schema.String(), Schema.String()) })), undefined);
  assert.equal(none(Schema.Object({ a: Schema.String() }, { additionalProperties: true })), undefined);
  assert.equal(none(Schema.Object({ constructor: Schema.String() })), undefined);
  assert.equal(none(Schema.Object({ anything: Schema.Unknown() })), undefined);
  assert.equal(none(Order, CodecConfig({ explicitNulls: { encoding: true, decoding: true } })), undefined);
  assert.equal(
    none(Schema.Object({ orderId: Schema.String() }), CodecConfig({ fieldNameFormat: NameFormat.SnakeCase })),
    undefined,
  );
  assert.equal(none(Schema.String()), undefined, 'a scalar body has nothing to spare');
});

test('every body decodes as the plan and the validator decode it, key order included', () => {
  const configs = [CodecConfig(), CodecConfig({ rejectExtraFields: true })];
  const { note: _note, ...noNote } = good;
  const bodies: unknown[] = [
    good,
    noNote,
    { ...good, gift: null },
    { ...good, extra: 1 },
    totalFirst,
    { ...good, lines: [{ sku: 'abc', quantity: 0 }] },
    { ...good, lines: [] },
    { ...good, customer: { name: 'Ada', vip: null } },
  ];
  for (const config of configs) {
    const codec = JsonCodec.schemaBasedBinaryCodec(Order, config);
    const plan = compileJsonPlan(asSchema(Order), config);
    for (const body of bodies) {
      const text = JSON.stringify(body);
      const got = codec.decodeString(text);
      let planned: unknown;
      try {
        planned = plan.decode(JSON.parse(text), '');
      } catch {
        assert.ok(Either.isLeft(got), `${text}: the plan refused it, so must the codec`);
        continue;
      }
      if (Either.isRight(got)) {
        assert.deepStrictEqual(got.right, planned, text);
        assert.equal(JSON.stringify(got.right), JSON.stringify(planned), `${text}: key order`);
      } else assert.ok(!codec.check(planned), `${text}: refused, so the planned value must fail the check`);
    }
  }
});

test('forbidden keys are still refused with their place', () => {
  const codec = JsonCodec.schemaBasedBinaryCodec(Order);
  const proto = codec.decodeString('{"id":"o1","total":1,"customer":{"name":"A","__proto__":{}},"lines":[]}');
  assert.ok(Either.isLeft(proto));
  assert.equal(proto.left.pointer, '/customer/__proto__');
  const escaped = codec.decodeString('{"id":"o1","total":1,"customer":{"name":"A"},"lines":[],"\\u005f_proto__":{}}');
  assert.ok(Either.isLeft(escaped));
  assert.equal(escaped.left.pointer, '/__proto__');
});
