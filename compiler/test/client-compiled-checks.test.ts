// The response checks operations.js holds compiled to code (compiler/src/emit/checkCode.ts)
// against the browser's validator engine (runtime/src/schema/lightEngine.ts), which a property
// test holds to TypeBox's: for generated schemas of the kinds a compiled operation has, the
// compiled check and the engine give the same first failure (pointer and message) on every value,
// or none alike. A schema using a keyword not compiled stays the engine's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { NamedSchema, SchemaNode } from '../src/model/Api.ts';
import { CHECK_HELPERS, CheckCompiler } from '../src/emit/checkCode.ts';
import { schemaValue } from '../src/emit/schemaValue.ts';
import { RuntimeImports } from '../src/emit/printer/RuntimeImports.ts';
import { compileSchema } from '../../runtime/src/schema/lightEngine.ts';
import { isDate, isDateTime, isTime } from '../../runtime/src/schema/lightFormats.ts';

type Node = SchemaNode;
const none = {};

const leaf: fc.Arbitrary<Node> = fc.oneof(
  fc.record(
    {
      kind: fc.constant('string' as const),
      constraints: fc.record({ minLength: fc.nat(3), maxLength: fc.integer({ min: 0, max: 6 }) }, { requiredKeys: [] }),
      format: fc.constantFrom('date-time', 'date', 'time', 'binary', 'int32', 'made-up'),
      enum: fc.uniqueArray(fc.string({ maxLength: 2 }), { minLength: 1, maxLength: 3 }),
    },
    { requiredKeys: ['kind', 'constraints'] },
  ),
  fc.record(
    {
      kind: fc.constantFrom('integer' as const, 'number' as const),
      constraints: fc.record(
        {
          minimum: fc.integer({ min: -5, max: 0 }),
          maximum: fc.integer({ min: 0, max: 5 }),
          exclusiveMinimum: fc.integer({ min: -6, max: -1 }),
          exclusiveMaximum: fc.double({ min: 0.5, max: 7, noNaN: true }),
        },
        { requiredKeys: [] },
      ),
      format: fc.constantFrom('int32', 'uint32', 'int64', 'uint64', 'float', 'double'),
      enum: fc.uniqueArray(fc.integer({ min: -2, max: 2 }), { minLength: 1, maxLength: 3 }),
    },
    { requiredKeys: ['kind', 'constraints'] },
  ),
  fc.constantFrom<Node>({ kind: 'boolean' }, { kind: 'null' }, { kind: 'any' }, { kind: 'ref', target: 'Named' }),
  fc.record({
    kind: fc.constant('const' as const),
    values: fc.uniqueArray(fc.oneof(fc.string({ maxLength: 2 }), fc.integer({ min: -2, max: 2 }), fc.boolean()), {
      minLength: 1,
      maxLength: 3,
    }),
  }),
);

const { tree } = fc.letrec<{ tree: Node }>((tie) => ({
  tree: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.record({
      kind: fc.constant('array' as const),
      items: tie('tree'),
      constraints: fc.record({ minItems: fc.nat(2), maxItems: fc.integer({ min: 1, max: 3 }) }, { requiredKeys: [] }),
    }),
    fc.record({
      kind: fc.constant('object' as const),
      properties: fc.uniqueArray(
        fc.record({
          name: fc.constantFrom('a', 'b', 'c/d', 'e~f', 'g h'),
          schema: tie('tree'),
          required: fc.boolean(),
        }),
        { selector: (p) => p.name, maxLength: 3 },
      ),
      additional: fc.oneof(fc.constant(undefined), fc.boolean(), tie('tree')),
      constraints: fc.record(
        { minProperties: fc.nat(2), maxProperties: fc.integer({ min: 1, max: 4 }) },
        { requiredKeys: [] },
      ),
    }),
  ),
}));

// A named schema the generated trees may refer to, compiled to a function of its own.
const named: NamedSchema = {
  key: 'Named',
  name: 'Named',
  ident: 'Named',
  pointer: '#/components/schemas/Named',
  schema: {
    kind: 'object',
    properties: [{ name: 'id', schema: { kind: 'integer', format: 'int32', constraints: none }, required: true }],
    additional: false,
    constraints: none,
  },
} as NamedSchema;

/** Values near a schema: fitting ones and others, so both verdicts and every failure are reached. */
function valueNear(node: Node, depth = 0): fc.Arbitrary<unknown> {
  const anything = fc.jsonValue({ maxDepth: 2 });
  const near = ((): fc.Arbitrary<unknown> => {
    switch (node.kind) {
      case 'string':
        return fc.oneof(
          fc.string({ maxLength: 7, unit: 'binary' }),
          fc.constantFrom('2020-02-29', '2021-02-29', '12:30:00Z', '2020-01-01T00:00:00Z', '2020-01-01T25:00:00Z'),
          fc.constantFrom(...(node.enum ?? ['x'])),
        );
      case 'integer':
      case 'number':
        return fc.oneof(
          fc.integer({ min: -8, max: 8 }),
          fc.double({ min: -8, max: 8 }),
          fc.constantFrom(2 ** 31, -(2 ** 31) - 1, 2 ** 32, 2 ** 64, -1, 0.5),
        );
      case 'array':
        return depth > 4 ? fc.constant([]) : fc.array(valueNear(node.items, depth + 1), { maxLength: 4 });
      case 'object': {
        if (depth > 4) return fc.constant({});
        const props = Object.fromEntries(node.properties.map((p) => [p.name, valueNear(p.schema, depth + 1)]));
        return fc
          .tuple(
            fc.record(props, { requiredKeys: [] }),
            fc.dictionary(fc.constantFrom('x', 'y/z', 'a'), anything, { maxKeys: 2 }),
          )
          .map(([known, extra]) => ({ ...extra, ...known }));
      }
      case 'ref':
        return valueNear(named.schema, depth + 1);
      case 'const':
        return fc.constantFrom(...node.values);
      default:
        return anything;
    }
  })();
  return fc.oneof({ weight: 4, arbitrary: near }, { weight: 1, arbitrary: anything });
}

/** The compiled check of a node as a function, or undefined when it is left to the engine. */
function compiled(node: Node): ((value: unknown) => unknown) | undefined {
  const checks = new CheckCompiler(new Map([['Named', named]]));
  const check = checks.check(node);
  if (check === undefined) return undefined;
  const decls = [
    ...[...checks.uses.helpers].map((h) => `const $${h} = ${CHECK_HELPERS[h]};`),
    ...[...checks.functions].map(([local, value]) => `const ${local} = ${value};`),
  ];
  const formats = { $isDateFormat: isDate, $isTimeFormat: isTime, $isDateTimeFormat: isDateTime };
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the generated code under test
  const make = new Function(...Object.keys(formats), `${decls.join('\n')}\nreturn ${check};`) as (
    ...args: unknown[]
  ) => (value: unknown) => unknown;
  return make(...Object.values(formats));
}

/** The JSON Schema operations.js would give the engine for a node. */
function jsonSchema(node: Node): object {
  const ctx = { identOf: () => '$Named', lean: true, imports: new RuntimeImports() };
  const namedValue = new Function(`return ${schemaValue(named.schema, ctx)};`)() as object;
  return new Function('$Named', `return ${schemaValue(node, ctx)};`)(namedValue) as object;
}

test('a compiled check gives the engine’s first failure, pointer and message', () => {
  let compiledCount = 0;
  fc.assert(
    fc.property(
      tree.chain((node) => fc.tuple(fc.constant(node), fc.array(valueNear(node), { minLength: 8, maxLength: 8 }))),
      ([node, values]) => {
        const check = compiled(node);
        if (!check) return;
        compiledCount++;
        const engine = compileSchema(jsonSchema(node) as never);
        for (const value of values) assert.deepEqual(check(value), engine.explain(value), JSON.stringify(value));
      },
    ),
    { numRuns: 400 },
  );
  assert.ok(compiledCount > 200, `most generated schemas compile (${compiledCount} of 400)`);
});

test('keywords not compiled leave the schema to the engine', () => {
  const string = (extra: object): Node => ({ kind: 'string', constraints: none, ...extra }) as Node;
  for (const node of [
    string({ constraints: { pattern: '^a' } }),
    string({ format: 'email' }),
    { kind: 'number', constraints: { multipleOf: 2 } },
    { kind: 'array', items: { kind: 'any' }, constraints: { uniqueItems: true } },
    { kind: 'array', items: { kind: 'any' }, prefixItems: [{ kind: 'any' }], constraints: none },
    {
      kind: 'object',
      properties: [{ name: 'constructor', schema: { kind: 'any' }, required: false }],
      additional: undefined,
      constraints: none,
    },
    { ...string({}), nullable: true },
    { kind: 'union', keyword: 'oneOf', members: [string({}), { kind: 'null' }] },
  ] as Node[])
    assert.equal(compiled(node), undefined, JSON.stringify(node));
});
