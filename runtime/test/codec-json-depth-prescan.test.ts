// The count of opening brackets that spares ordinary bodies the character walk must never let a
// body nest past the codec's limit: a text deeper than the limit has more brackets than it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CodecConfig, JsonCodec, Schema } from '@kitgen/runtime';
import { mayNestDeeperThan } from '../src/codec/json/jsonInspection.ts';

test('a long text with few brackets needs no walk; one with more than the limit does', () => {
  const flat = JSON.stringify({ notes: 'x'.repeat(50_000), list: [1, 2, 3] });
  assert.equal(mayNestDeeperThan(flat, 100), false);
  // Brackets inside strings count too: an upper bound, never an underestimate.
  assert.equal(mayNestDeeperThan(JSON.stringify({ s: '['.repeat(101) + 'x'.repeat(300) }), 100), true);
  assert.equal(mayNestDeeperThan('['.repeat(101) + ']'.repeat(101), 100), true);
  assert.equal(mayNestDeeperThan('['.repeat(50) + ' '.repeat(500) + ']'.repeat(50), 100), false);
});

test('a body nested one level past the limit is still refused, with its place', () => {
  const config = CodecConfig({ maxDepth: 100 });
  const codec = JsonCodec.schemaBasedBinaryCodec(Schema.Object({ a: Schema.Unknown() }), config);
  const deep = `{"a":${'['.repeat(100)}${']'.repeat(100)},"pad":"${'x'.repeat(500)}"}`;
  const r = codec.decodeString(deep, 'request body');
  assert.equal(r._tag, 'left');
  assert.match(r._tag === 'left' ? r.left.message : '', /deep/i);
  const ok = `{"a":${'['.repeat(99)}${']'.repeat(99)},"pad":"${'{'.repeat(500)}"}`;
  assert.equal(codec.decodeString(ok)._tag, 'right');
});
