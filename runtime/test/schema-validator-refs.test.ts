// `$ref`s by `$id` resolve to the schema that carries the id, in a schema holding many of both (a
// published document's response, once its unions are rewritten, holds thousands): each reference
// is checked against the right target, and an id written twice is still resolved as before.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Either, JsonCodec, type Static, type TSchema } from '@kitgen/runtime';

const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

// A chain of 200 objects, each holding the next by reference, and a root listing all of them.
function chain(n: number): TSchema {
  const defs: Record<string, unknown> = {};
  for (let i = 0; i < n; i++) {
    defs[`Link${i}`] = {
      $id: `Link${i}`,
      type: 'object',
      required: ['n'],
      properties: { n: { const: i }, next: i + 1 < n ? { $ref: `Link${i + 1}` } : { type: 'null' } },
    };
  }
  const properties = Object.fromEntries(Array.from({ length: n }, (_, i) => [`at${i}`, { $ref: `Link${i}` }]));
  return { type: 'object', properties, $defs: defs } as unknown as TSchema;
}

test('every reference of a schema with hundreds of ids is checked against its own target', () => {
  const codec = JsonCodec.schemaBasedBinaryCodec(chain(200) as TSchema & Static<TSchema>);
  assert.ok(Either.isRight(codec.decode(bytes({ at5: { n: 5, next: { n: 6 } }, at199: { n: 199, next: null } }))));
  const wrong = codec.decode(bytes({ at5: { n: 5, next: { n: 7 } } }));
  assert.ok(Either.isLeft(wrong));
  assert.equal(wrong.left.pointer, '/at5/next/n');
  const last = codec.decode(bytes({ at199: { n: 199, next: { n: 200 } } }));
  assert.ok(Either.isLeft(last));
  assert.equal(last.left.pointer, '/at199/next');
});

test('an id written on two different schemas is still resolved', () => {
  const schema = {
    type: 'object',
    properties: { a: { $ref: 'Twice' }, b: { $id: 'Other', type: 'string' } },
    $defs: { Twice: { $id: 'Twice', type: 'integer' }, Again: { $id: 'Twice', type: 'integer' } },
  } as unknown as TSchema;
  const codec = JsonCodec.schemaBasedBinaryCodec(schema as TSchema & Static<TSchema>);
  assert.ok(Either.isRight(codec.decode(bytes({ a: 1, b: 'x' }))));
  assert.ok(Either.isLeft(codec.decode(bytes({ a: 'one' }))));
});

// Level i holds level i+1 twice, by the object itself (as generated code embeds a named schema):
// written out as a tree, 2^depth places.
function shared(depth: number, repeatedId: boolean): TSchema {
  let level: Record<string, unknown> = {
    $id: `Level${depth}`,
    type: 'object',
    required: ['n'],
    properties: { n: { const: depth } },
  };
  for (let i = depth - 1; i >= 0; i--)
    level = { $id: `Level${i}`, type: 'object', required: ['n'], properties: { n: { const: i }, a: level, b: level } };
  // The same id on a second object, as a copy beside its original (left in the context's search).
  const twin = repeatedId ? { $id: 'Level3', type: 'object', properties: { n: { const: 3 } } } : undefined;
  return {
    type: 'object',
    properties: { top: level, ref: { $ref: 'Level3' } },
    $defs: twin ? { twin } : {},
  } as unknown as TSchema;
}

test('a schema holding the same named schemas in many places compiles each once', () => {
  for (const repeatedId of [false, true]) {
    const schema = shared(40, repeatedId);
    const codec = JsonCodec.schemaBasedBinaryCodec(schema as TSchema & Static<TSchema>);
    const deep = { n: 0, a: { n: 1, b: { n: 2, a: { n: 3 } } } };
    assert.ok(Either.isRight(codec.decode(bytes({ top: deep }))));
    const wrong = codec.decode(bytes({ top: { n: 0, a: { n: 1, b: { n: 2, b: { n: 4 } } } } }));
    assert.ok(Either.isLeft(wrong));
    assert.equal(wrong.left.pointer, '/top/a/b/b/n');
  }
});
