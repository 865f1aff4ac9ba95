// Schemas in generated documents: TypeBox → OpenAPI 3.1 JSON Schema in the wire form the JSON
// codec writes under a CodecConfig, shared components, tagged unions, and the 3.0.3 rewrite.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse as parseYaml } from 'yaml';
import {
  CodecConfig,
  DiscriminatorSetting,
  Endpoint,
  NameFormat,
  OpenAPI,
  OpenAPIGen,
  RoutePattern,
  Schema,
  type OpenAPIDocument,
  type ResponseObject,
  type SchemaObject,
  type TSchema,
} from '@kitgen/runtime';
import * as E from './fixtures/openapi/everyOperation.ts';

/** The document of one endpoint answering `schema` as JSON. */
function answering(
  schema: TSchema,
  options: { codecConfig?: CodecConfig; openapi?: '3.1.0' | '3.0.3' } = {},
): OpenAPIDocument {
  return OpenAPIGen.fromEndpoints(
    { title: 't', version: '1', implicitErrors: false, ...options },
    Endpoint(RoutePattern.GET('x')).out(schema),
  ).document;
}
const body = (d: OpenAPIDocument) =>
  (d.paths?.['/x']?.get?.responses?.['200'] as ResponseObject).content?.['application/json'].schema as SchemaObject;
const component = (d: OpenAPIDocument, name: string) => d.components?.schemas?.[name] as SchemaObject;
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** Every object in a JSON value with where it is. */
function* objects(value: unknown, at = ''): Generator<[string, Record<string, unknown>]> {
  if (Array.isArray(value)) for (const [i, v] of value.entries()) yield* objects(v, `${at}/${i}`);
  else if (typeof value === 'object' && value !== null) {
    yield [at, value as Record<string, unknown>];
    for (const [k, v] of Object.entries(value)) yield* objects(v, `${at}/${k}`);
  }
}

for (const openapi of ['3.1.0', '3.0.3'] as const) {
  const doc = OpenAPIGen.fromEndpoints(
    { title: 'Every operation', version: '1.0.0', openapi },
    ...E.everyOperation,
  ).document;

  test(`${openapi}: no TypeBox internals reach the document`, () => {
    for (const [at, o] of objects(doc)) {
      for (const key of Object.keys(o)) {
        if (at.includes('/examples/')) continue;
        assert.ok(
          !key.startsWith('~') &&
            key !== '$id' &&
            key !== '$defs' &&
            key !== '$schema' &&
            key !== 'x-kitgen-union' &&
            key !== 'x-kitgen-bytes',
          `${at}/${key}`,
        );
      }
      if (o.type !== undefined) assert.notEqual(o.type, 'bigint', at);
    }
  });

  test(`${openapi}: every named schema is one component, and no object schema is written out twice`, () => {
    const schemas = doc.components?.schemas ?? {};
    for (const name of ['User', 'NewUser', 'NotFound', 'Denied', 'Pet', 'TreeNode', 'HttpError'])
      assert.ok(schemas[name], name);
    const seen = new Map<string, string>();
    for (const [at, o] of objects({ paths: doc.paths, components: doc.components })) {
      if (at.includes('/examples/') || typeof o.properties !== 'object' || o.type !== 'object') continue;
      const key = JSON.stringify(o);
      assert.ok(!seen.has(key), `${at} repeats ${seen.get(key)}`);
      seen.set(key, at);
    }
    // Page has no $id but is used by four operations: it became one component, referenced.
    const pages = Object.entries(schemas).filter(
      ([, s]) => JSON.stringify(Object.keys(s.properties ?? {})) === '["offset","limit"]',
    );
    assert.equal(pages.length, 1);
  });

  test(`${openapi}: a recursive (Cyclic) schema is a component referring to itself`, () => {
    const node = component(doc, 'TreeNode');
    assert.deepEqual(node.properties?.children, { type: 'array', items: ref('TreeNode') });
  });
}

test('scalars: int64 → integer/int64, bytes → byte in JSON and binary as a body, literal unions → enum, X | null → nullable', () => {
  const s = body(answering(E.Blob));
  assert.deepEqual(s.properties?.size, { type: 'integer', format: 'int64' });
  assert.deepEqual(s.properties?.data, { type: 'string', format: 'byte', description: 'Raw bytes, base64 in JSON' });
  assert.deepEqual(s.properties?.color, { type: 'string', enum: ['red', 'green'] });
  assert.deepEqual(s.properties?.note, { type: ['string', 'null'] });
  assert.deepEqual(s.properties?.point, {
    type: 'array',
    prefixItems: [{ type: 'number' }, { type: 'number' }],
    minItems: 2,
    maxItems: 2,
  });
  assert.deepEqual(s.properties?.counts, { type: 'object', additionalProperties: { type: 'integer' } });
  assert.deepEqual(s.properties?.level, { type: 'integer', exclusiveMaximum: 10, default: 1 });
  const both = body(answering(Schema.Number({ minimum: 0, exclusiveMinimum: 1, maximum: 5, exclusiveMaximum: 9 })));
  assert.deepEqual(both, { type: 'number', exclusiveMinimum: 1, maximum: 5 }, 'the stricter of two bounds');
});

test('objects in the wire form: optional fields as declared (absent stays absent, null only where admitted), names in the configured format', () => {
  const Thing = Schema.Object({
    firstName: Schema.String(),
    nickName: Schema.Optional(Schema.String()),
    tags: Schema.Array(Schema.String()),
    maybe: Schema.Union([Schema.Integer(), Schema.Null()]),
  });
  assert.deepEqual(body(answering(Thing)), {
    type: 'object',
    properties: {
      firstName: { type: 'string' },
      nickName: { type: 'string' },
      tags: { type: 'array', items: { type: 'string' } },
      maybe: { type: ['integer', 'null'] },
    },
    required: ['firstName', 'tags', 'maybe'],
  });
  const config = CodecConfig({
    fieldNameFormat: NameFormat.SnakeCase,
    explicitNulls: CodecConfig.ExplicitConfig(false),
    explicitEmptyCollections: CodecConfig.ExplicitConfig(false),
  });
  assert.deepEqual(
    body(answering(Thing, { codecConfig: config })),
    {
      type: 'object',
      properties: {
        first_name: { type: 'string' },
        nick_name: { type: 'string' },
        tags: { type: 'array', items: { type: 'string' } },
        maybe: { type: ['integer', 'null'] },
      },
      required: ['first_name'],
    },
    'empty collections and nulls are left out by the encoder, so those fields may be missing',
  );
});

test('defaults and examples inside schemas are written in wire form', () => {
  const s = body(
    answering(
      Schema.Object(
        { big: Schema.Int64({ description: 'x' }), pet: Schema.Optional(E.Pet) },
        { examples: [{ big: 3n, pet: { type: 'Cat', lives: 1 } }] },
      ),
    ),
  );
  assert.deepEqual(s.examples, [{ big: 3, pet: { Cat: { lives: 1 } } }]);
});

test('tagged unions: ClassName wraps each case (default), Name uses a discriminator with mapping, NoDiscriminator an anyOf', () => {
  const classic = answering(E.Pet);
  assert.deepEqual(body(classic), ref('Pet'));
  assert.deepEqual(component(classic, 'Pet').oneOf, [
    { type: 'object', title: 'Cat', required: ['Cat'], properties: { Cat: ref('Cat') }, additionalProperties: false },
    { type: 'object', title: 'Dog', required: ['Dog'], properties: { Dog: ref('Dog') }, additionalProperties: false },
  ]);
  assert.deepEqual(
    component(classic, 'Cat').properties,
    { lives: { type: 'integer', minimum: 0, maximum: 9 } },
    'the case without the in-memory tag',
  );
  const named = answering(E.Pet, {
    codecConfig: CodecConfig({ discriminatorSettings: DiscriminatorSetting.Name('kind', NameFormat.SnakeCase) }),
  });
  const pet = component(named, 'Pet');
  assert.deepEqual(pet.oneOf, [ref('Cat'), ref('Dog')]);
  assert.deepEqual(pet.discriminator, {
    propertyName: 'kind',
    mapping: { cat: '#/components/schemas/Cat', dog: '#/components/schemas/Dog' },
  });
  assert.deepEqual(component(named, 'Dog').properties?.kind, { type: 'string', const: 'dog' });
  assert.deepEqual(component(named, 'Dog').required, ['kind', 'bark']);
  const plain = answering(E.Pet, {
    codecConfig: CodecConfig({ discriminatorSettings: DiscriminatorSetting.NoDiscriminator }),
  });
  assert.deepEqual(component(plain, 'Pet').anyOf, [ref('Cat'), ref('Dog')]);
  assert.equal(component(plain, 'Pet').discriminator, undefined);
});

test('a union case that is a named schema used elsewhere is referenced, not copied', () => {
  const e1 = Endpoint(RoutePattern.GET('cat')).out(E.Cat);
  const e2 = Endpoint(RoutePattern.GET('pet')).out(E.Pet);
  const d = OpenAPIGen.fromEndpoints('t', '1', e1, e2).document;
  assert.deepEqual(
    Object.keys(d.components?.schemas ?? {}).filter((n) => n.includes('Cat')),
    ['Cat'],
  );
  assert.deepEqual(component(d, 'Cat'), {
    type: 'object',
    properties: { lives: { type: 'integer', minimum: 0, maximum: 9 } },
    required: ['lives'],
  });
});

test('mistakes in schemas are reported: two different schemas with one $id, a $ref to nothing', () => {
  const A1 = Schema.Object({ a: Schema.String() }, { $id: 'A' });
  const A2 = Schema.Object({ b: Schema.String() }, { $id: 'A' });
  assert.throws(
    () =>
      OpenAPIGen.fromEndpoints(
        't',
        '1',
        Endpoint(RoutePattern.GET('1')).out(A1),
        Endpoint(RoutePattern.GET('2')).out(A2),
      ),
    /two different schemas share the \$id "A"/,
  );
  const same = Schema.Object({ a: Schema.String() }, { $id: 'A' });
  assert.doesNotThrow(
    () =>
      OpenAPIGen.fromEndpoints(
        't',
        '1',
        Endpoint(RoutePattern.GET('1')).out(A1),
        Endpoint(RoutePattern.GET('2')).out(same),
      ),
    'equal ones are one schema',
  );
  // Written in another key order, or holding a bigint (which plain JSON text cannot write), equal is equal.
  const B1 = Schema.Unsafe({ $id: 'B', type: 'integer', maximum: 10n, description: 'b' });
  const B2 = Schema.Unsafe({ description: 'b', maximum: 10n, type: 'integer', $id: 'B' });
  const B3 = Schema.Unsafe({ description: 'b', maximum: 11n, type: 'integer', $id: 'B' });
  const both = (x: typeof B1, y: typeof B1) => () =>
    OpenAPIGen.fromEndpoints('t', '1', Endpoint(RoutePattern.GET('1')).out(x), Endpoint(RoutePattern.GET('2')).out(y));
  assert.doesNotThrow(both(B1, B2), 'equal in another key order');
  assert.throws(both(B1, B3), /two different schemas share the \$id "B"/);
  assert.throws(() => answering(Schema.Object({ next: Schema.Ref('Nowhere') })), /\$ref "Nowhere" names no schema/);
});

test('3.0.3: nullable instead of null types, boolean exclusive bounds, enum for const, one example, tuples as items', () => {
  const d = answering(
    Schema.Object({
      note: Schema.Union([Schema.String(), Schema.Null()]),
      owner: Schema.Optional(Schema.Union([E.NewUser, Schema.Null()])),
      pet: Schema.Optional(Schema.Union([E.Pet, Schema.Null()])),
      n: Schema.Number({ exclusiveMinimum: 0, examples: [1, 2] }),
      one: Schema.Literal('x'),
      point: Schema.Tuple([Schema.Number(), Schema.String()]),
      any: Schema.Unknown(),
    }),
    { openapi: '3.0.3' },
  );
  assert.equal(d.openapi, '3.0.3');
  const p = body(d).properties ?? {};
  assert.deepEqual(p.note, { type: 'string', nullable: true });
  assert.deepEqual(p.owner, { type: 'object', nullable: true, allOf: [ref('NewUser')] });
  assert.deepEqual(
    p.pet,
    { type: 'object', nullable: true, allOf: [ref('Pet')] },
    'a union component is an object too',
  );
  assert.deepEqual(p.n, { type: 'number', minimum: 0, exclusiveMinimum: true, example: 1 });
  assert.deepEqual(p.one, { type: 'string', enum: ['x'] });
  assert.deepEqual(p.point, {
    type: 'array',
    minItems: 2,
    maxItems: 2,
    items: { anyOf: [{ type: 'number' }, { type: 'string' }] },
  });
  assert.deepEqual(p.any, {});
  for (const [at, o] of objects(d)) {
    if (at.includes('/examples/')) continue;
    assert.ok(!Array.isArray(o.type) && o.type !== 'null' && !('const' in o) && !('prefixItems' in o), at);
    if ('$ref' in o) assert.deepEqual(Object.keys(o), ['$ref'], `${at}: nothing beside a $ref in 3.0`);
  }
});

test('toYaml and toJson write the same document; fromJson and fromYaml read it back', () => {
  const api = OpenAPIGen.fromEndpoints('Every operation', '1.0.0', ...E.everyOperation);
  assert.deepEqual(parseYaml(api.toYaml()), JSON.parse(api.toJson()));
  const back = OpenAPI.fromJson(api.toJson());
  assert.equal(back._tag, 'right');
  assert.deepEqual(back._tag === 'right' && back.right.document, JSON.parse(api.toJson()));
  const yaml = OpenAPI.fromYaml(api.toYaml());
  assert.deepEqual(yaml._tag === 'right' && yaml.right.document, JSON.parse(api.toJson()));
  assert.equal(api.toJson(0).includes('\n'), false);
});
