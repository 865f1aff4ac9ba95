// Derived schemas through the runtime's OpenAPIGen: named types become components (one per
// name, however many calls derive them), recursion becomes $refs, and the document is valid
// OpenAPI (swagger-parser).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import SwaggerParser from '@apidevtools/swagger-parser';
import {
  Endpoint,
  HttpCodec,
  OpenAPIGen,
  PathCodec,
  RoutePattern,
  Schema,
  Status,
  type TSchema,
} from '@kitgen/runtime';
import { expandProbe } from './support/deriveProbe.ts';

// The runtime's DeriveSchema.gen(derived) hydrates markers; OpenAPIGen reads the derived JSON as it is.
// Each call is its own JSON literal in the expanded code: a fresh object, as here.
const asSchema = (json: unknown) => JSON.parse(JSON.stringify(json)) as TSchema;

function derivedCalls(code: string): Map<string, TSchema> {
  const out = expandProbe(`import { DeriveSchema } from '@kitgen/runtime';\n${code}`);
  assert.deepEqual(out.diagnostics, []);
  return new Map(out.calls.map((c) => [c.root, asSchema(c.schema)]));
}

test('a pet store from derived types: components, dedupe across calls, valid OpenAPI 3.1 and 3.0', async () => {
  const s = derivedCalls(`import type * as F from './features.ts';
import type * as R from './recursive.ts';
export const owner = DeriveSchema.gen<F.Owner>();
export const ownerAgain = DeriveSchema.gen<F.Owner>();
export const users = DeriveSchema.gen<F.Page<F.User>>();
export const tree = DeriveSchema.gen<R.TreeNode>();
export const folder = DeriveSchema.gen<R.Folder>();
export const shape = DeriveSchema.gen<F.Shape>();
export const scalars = DeriveSchema.gen<F.Scalars>();
export const documented = DeriveSchema.gen<F.Documented>();
export const problem = DeriveSchema.gen<{ message: string }>();
`);
  assert.notEqual(s.get('owner'), s.get('ownerAgain'));
  const problem = s.get('problem')!;
  const endpoints = [
    Endpoint(RoutePattern.GET('owners', PathCodec.int('id')))
      .out(s.get('owner')!)
      .outError(problem, Status.NotFound),
    Endpoint(RoutePattern.PUT('owners', PathCodec.int('id')))
      .in(s.get('ownerAgain')!)
      .out(s.get('ownerAgain')!),
    Endpoint(RoutePattern.GET('users')).query(HttpCodec.query('verbose', Schema.Boolean())).out(s.get('users')!),
    Endpoint(RoutePattern.POST('trees')).in(s.get('tree')!).out(s.get('folder')!),
    Endpoint(RoutePattern.POST('shapes')).in(s.get('shape')!).out(s.get('documented')!),
    Endpoint(RoutePattern.GET('scalars')).out(s.get('scalars')!),
  ];
  const doc = OpenAPIGen.fromEndpoints('Derived', '1.0.0', ...endpoints).document;
  const schemas = doc.components?.schemas ?? {};
  const names = Object.keys(schemas).sort();
  for (const name of [
    'Owner',
    'PageOfUser',
    'User',
    'TreeNode',
    'Folder',
    'Entry',
    'File',
    'Shape',
    'Circle',
    'Square',
    'Scalars',
    'Documented',
  ]) {
    assert.ok(names.includes(name), `component ${name} in ${names.join(', ')}`);
  }
  assert.equal(names.filter((n) => n.startsWith('Owner')).length, 1, 'one Owner component for two calls');
  const tree = schemas.TreeNode as { properties: { children: { items: unknown } } };
  assert.deepEqual(tree.properties.children.items, { $ref: '#/components/schemas/TreeNode' });
  const folder = schemas.Folder as { properties: { entries: { items: unknown }; parent: unknown } };
  assert.deepEqual(folder.properties.entries.items, { $ref: '#/components/schemas/Entry' });
  // An optional field is described as declared: the encoder writes null only where the schema admits it.
  assert.deepEqual(
    folder.properties.parent,
    { $ref: '#/components/schemas/Folder' },
    'an optional parent admits no null: absent stays absent',
  );
  const shape = schemas.Shape as { discriminator: { mapping: Record<string, string> } };
  assert.deepEqual(shape.discriminator.mapping, {
    circle: '#/components/schemas/Circle',
    square: '#/components/schemas/Square',
  });
  const scalars = schemas.Scalars as { properties: Record<string, Record<string, unknown>> };
  assert.deepEqual(scalars.properties.when, { type: 'string', format: 'date-time' });
  assert.deepEqual(scalars.properties.big, { type: 'integer', format: 'int64' });
  assert.deepEqual(scalars.properties.bytes, { type: 'string', format: 'byte' });
  assert.equal(JSON.stringify(doc).includes('x-kitgen'), false);
  await SwaggerParser.validate(structuredClone(doc) as never);
  const doc30 = OpenAPIGen.fromEndpoints(
    { title: 'Derived', version: '1.0.0', openapi: '3.0.3' },
    ...endpoints,
  ).document;
  await SwaggerParser.validate(structuredClone(doc30) as never);
});

test('a derived schema and the contract-first form of the same schema are one component', () => {
  const s = derivedCalls(`import type * as F from './features.ts';\nexport const user = DeriveSchema.gen<F.User>();\n`);
  const written = Schema.Unsafe({
    $id: 'User',
    type: 'object',
    properties: { id: { type: 'number' } },
    required: ['id'],
  });
  const doc = OpenAPIGen.fromEndpoints(
    'Both',
    '1.0.0',
    Endpoint(RoutePattern.GET('a')).out(s.get('user')!),
    Endpoint(RoutePattern.GET('b')).out(written),
  ).document;
  assert.deepEqual(Object.keys(doc.components?.schemas ?? {}), ['User']);
});

test('everyday shapes in a document: in-place tagged members are components the mapping names, absent properties, closed and array-like types', async () => {
  const s = derivedCalls(`import type * as E from './everyday.ts';
export const payment = DeriveSchema.gen<E.Payment>();
export const oneOf = DeriveSchema.gen<E.OneOf>();
export const outcomes = DeriveSchema.gen<E.Outcomes>();
export const strict = DeriveSchema.gen<E.Strict>();
export const tags = DeriveSchema.gen<E.TagList>();
export const link = DeriveSchema.gen<E.Link>();
`);
  const endpoints = [
    Endpoint(RoutePattern.POST('payments')).in(s.get('payment')!).out(s.get('outcomes')!),
    Endpoint(RoutePattern.POST('choices')).in(s.get('oneOf')!).out(s.get('strict')!),
    Endpoint(RoutePattern.POST('tags')).in(s.get('tags')!).out(s.get('link')!),
  ];
  for (const openapi of ['3.1.0', '3.0.3'] as const) {
    const doc = OpenAPIGen.fromEndpoints({ title: 'Everyday', version: '1.0.0', openapi }, ...endpoints).document;
    const schemas = (doc.components?.schemas ?? {}) as Record<string, Record<string, unknown>>;
    const mapping = (schemas.Payment.discriminator as { mapping: Record<string, string> }).mapping;
    assert.deepEqual(mapping, {
      card: '#/components/schemas/PaymentCard',
      invoice: '#/components/schemas/PaymentInvoice',
    });
    for (const target of Object.values(mapping))
      assert.ok(target.split('/').pop()! in schemas, `${target} is a component`);
    assert.deepEqual((schemas.ResultOfVoid.properties as Record<string, unknown>).value, { not: {} });
    assert.equal(schemas.Strict.additionalProperties, false);
    assert.equal(schemas.TagList.type, 'array');
    await SwaggerParser.validate(structuredClone(doc) as never);
  }
});
