// One validator wrapper over TypeBox: a value that breaks its schema is reported in one format
// (`value at <pointer>: <message>`) whether it arrived as JSON or through a binary codec.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Either, JsonCodec, MessagePackCodec, Schema } from '@kitgen/runtime';
import { encode } from '@msgpack/msgpack';

const Thing = Schema.Object({
  name: Schema.String(),
  tags: Schema.Array(Schema.String({ minLength: 2 })),
  ratio: Schema.Number(),
});

test('JSON and MessagePack report a schema violation with the same message and pointer', () => {
  const bad = { name: 'x', tags: ['ok', 'y'], ratio: 1 };
  const json = JsonCodec.schemaBasedBinaryCodec(Thing).decode(new TextEncoder().encode(JSON.stringify(bad)));
  const msgpack = MessagePackCodec.messagePackCodec(Thing).decode(encode(bad));
  assert.ok(Either.isLeft(json) && Either.isLeft(msgpack));
  assert.equal(json.left.pointer, '/tags/1');
  assert.match(json.left.message, /^value at \/tags\/1: /);
  assert.equal(msgpack.left.message, json.left.message);
  assert.equal(msgpack.left.pointer, json.left.pointer);
  assert.equal(msgpack.left.expected, json.left.expected);
});

test('binary codecs still accept IEEE 754 specials where JSON cannot carry them', () => {
  const value = MessagePackCodec.messagePackCodec(Thing).decode(encode({ name: 'n', tags: [], ratio: Number.NaN }));
  assert.ok(Either.isRight(value));
  assert.ok(Number.isNaN(value.right.ratio));
});
