// Tuples with a rest element (`[string, ...number[]]`) through the runtime's OpenAPIGen: the 3.1
// document keeps the rest element's schema as `items` beside `prefixItems`, with `minItems`, so
// an extra element of another type is refused as the derivation refuses it; 3.0, which has no
// positions, takes every element as one of the element schemas. Judged by ajv on values.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import SwaggerParser from '@apidevtools/swagger-parser';
import { Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { DeriveSchema, Endpoint, OpenAPIGen, RoutePattern, type TSchema } from '@kitgen/runtime';
import { expandProbe } from './support/deriveProbe.ts';
import { draft07, validatorOf } from './support/schemaAgreement.ts';

const out = expandProbe(`import { DeriveSchema } from '@kitgen/runtime';
export const probe = DeriveSchema.gen<{ series: [string, ...number[]]; pair: [string, number]; none: []; spread: [...boolean[]]; label?: [string, number?, ...string[]] }>();
`);
assert.deepEqual(out.diagnostics, []);
const derived = out.calls[0].schema;

function documentSchema(openapi: '3.1.0' | '3.0.3') {
  const schema = DeriveSchema.gen(JSON.parse(JSON.stringify(derived)) as never) as TSchema;
  const doc = OpenAPIGen.fromEndpoints(
    { title: 'tuples', version: '1', openapi, implicitErrors: false },
    Endpoint(RoutePattern.POST('t')).in(schema),
  ).document;
  const body = doc.paths?.['/t']?.post?.requestBody as { content: Record<string, { schema: Record<string, unknown> }> };
  return {
    doc,
    schema: body.content['application/json'].schema as { properties: Record<string, Record<string, unknown>> },
  };
}

const values: Array<[field: string, value: unknown[], valid: boolean]> = [
  ['series', ['a'], true],
  ['series', ['a', 1, 2.5], true],
  ['series', [], false],
  ['series', [1], false],
  ['series', ['a', 'b'], false],
  ['series', ['a', 1, 'b'], false],
  ['pair', ['a', 1], true],
  ['pair', ['a', 1, 2], false],
  ['none', [], true],
  ['none', [1], false],
  ['spread', [true, false], true],
  ['spread', [1], false],
  ['label', ['a'], true],
  ['label', ['a', 1, 'x', 'y'], true],
  ['label', ['a', 'x'], false],
  ['label', ['a', 1, 2], false],
];
const base = { series: ['s'], pair: ['p', 0], none: [], spread: [] };

test('the derivation itself: a rest element is additionalItems, the required elements minItems', () => {
  const accepts = validatorOf(draft07(derived));
  for (const [field, value, valid] of values)
    assert.equal(accepts({ ...base, [field]: value }), valid, `${field} = ${JSON.stringify(value)}`);
});

test('openapi.json 3.1: prefixItems, the rest element as items, minItems; the same verdicts as the derivation', async () => {
  const { doc, schema } = documentSchema('3.1.0');
  assert.deepEqual(schema.properties.series, {
    type: 'array',
    minItems: 1,
    prefixItems: [{ type: 'string' }],
    items: { type: 'number' },
  });
  assert.deepEqual(schema.properties.none, { type: 'array', maxItems: 0 });
  const accepts = new Ajv2020({ strict: false }).compile(schema);
  for (const [field, value, valid] of values)
    assert.equal(accepts({ ...base, [field]: value }), valid, `3.1: ${field} = ${JSON.stringify(value)}`);
  await SwaggerParser.validate(structuredClone(doc) as never);
});

test('openapi.json 3.0: every element is one of the element schemas, rest included, and minItems stays', async () => {
  const { doc, schema } = documentSchema('3.0.3');
  assert.deepEqual(schema.properties.series, {
    type: 'array',
    minItems: 1,
    items: { anyOf: [{ type: 'string' }, { type: 'number' }] },
  });
  const accepts = new Ajv({ strict: false }).compile(schema);
  // 3.0 cannot say which position takes which type: only what no position takes is refused.
  for (const [value, valid] of [
    [['a', 1, 2.5], true],
    [['a', 'b'], true],
    [[], false],
    [[true], false],
  ] as const)
    assert.equal(accepts({ ...base, series: value }), valid, `3.0: series = ${JSON.stringify(value)}`);
  await SwaggerParser.validate(structuredClone(doc) as never);
});
