// Types ts-json-schema-generator's own suite has that DeriveSchema.gen<T>() read otherwise before:
// enum members TypeScript gives no literal type, `@nullable`, an alias's notes through `Exclude`
// of a named union, `never` and `undefined` alone, and the empty tuple.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { expandProbe } from './support/deriveProbe.ts';

function derived(declarations: string, type: string) {
  const out = expandProbe(
    `import { DeriveSchema } from '@kitgen/runtime';\n${declarations}\nexport const probe = DeriveSchema.gen<${type}>();\n`,
  );
  assert.deepEqual(out.diagnostics, []);
  return out.calls[0].schema;
}

test('an enum member written `true as any` or `null` is the value its initializer writes', () => {
  const schema = derived('export enum Mixed { A, B = 1, C = true as any, D = "str" as any, E = null }', 'Mixed');
  assert.deepEqual(schema, {
    $id: 'Mixed',
    anyOf: [
      { type: 'string', enum: ['str'] },
      { type: 'integer', enum: [0, 1] },
      { type: 'boolean', enum: [true] },
      { type: 'null' },
    ],
  });
});

test('@nullable admits null beside the type, a named one too', () => {
  const schema = derived(
    'export interface Item { name: string }\nexport interface Box {\n  /** @nullable */\n  items?: Item[];\n  /** @nullable */\n  one: Item;\n}',
    'Box',
  ) as { properties: Record<string, unknown> };
  const item = { $id: 'Item', type: 'object', properties: { name: { type: 'string' } }, required: ['name'] };
  assert.deepEqual(schema.properties.items, { anyOf: [{ type: 'array', items: item }, { type: 'null' }] });
  assert.deepEqual(schema.properties.one, { anyOf: [item, { type: 'null' }] });
});

test('Exclude of a documented named union keeps its notes on what is left', () => {
  const schema = derived(
    '/**\n * Number or string\n * @pattern foo\n */\ntype NumberOrString = number | string;\nexport interface Holder { h: Exclude<NumberOrString, number> }',
    'Holder',
  ) as { properties: Record<string, unknown> };
  assert.deepEqual(schema.properties.h, { type: 'string', pattern: 'foo', description: 'Number or string' });
});

test('never and undefined alone admit no value; the empty tuple is its bounds alone', () => {
  assert.deepEqual(derived('', 'never'), { not: {} });
  assert.deepEqual(derived('', 'undefined'), { not: {} });
  assert.deepEqual(derived('', '[]'), { type: 'array', maxItems: 0 });
});
