// DeriveSchema.gen<T>() derivation: each TypeScript feature's JSON Schema, checked as JSON and
// by validating sample values with the runtime's validator (TypeBox).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { inspect } from 'node:util';
import { validatorFor } from '@kitgen/runtime';
import { derive, prop } from './support/deriveProbe.ts';
import type { Json } from '../src/derive/deriveSchema.ts';

function clean(type: string, from?: string): Json {
  const { schema, diagnostics } = derive(type, from);
  assert.deepEqual(
    diagnostics.map((d) => d.message),
    [],
  );
  return schema;
}

function accepts(schema: Json, ...values: unknown[]): void {
  const v = validatorFor(schema as object);
  for (const value of values) assert.equal(v.check(value), true, `should accept ${inspect(value)}`);
}

function rejects(schema: Json, ...values: unknown[]): void {
  const v = validatorFor(schema as object);
  for (const value of values) assert.equal(v.check(value), false, `should reject ${inspect(value)}`);
}

const owner = {
  $id: 'Owner',
  type: 'object',
  properties: {
    name: { type: 'string' },
    email: { type: 'string' },
    nickname: { type: 'string' },
    phone: { anyOf: [{ type: 'string' }, { type: 'null' }] },
  },
  required: ['name', 'phone'],
};

test('interfaces: optional (?: and | undefined) leave required, readonly changes nothing, null is anyOf', () => {
  const s = clean('F.Owner');
  assert.deepEqual(s, owner);
  accepts(s, { name: 'a', phone: null }, { name: 'a', phone: '1', email: 'e' });
  rejects(s, { phone: null }, { name: 'a' }, { name: 1, phone: null });
});

test('literals: unions of literals are enums, mixed ones typeless enums, aliases are components', () => {
  const s = clean('F.Literals');
  assert.deepEqual(prop(s, 'kind'), { $id: 'Kind', type: 'string', enum: ['cat', 'dog'] });
  assert.deepEqual(prop(s, 'maybeKind'), {
    anyOf: [{ $id: 'Kind', type: 'string', enum: ['cat', 'dog'] }, { type: 'null' }],
  });
  assert.deepEqual(prop(s, 'mixed'), { $id: 'Mixed', enum: ['auto', 1, true] });
  assert.deepEqual(prop(s, 'level'), { $id: 'Level', type: 'integer', enum: [1, 2, 3] });
  assert.deepEqual(prop(s, 'ratio'), { $id: 'Ratio', type: 'number', enum: [0.5, 1] });
  assert.deepEqual(prop(s, 'flag'), { type: 'boolean', enum: [true] });
  assert.deepEqual(prop(s, 'autoOrNumber'), { anyOf: [{ type: 'string', enum: ['auto'] }, { type: 'number' }] });
  assert.deepEqual(prop(s, 'anything'), {});
  assert.deepEqual(prop(s, 'whatever'), {});
  assert.deepEqual(prop(s, 'nothing'), { type: 'null' });
  assert.deepEqual(prop(s, 'either'), { anyOf: [{ type: 'string' }, { type: 'number' }] });
  assert.deepEqual(prop(s, 'onOff'), { anyOf: [{ type: 'boolean' }, { type: 'null' }] });
  const kind = prop(s, 'kind');
  accepts(kind, 'cat', 'dog');
  rejects(kind, 'cow', 1);
  accepts(prop(s, 'autoOrNumber'), 'auto', 3.5);
  rejects(prop(s, 'autoOrNumber'), 'manual');
});

test('enums: string and numeric enums are named components; an enum with null keeps its name', () => {
  const s = clean('F.Enums');
  assert.deepEqual(prop(s, 'color'), { $id: 'Color', type: 'string', enum: ['red', 'green'] });
  assert.deepEqual(prop(s, 'maybeColor'), {
    anyOf: [{ $id: 'Color', type: 'string', enum: ['red', 'green'] }, { type: 'null' }],
  });
  assert.deepEqual(prop(s, 'priority'), { $id: 'Priority', type: 'integer', enum: [0, 1] });
  assert.deepEqual(prop(s, 'onlyRed'), { type: 'string', enum: ['red'] });
});

test('discriminated unions of named members: anyOf + discriminator with a mapping to components', () => {
  const s = clean('F.Shape');
  assert.deepEqual(s, {
    $id: 'Shape',
    anyOf: [
      {
        $id: 'Circle',
        type: 'object',
        properties: { kind: { type: 'string', enum: ['circle'] }, radius: { type: 'number' } },
        required: ['kind', 'radius'],
      },
      {
        $id: 'Square',
        type: 'object',
        properties: { kind: { type: 'string', enum: ['square'] }, side: { type: 'number' } },
        required: ['kind', 'side'],
      },
    ],
    discriminator: {
      propertyName: 'kind',
      mapping: { circle: '#/components/schemas/Circle', square: '#/components/schemas/Square' },
    },
  });
  accepts(s, { kind: 'circle', radius: 1 }, { kind: 'square', side: 2 });
  rejects(s, { kind: 'circle', side: 1 }, { kind: 'triangle' });
  // Members written in place become components named after the union and the tag, so the mapping can name them.
  const inline = clean('F.InlineShape') as { anyOf: Array<{ $id: string }>; discriminator?: unknown };
  assert.deepEqual(
    inline.anyOf.map((m) => m.$id),
    ['InlineShapeCircle', 'InlineShapeSquare'],
  );
  assert.deepEqual(inline.discriminator, {
    propertyName: 'kind',
    mapping: { circle: '#/components/schemas/InlineShapeCircle', square: '#/components/schemas/InlineShapeSquare' },
  });
  accepts(inline as Json, { kind: 'circle', radius: 1 });
  rejects(inline as Json, { kind: 'circle', side: 1 });
});

test('collections: arrays, ReadonlyArray, tuples (TypeBox form), records and index signatures', () => {
  const s = clean('F.Collections');
  assert.deepEqual(prop(s, 'tags'), { type: 'array', items: { type: 'string' } });
  assert.deepEqual(prop(s, 'frozen'), { type: 'array', items: { type: 'number' } });
  assert.deepEqual(prop(s, 'pair'), {
    type: 'array',
    items: [{ type: 'string' }, { type: 'number' }],
    additionalItems: false,
    minItems: 2,
    maxItems: 2,
  });
  assert.deepEqual(prop(s, 'optionalTail'), {
    type: 'array',
    items: [{ type: 'string' }, { type: 'number' }],
    additionalItems: false,
    minItems: 1,
    maxItems: 2,
  });
  assert.deepEqual(prop(s, 'rest'), {
    type: 'array',
    items: [{ type: 'string' }],
    additionalItems: { type: 'boolean' },
    minItems: 1,
  });
  assert.deepEqual(prop(s, 'scores'), { type: 'object', additionalProperties: { type: 'number' } });
  assert.deepEqual(prop(s, 'byId'), { type: 'object', additionalProperties: owner });
  assert.deepEqual(prop(s, 'fixedKeys'), {
    type: 'object',
    properties: { a: { type: 'boolean' }, b: { type: 'boolean' } },
    required: ['a', 'b'],
  });
  assert.deepEqual(prop(s, 'bag'), { type: 'object', additionalProperties: true });
  accepts(prop(s, 'pair'), ['a', 1]);
  rejects(prop(s, 'pair'), ['a'], ['a', 'b'], ['a', 1, 2]);
  accepts(prop(s, 'optionalTail'), ['a'], ['a', 1]);
  accepts(prop(s, 'rest'), ['a'], ['a', true, false]);
  rejects(prop(s, 'rest'), ['a', 1]);
  accepts(prop(s, 'scores'), { a: 1 });
  rejects(prop(s, 'scores'), { a: 'x' });
});

test('intersections merge into one object; branded primitives are their primitive', () => {
  assert.deepEqual(clean('F.WithAge'), {
    $id: 'WithAge',
    type: 'object',
    properties: { name: { type: 'string' }, age: { type: 'number' } },
    required: ['name', 'age'],
  });
  const ids = clean('F.Ids');
  assert.deepEqual(prop(ids, 'user'), { $id: 'UserId', type: 'string' });
  assert.deepEqual(prop(ids, 'order'), { $id: 'OrderId', type: 'number' });
  assert.deepEqual(clean('F.Named & { extra?: boolean }'), {
    type: 'object',
    properties: { name: { type: 'string' }, extra: { type: 'boolean' } },
    required: ['name'],
  });
});

test('utility and mapped types are inlined structurally', () => {
  const s = clean('F.Utilities');
  const all = { id: { type: 'number' }, name: { type: 'string' }, bio: { type: 'string' } };
  assert.deepEqual(prop(s, 'patch'), { type: 'object', properties: all });
  assert.deepEqual(prop(s, 'full'), { type: 'object', properties: all, required: ['id', 'name', 'bio'] });
  assert.deepEqual(prop(s, 'summary'), {
    type: 'object',
    properties: { id: all.id, name: all.name },
    required: ['id', 'name'],
  });
  assert.deepEqual(prop(s, 'withoutBio'), {
    type: 'object',
    properties: { id: all.id, name: all.name },
    required: ['id', 'name'],
  });
  assert.deepEqual(prop(s, 'frozen'), { type: 'object', properties: all, required: ['id', 'name'] });
  assert.deepEqual(prop(s, 'nullableFields'), {
    type: 'object',
    properties: { name: { anyOf: [{ type: 'string' }, { type: 'null' }] } },
    required: ['name'],
  });
  assert.deepEqual(clean('Partial<F.Profile>'), { type: 'object', properties: all });
});

test('generics get readable component names', () => {
  const s = clean('F.Generics');
  const user = { $id: 'User', type: 'object', properties: { id: { type: 'number' } }, required: ['id'] };
  const pageOfUser = {
    $id: 'PageOfUser',
    type: 'object',
    properties: { items: { type: 'array', items: user }, next: { type: 'string' } },
    required: ['items'],
  };
  assert.deepEqual(prop(s, 'users'), pageOfUser);
  assert.equal((prop(s, 'pair') as { $id: string }).$id, 'PairOfAAndB');
  assert.deepEqual(prop(s, 'boxed'), {
    $id: 'BoxOfString',
    type: 'object',
    properties: { value: { type: 'string' } },
    required: ['value'],
  });
  assert.deepEqual(prop(s, 'pages'), {
    $id: 'PageOfPageOfUser',
    type: 'object',
    properties: { items: { type: 'array', items: pageOfUser }, next: { type: 'string' } },
    required: ['items'],
  });
  assert.equal(derive('F.Page<F.User[]>').name, 'PageOfUserArray');
  assert.equal(derive("F.Pair<string, 'a' | 'b'>").name, 'PairOfStringAndAOrB');
});

test('recursion: TypeBox Cyclic form, self, mutual, through arrays, unions and null', () => {
  assert.deepEqual(clean('F.TreeNode', 'recursive.ts'), {
    $defs: {
      TreeNode: {
        $id: 'TreeNode',
        type: 'object',
        properties: { value: { type: 'number' }, children: { type: 'array', items: { $ref: 'TreeNode' } } },
        required: ['value'],
      },
    },
    $ref: 'TreeNode',
  });
  const folder = clean('F.Folder', 'recursive.ts');
  assert.deepEqual(folder, {
    $defs: {
      Folder: {
        $id: 'Folder',
        type: 'object',
        properties: {
          name: { type: 'string' },
          entries: { type: 'array', items: { $ref: 'Entry' } },
          parent: { $ref: 'Folder' },
        },
        required: ['name', 'entries'],
      },
      Entry: {
        $id: 'Entry',
        anyOf: [
          {
            $id: 'File',
            type: 'object',
            properties: { name: { type: 'string' }, size: { type: 'number' } },
            required: ['name', 'size'],
          },
          { $ref: 'Folder' },
        ],
      },
    },
    $ref: 'Folder',
  });
  accepts(folder, {
    name: 'root',
    entries: [
      { name: 'a', size: 1 },
      { name: 'sub', entries: [] },
    ],
  });
  rejects(folder, { name: 'root', entries: [{ name: 'a' }] });
  const link = clean('F.Link', 'recursive.ts');
  accepts(link, { value: 'a', next: { value: 'b', next: null } });
  rejects(link, { value: 'a', next: { value: 'b' } });
  const json = clean('F.Json', 'recursive.ts');
  accepts(json, { a: [1, 'x', null, true, { b: {} }] });
  rejects(json, { a: undefined as unknown as null, b: () => 1 });
  // A recursive type used twice below another type is the same $defs form both times.
  const forest = clean('F.Forest', 'recursive.ts');
  assert.deepEqual((prop(forest, 'trees') as { items: Json }).items, prop(forest, 'first'));
});

test('Date, bigint, bytes, template literals, object', () => {
  const s = clean('F.Scalars');
  assert.deepEqual(prop(s, 'when'), { type: 'string', format: 'date-time', 'x-kitgen-date': true });
  assert.deepEqual(prop(s, 'big'), { type: 'bigint', format: 'int64' });
  assert.deepEqual(prop(s, 'bytes'), { 'x-kitgen-bytes': true });
  assert.deepEqual(prop(s, 'buffer'), { 'x-kitgen-bytes': true });
  assert.deepEqual(prop(s, 'route'), { type: 'string', pattern: '^/pets/.*$' });
  assert.deepEqual(prop(s, 'object'), { type: 'object' });
  accepts(prop(s, 'route'), '/pets/1');
  rejects(prop(s, 'route'), '/users/1');
  accepts(prop(s, 'version'), 'v1.2', 'v10.0');
  rejects(prop(s, 'version'), 'v1', 'vx.2');
  accepts(prop(s, 'big'), 1n);
  rejects(prop(s, 'big'), 1);
});

test('JSDoc: description, @description, constraints as numbers, @default/@example as JSON or text, @deprecated, integers', () => {
  const s = clean('F.Documented') as Record<string, Json>;
  assert.equal(s.description, 'A documented thing.');
  assert.equal(s.deprecated, true);
  assert.deepEqual(s.examples, [{ count: 1 }]);
  assert.deepEqual(prop(s, 'count'), {
    type: 'integer',
    minimum: 0,
    maximum: 100,
    description: 'How many.',
    default: 1,
  });
  assert.deepEqual(prop(s, 'total'), { type: 'integer', format: 'int64' });
  assert.deepEqual(prop(s, 'small'), { type: 'integer', format: 'int32' });
  assert.deepEqual(prop(s, 'name'), {
    type: 'string',
    minLength: 1,
    maxLength: 20,
    pattern: '^[a-z]+$',
    description: 'Shown name.',
    examples: ['rex', 'max'],
  });
  assert.deepEqual(prop(s, 'tagged'), { type: 'string', description: 'From the tag.' });
  assert.deepEqual(prop(s, 'color'), { type: 'string', default: 'red' });
  assert.deepEqual(prop(s, 'email'), { type: 'string', format: 'email' });
  assert.deepEqual(prop(s, 'old'), { type: 'string', deprecated: true });
  assert.deepEqual(prop(s, 'id'), { type: 'string', readOnly: true });
  assert.deepEqual(prop(s, 'owner'), owner); // a component is the same wherever it is used
  accepts(prop(s, 'count'), 0, 100);
  rejects(prop(s, 'count'), -1, 101, 1.5);
  rejects(prop(s, 'name'), '', 'ABC');
});

test('classes with fields only are objects; anonymous roots have no $id', () => {
  assert.deepEqual(clean('F.Point'), {
    $id: 'Point',
    type: 'object',
    properties: { x: { type: 'number' }, y: { type: 'number' } },
    required: ['x', 'y'],
  });
  assert.deepEqual(clean('F.User[]'), {
    type: 'array',
    items: { $id: 'User', type: 'object', properties: { id: { type: 'number' } }, required: ['id'] },
  });
  assert.deepEqual(clean('string | null'), { anyOf: [{ type: 'string' }, { type: 'null' }] });
});
