// Properties named like Object.prototype's members (`toString`, `constructor`, …) are checked by
// the validator outside TypeBox's compiled code (which would find the inherited member). Their
// schemas are still part of the schema: a reference inside one resolves to the same named schema
// as everywhere else, once the named schemas are gathered under one root.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Either, JsonCodec, type Static, type TSchema } from '@kitgen/runtime';

const codecOf = (schema: unknown) => JsonCodec.schemaBasedBinaryCodec(schema as TSchema & Static<TSchema>);

// `Node` is met twice in place and by reference, so the validator gathers it under one root.
const tree = {
  $defs: {
    Node: {
      $id: 'Node',
      type: 'object',
      required: ['value'],
      properties: {
        value: { type: 'integer' },
        toString: { anyOf: [{ type: 'null' }, { $ref: 'Node' }] },
        constructor: { type: 'array', items: { $ref: 'Node' } },
      },
    },
  },
  $ref: 'Node',
};

test('a reference under a property named toString resolves to its named schema', () => {
  const codec = codecOf(tree);
  const valid = { value: 1, toString: { value: 2, toString: null, constructor: [{ value: 3 }] } };
  const decoded = codec.decodeString(JSON.stringify(valid));
  assert.ok(Either.isRight(decoded), JSON.stringify(decoded));
  assert.deepEqual(decoded.right, valid);
});

test('a value refused under a property named constructor names the exact place', () => {
  const codec = codecOf(tree);
  const wrong = codec.decodeString(JSON.stringify({ value: 1, constructor: [{ value: 2 }, { value: 'x' }] }));
  assert.ok(Either.isLeft(wrong));
  assert.equal(wrong.left.pointer, '/constructor/1/value');
  assert.equal(wrong.left.expected, 'must be integer');
});

test('a refusal reads the same under a property named toString as under any other name', () => {
  const renamed = JSON.parse(JSON.stringify(tree).replaceAll('"toString"', '"child"'));
  const texts = ['{"value":1,"toString":{"value":2,"constructor":[{"value":"x"}]}}', '{"value":1,"toString":{}}'];
  for (const text of texts) {
    const ours = codecOf(tree).decodeString(text);
    const plain = codecOf(renamed).decodeString(text.replaceAll('"toString"', '"child"'));
    assert.ok(Either.isLeft(ours) && Either.isLeft(plain));
    assert.equal(ours.left.pointer, plain.left.pointer.replace('/child', '/toString'));
    assert.equal(ours.left.expected, plain.left.expected);
  }
});
