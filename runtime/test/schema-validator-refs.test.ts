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
