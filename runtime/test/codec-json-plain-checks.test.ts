// The generated walk that stands for the validator on plain bodies (plainDecode.ts with
// plainChecks.ts): on random schemas of the shapes it takes and random values near their bounds,
// its verdict is exactly "the validator accepts it and the plan would leave it as it is" — so a
// body it accepts is one TypeBox's checker accepts, and any other body takes the whole road.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { CodecConfig, Either, JsonCodec, Schema } from '@kitgen/runtime';
import { compilePlainDecodeTest } from '../src/codec/json/plainDecode.ts';
import { validatorFor } from '../src/schema/validator.ts';
import { formatCheck } from '../src/schema/typeboxEngine.ts';

type Json = Record<string, unknown>;

const strings = [
  '',
  'a',
  'AB',
  'ab',
  'ABC',
  'aac',
  'x1',
  '\u{1F600}',
  '\u{1F600}\u{1F600}',
  '\uD83D',
  '\uDE00\uD83D',
  'a\u{1F600}',
  '\u{1F600}\u{1F600}\u{1F600}',
  'éé',
  '123e4567-e89b-12d3-a456-426614174000',
  '123E4567-E89B-12D3-A456-42661417400',
  'ada@example.com',
  'ada@@example',
  '2026-11-28T12:00:00Z',
  '2026-11-28 12:00:00+0100',
  '2026-02-30T12:00:00Z',
  '2026-11-28',
  '12:00:00Z',
  '25:00:00Z',
  '192.168.0.1',
  '256.1.1.1',
  'pending',
  'paid',
  'c',
  'abac',
  'aaa',
  '7',
];
const numbers = [0, -0, 1, -1, 2, 2.5, -5, 5, 6, 1e21, 2 ** 31, 2 ** 31 - 1, -(2 ** 31), 2 ** 32, 0.1];

/** A leaf of `type` with at most two of the keywords drawn (so that values meet them often enough). */
const leaf = (type: fc.Arbitrary<string>, keywords: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<Json> =>
  fc
    .tuple(type, fc.record(keywords), fc.subarray(Object.keys(keywords), { maxLength: 2 }))
    .map(([t, all, chosen]) => ({ type: t, ...Object.fromEntries(chosen.map((k) => [k, all[k]])) }));

const stringSchema = leaf(fc.constant('string'), {
  minLength: fc.nat(3),
  maxLength: fc.integer({ min: 0, max: 4 }),
  pattern: fc.constantFrom('^[A-Z]{2,3}$', '^(a|b)*c$', '\\d', '^.{2}$', '^(a+)+$', '^\\p{L}+$'),
  format: fc.constantFrom('uuid', 'email', 'date-time', 'date', 'time', 'ipv4', 'no-such-format', 'binary'),
  enum: fc.subarray(strings, { minLength: 1, maxLength: 4 }),
  const: fc.constantFrom(...strings),
  description: fc.constant('annotated'),
});
const numberSchema = leaf(fc.constantFrom('number', 'integer'), {
  minimum: fc.constantFrom(-5, 0, 1, 0.5),
  maximum: fc.constantFrom(0, 5, 2 ** 31),
  exclusiveMinimum: fc.constantFrom(-1, 0),
  exclusiveMaximum: fc.constantFrom(2, 6),
  format: fc.constantFrom('int32', 'uint32', 'double', 'float'),
  enum: fc.subarray(numbers, { minLength: 1, maxLength: 4 }),
  default: fc.constant(1),
});
const booleanSchema = leaf(fc.constant('boolean'), { enum: fc.constant([true]), const: fc.boolean() });

const { node: schema } = fc.letrec<{ node: Json; object: Json }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    stringSchema,
    numberSchema,
    booleanSchema,
    tie('object'),
    fc
      .record(
        { items: tie('node'), minItems: fc.nat(2), maxItems: fc.integer({ min: 0, max: 3 }) },
        { requiredKeys: ['items'] },
      )
      .map((s) => ({ type: 'array', ...s })),
  ),
  object: fc
    .record(
      {
        properties: fc.dictionary(fc.constantFrom('a', 'b', 'c', 'd'), tie('node'), { maxKeys: 4 }),
        required: fc.subarray(['a', 'b', 'c']),
        additionalProperties: fc.constant(false),
      },
      { requiredKeys: ['properties', 'required'] },
    )
    // Every required field declared: a schema requiring an undeclared one gets no checking walk.
    // An object naming no field and nothing of other keys is any object, kept whole by the plan
    // (fieldlessObject.ts): not a shape the walk takes, so one naming none takes no other key.
    .map((s) => ({
      type: 'object',
      ...s,
      ...(Object.keys(s.properties as Json).length === 0 ? { additionalProperties: false } : {}),
      required: (s.required as string[]).filter((name) => name in (s.properties as Json)),
    })),
}));

/** Values near the schema's bounds: mostly of its shape, sometimes of another, with fields missing, moved or added. */
function valueOf(node: Json, depth = 0): fc.Arbitrary<unknown> {
  const any = fc.oneof(fc.constantFrom(null, true, 'a', 1, [], {}), fc.jsonValue({ maxDepth: 1 }));
  const shaped = ((): fc.Arbitrary<unknown> => {
    switch (node.type) {
      case 'string':
        return fc.oneof(
          { weight: 5, arbitrary: fc.constantFrom(...strings) },
          fc.string({ unit: 'binary', maxLength: 5 }),
        );
      case 'number':
      case 'integer':
        return fc.oneof(
          { weight: 5, arbitrary: fc.constantFrom(...numbers) },
          fc.double({ noNaN: true, noDefaultInfinity: true }),
        );
      case 'boolean':
        return fc.boolean();
      case 'array':
        return fc.array(valueOf(node.items as Json, depth + 1), { minLength: 1, maxLength: 3 });
      default: {
        const properties = node.properties as Record<string, Json>;
        const fields = Object.entries(properties).map(([name, s]) =>
          fc.option(
            valueOf(s, depth + 1).map((v) => [name, v] as const),
            { freq: 4, nil: undefined },
          ),
        );
        return fc.tuple(fc.tuple(...fields), fc.nat(9), fc.jsonValue({ maxDepth: 0 })).map(([entries, how, extra]) => {
          const present = entries.filter((e) => e !== undefined);
          if (how === 0) present.reverse();
          if (how === 1) present.push(['e', extra]);
          return Object.fromEntries(present);
        });
      }
    }
  })();
  return depth > 3 ? shaped : fc.oneof({ weight: 20, arbitrary: shaped }, { weight: 1, arbitrary: any });
}

const holdsScalar = (value: unknown): boolean =>
  typeof value !== 'object' || value === null || Object.values(value).some(holdsScalar);

test('the checking walk accepts exactly what the validator accepts among plain values', () => {
  const config = CodecConfig();
  let accepted = 0;
  let seen = 0;
  fc.assert(
    fc.property(
      schema
        .filter((s) => s.type === 'object' || s.type === 'array')
        .chain((s) => fc.tuple(fc.constant(s), fc.array(valueOf(s), { minLength: 1, maxLength: 12 }))),
      ([s, values]) => {
        const checking = compilePlainDecodeTest(s, config, formatCheck);
        const plain = compilePlainDecodeTest(s, config);
        assert.ok(checking && plain, 'every schema of the family gets a test');
        assert.equal(checking.checked, true, 'every keyword of the family is checked by the walk');
        assert.equal(plain.checked, false);
        const validator = validatorFor(structuredClone(s));
        for (const value of values) {
          const json = JSON.parse(JSON.stringify(value)) as unknown;
          const expected: boolean = plain.test(json) && validator.check(json);
          assert.equal(checking.test(json), expected, `${JSON.stringify(s)} on ${JSON.stringify(json)}`);
          seen++;
          if (expected && holdsScalar(json)) accepted++;
        }
      },
    ),
    { numRuns: 400 },
  );
  // The family must reach the walk's checks: a good share of values is accepted, not only refused.
  assert.ok(accepted > seen / 10, `${accepted} of ${seen} values holding a scalar accepted`);
});

test('a keyword the walk does not check leaves the check to the validator', () => {
  const config = CodecConfig();
  const unchecked: Json[] = [
    { type: 'array', items: { type: 'string' }, uniqueItems: true },
    { type: 'array', items: { type: 'number', multipleOf: 3 } },
    { type: 'object', properties: { a: { type: 'string' } }, minProperties: 1 },
    { type: 'object', properties: { a: { type: 'string' } }, required: ['b'] },
    { type: 'object', properties: { a: { type: 'string', enum: [{ x: 1 }] } } },
    { type: 'object', properties: { a: { type: 'string', format: 'int32' } } },
    { type: 'object', properties: { a: { type: 'string', '~refine': [] } } },
    { type: 'object', properties: { a: { type: 'number', exclusiveMinimum: true } } },
  ];
  for (const s of unchecked) assert.equal(compilePlainDecodeTest(s, config, formatCheck)?.checked, false);
  assert.equal(compilePlainDecodeTest({ type: 'array', items: { type: 'string' } }, config)?.checked, false);
});

test("the codec refuses with the validator's message what the walk does not accept", () => {
  const Order = Schema.Object({
    id: Schema.String({ format: 'uuid' }),
    sku: Schema.String({ pattern: '^[A-Z]{3}-\\d{5}$' }),
    name: Schema.String({ minLength: 2, maxLength: 3 }),
    quantity: Schema.Integer({ minimum: 1, maximum: 10 }),
  });
  const codec = JsonCodec.schemaBasedBinaryCodec(Order);
  const ok = { id: '123e4567-e89b-12d3-a456-426614174000', sku: 'ABC-12345', name: '\u{1F600}\u{1F600}', quantity: 1 };
  const right = codec.decodeString(JSON.stringify(ok));
  assert.ok(Either.isRight(right));
  assert.deepStrictEqual(right.right, ok);
  const refusals: [Json, string][] = [
    [{ ...ok, id: 'x' }, '/id'],
    [{ ...ok, sku: 'abc-12345' }, '/sku'],
    [{ ...ok, name: '\u{1F600}' }, '/name'],
    [{ ...ok, name: 'abcd' }, '/name'],
    [{ ...ok, quantity: 1.5 }, '/quantity'],
    [{ ...ok, quantity: 11 }, '/quantity'],
  ];
  for (const [body, pointer] of refusals) {
    const got = codec.decodeString(JSON.stringify(body));
    assert.ok(Either.isLeft(got), JSON.stringify(body));
    assert.equal(got.left.pointer, pointer);
    assert.match(got.left.message, /^value at \//);
  }
});

test('string lengths are counted in code points, as the validator counts them', () => {
  const s: Json = {
    type: 'object',
    properties: { name: { type: 'string', minLength: 2, maxLength: 2 } },
    required: ['name'],
    additionalProperties: false,
  };
  const walk = compilePlainDecodeTest(s, CodecConfig(), formatCheck)!;
  const validator = validatorFor(s);
  const names = [
    'ab',
    '\u{1F600}\u{1F600}',
    'a\u{1F600}',
    '\uDE00\uD83D',
    '\uD83D\uDE00',
    '\u{1F600}',
    'abc',
    'é\u0301',
  ];
  for (const name of names) {
    const value = { name };
    assert.equal(walk.test(value), validator.check(value), JSON.stringify(name));
  }
  assert.equal(walk.test({ name: '\u{1F600}\u{1F600}' }), true);
  assert.equal(walk.test({ name: '\u{1F600}' }), false);
});
