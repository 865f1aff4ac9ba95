// The browser's validator engine (schema/lightEngine.ts) against TypeBox's (schema/typeboxEngine.ts):
// for every schema the small engine takes, the same verdict on every value, and the same first
// failure; a schema it does not take is checked by TypeBox's engine once that is loaded, and
// says what to load before.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { TSchema } from 'typebox';
import { Schema } from '@kitgen/runtime';
import * as light from '../src/schema/lightEngine.ts';
import * as typebox from '../src/schema/typeboxEngine.ts';

type Json = Record<string, unknown>;

// Schemas built from the keywords the small engine evaluates, nested, with the annotations and
// integer formats generated code carries.
const leafSchema: fc.Arbitrary<Json> = fc.oneof(
  fc.record(
    { type: fc.constant('string'), minLength: fc.nat(3), maxLength: fc.integer({ min: 2, max: 6 }) },
    { requiredKeys: ['type'] },
  ),
  fc.record({ type: fc.constant('string'), format: fc.constantFrom('date-time', 'date', 'time', 'binary', 'int32') }),
  fc.record(
    {
      type: fc.constantFrom('integer', 'number'),
      minimum: fc.integer({ min: -5, max: 0 }),
      maximum: fc.integer({ min: 0, max: 5 }),
      exclusiveMinimum: fc.integer({ min: -6, max: -1 }),
      format: fc.constantFrom('int32', 'uint32', 'int64', 'float'),
    },
    { requiredKeys: ['type'] },
  ),
  fc.record({ type: fc.constant('boolean'), description: fc.string() }),
  fc.record({
    enum: fc.uniqueArray(fc.oneof(fc.string({ maxLength: 2 }), fc.integer({ min: -2, max: 2 }), fc.constant(null)), {
      minLength: 1,
      maxLength: 3,
    }),
  }),
  fc.record({ const: fc.oneof(fc.string({ maxLength: 2 }), fc.integer({ min: -2, max: 2 }), fc.boolean()) }),
  fc.record({ type: fc.constant(['string', 'null']) }),
  fc.constant<Json>({ type: 'null' }),
);

const schema: fc.Arbitrary<Json> = fc.letrec<{ node: Json }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leafSchema,
    fc
      .record(
        {
          properties: fc.dictionary(fc.constantFrom('a', 'b', 'c', 'd/e', 'x~'), tie('node'), { maxKeys: 3 }),
          required: fc.subarray(['a', 'b', 'c']),
          additionalProperties: fc.oneof(fc.boolean(), tie('node')),
          minProperties: fc.nat(2),
          maxProperties: fc.integer({ min: 1, max: 4 }),
        },
        { requiredKeys: ['properties'] },
      )
      .map((s) => ({ type: 'object', ...s })),
    fc
      .record(
        { items: tie('node'), minItems: fc.nat(2), maxItems: fc.integer({ min: 1, max: 4 }) },
        { requiredKeys: ['items'] },
      )
      .map((s) => ({ type: 'array', ...s })),
    fc.record({ anyOf: fc.array(tie('node'), { minLength: 1, maxLength: 3 }) }),
    fc.record({ oneOf: fc.array(tie('node'), { minLength: 1, maxLength: 3 }) }),
    fc.record({ allOf: fc.array(tie('node'), { minLength: 1, maxLength: 2 }) }),
    fc.record({ not: tie('node') }),
  ),
})).node;

// Values near the schemas: the keys and scalars they name, dates valid and not, big and odd numbers.
const value: fc.Arbitrary<unknown> = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom(
      '',
      'a',
      'abcdefg',
      '\u{1F600}\u{1F600}',
      '2020-02-29T12:00:00Z',
      '2021-02-29T12:00:00Z',
      '2015-01-01 05:18:23-0700',
      '2015-01-01T05:18:23+07',
      '2015-01-01T05:18:23+7',
      '05:18:23-0700',
      '2020-12-12',
      '23:59:60Z',
      '12:00:00',
      null,
      true,
      undefined,
    ),
    fc.integer({ min: -8, max: 8 }),
    fc.constantFrom(0.5, 2 ** 31, 2 ** 40, -(2 ** 31) - 1, Number.NaN, Infinity, 3n, -1n),
    fc.array(tie('v'), { maxLength: 4 }),
    fc.dictionary(fc.constantFrom('a', 'b', 'c', 'd/e', 'x~', 'z'), tie('v'), { maxKeys: 4 }),
  ),
})).v;

test('for every schema of the keywords it takes, the small engine gives the verdict and the first failure TypeBox gives', () => {
  fc.assert(
    fc.property(schema, fc.array(value, { minLength: 1, maxLength: 6 }), (s, values) => {
      const ours = light.compileSchema(s as TSchema);
      const theirs = typebox.compileSchema(s as TSchema);
      for (const v of values) {
        const verdict = theirs.check(v);
        assert.equal(ours.check(v), verdict, `${fc.stringify(s)} on ${fc.stringify(v)}`);
        if (!verdict) assert.deepEqual(ours.explain(v), theirs.explain(v), `${fc.stringify(s)} on ${fc.stringify(v)}`);
      }
    }),
    { numRuns: 400, seed: 20261127 },
  );
});

test("the runtime's own builders it takes: DateTime, Bytes, Int64 (refinements), objects of them", () => {
  const s = Schema.Object({
    at: Schema.DateTime(),
    data: Schema.Bytes(),
    n: Schema.Int64(),
    name: Schema.Optional(Schema.String({ minLength: 1 })),
  });
  const ours = light.compileSchema(s);
  const theirs = typebox.compileSchema(s);
  const values = [
    { at: new Date(0), data: new Uint8Array([1]), n: 5n },
    { at: new Date(Number.NaN), data: new Uint8Array([1]), n: 5n },
    { at: new Date(0), data: [1], n: 5n },
    { at: new Date(0), data: new Uint8Array(0), n: 2n ** 64n },
    { at: new Date(0), data: new Uint8Array(0), n: 1n, name: '' },
    { at: new Date(0), data: new Uint8Array(0), n: 1n, name: undefined },
  ];
  for (const v of values) {
    assert.equal(ours.check(v), theirs.check(v));
    assert.deepEqual(ours.explain(v), theirs.explain(v));
  }
  assert.equal(light.loadValidatorEngine([s]), undefined, 'nothing to load for them');
});

test("a schema using a keyword it does not take waits for TypeBox's engine, which loads once and then checks it", async () => {
  const s = { type: 'object', properties: { id: { type: 'string', pattern: '^[a-z]+$' } } } as unknown as TSchema;
  const compiled = light.compileSchema(s);
  // Compiling never fails (endpoint modules define schemas up front); checking before the load does.
  if (light.loadValidatorEngine([{ type: 'string' }]) === undefined) {
    assert.throws(
      () => compiled.check({ id: 'abc' }),
      /uses keywords the browser's validator leaves to TypeBox's engine, which is not loaded yet/,
    );
  }
  await light.loadValidatorEngine([s]);
  assert.equal(light.loadValidatorEngine([s]), undefined, 'loaded once');
  assert.equal(compiled.check({ id: 'abc' }), true);
  assert.equal(compiled.check({ id: 'ABC' }), false);
  assert.equal(compiled.explain({ id: 'ABC' })?.instancePath, '/id');
});
