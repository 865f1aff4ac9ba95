// A union with several list alternatives is chosen by the items' top level as well: a list of
// numbers goes to the list of numbers, not to the first list alternative. OpenAI's `prompt` and
// `input`, GitHub's labels and stargazers, apideck's custom field values were each refused or
// answered cut down (`[{}]`) because every list went to the first list alternative.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { JsonCodec, type TSchema } from '@kitgen/runtime';

const text = (codec: ReturnType<typeof JsonCodec.schemaBasedBinaryCodec>, value: unknown) =>
  new TextDecoder().decode(codec.encode(value as never));

test('lists of texts, of numbers and of lists of numbers are each read as their own alternative', () => {
  const prompt = {
    type: 'object',
    properties: {
      prompt: {
        oneOf: [
          { type: 'string' },
          { type: 'array', items: { type: 'string' } },
          { type: 'array', items: { type: 'integer' } },
          { type: 'array', items: { type: 'array', items: { type: 'integer' } } },
        ],
      },
    },
  };
  const codec = JsonCodec.schemaBasedBinaryCodec(prompt as unknown as TSchema);
  for (const body of [
    '{"prompt":[0,1]}',
    '{"prompt":[[0],[1,2]]}',
    '{"prompt":["a"]}',
    '{"prompt":"a"}',
    '{"prompt":[]}',
  ]) {
    const decoded = codec.decodeString(body);
    assert.equal(decoded._tag, 'right', `${body}: ${JSON.stringify(decoded)}`);
    assert.equal(text(codec, (decoded as { right: unknown }).right), body);
  }
  // A list no alternative's items fit is checked against the first list alternative, naming the item.
  const wrong = codec.decodeString('{"prompt":[true]}');
  assert.equal(wrong._tag, 'left');
  assert.match(JSON.stringify(wrong), /\/prompt\/0: must be string/);
});

test('lists of objects are told apart by their items’ required fields, decoded and written whole', () => {
  const user = {
    type: 'object',
    required: ['login', 'id'],
    properties: { login: { type: 'string' }, id: { type: 'integer' } },
  };
  const stargazer = {
    type: 'object',
    required: ['starred_at', 'user'],
    properties: { starred_at: { type: 'string', format: 'date-time' }, user },
  };
  const codec = JsonCodec.schemaBasedBinaryCodec({
    anyOf: [
      { type: 'array', items: user },
      { type: 'array', items: stargazer },
    ],
  } as unknown as TSchema);
  const starred = '[{"starred_at":"2020-01-01T00:00:00Z","user":{"login":"a","id":1}}]';
  const decoded = codec.decodeString(starred);
  assert.equal(decoded._tag, 'right', JSON.stringify(decoded));
  // Written back whole: the first alternative's encoder kept only `login` and `id`, so `[{}]`.
  assert.equal(text(codec, (decoded as { right: unknown }).right), starred);
  assert.equal(codec.decodeString('[{"login":"a","id":1}]')._tag, 'right');
  const neither = codec.decodeString('[{"x":1}]');
  assert.equal(neither._tag, 'left');
  assert.match(JSON.stringify(neither), /\/0: must have required propert/);
});

test('a list of objects beside a list of texts and scalars (a custom field value) is accepted', () => {
  const value = {
    type: 'object',
    properties: {
      value: {
        anyOf: [
          { type: 'string' },
          { type: 'number' },
          { type: 'boolean' },
          { type: 'object' },
          { type: 'array', items: { type: 'string' } },
          { type: 'array', items: { type: 'object' } },
        ],
      },
    },
  };
  const codec = JsonCodec.schemaBasedBinaryCodec(value as unknown as TSchema);
  for (const body of ['{"value":[{"a":1}]}', '{"value":["a"]}', '{"value":{"a":1}}', '{"value":1}'])
    assert.equal(codec.decodeString(body)._tag, 'right', body);
  assert.equal(codec.decodeString('{"value":[1]}')._tag, 'left');
});
