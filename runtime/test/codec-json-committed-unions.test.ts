// Which unions the JSON codec's validator checks as a committed choice, and which it leaves to
// the validator's own anyOf. A union whose members all fail at their tag before descending
// anywhere needs no rewriting; one whose members descend into a nested object first does.
// Ably's Control API (14 rule kinds, each with a nullable `_links` object before `ruleType`) was
// rewritten, and compiling the rewritten schema took the validator 17–20 s on the first answer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { JsonCodec, type TSchema } from '@kitgen/runtime';
import { withCommittedUnions } from '../src/codec/json/committedUnions.ts';

const kinds = ['http', 'http/ifttt', 'amqp', 'kafka', 'pulsar', 'aws/sqs', 'aws/lambda', 'unsupported'];
const rule = (kind: string, before: Record<string, unknown>) => ({
  $id: `${kind.replace(/\W/g, '_')}_rule`,
  type: 'object',
  properties: {
    ...before,
    appId: { type: 'string' },
    ruleType: { type: 'string', enum: [kind] },
    target: { type: 'object', properties: { url: { type: 'string' } }, required: ['url'] },
  },
  required: ['ruleType', 'target'],
  additionalProperties: false,
});
const union = (before: Record<string, unknown>) => ({
  anyOf: kinds.map((k) => rule(k, before)),
  discriminator: { propertyName: 'ruleType' },
});

test('a tag after fields a validator checks at a glance (a nullable object, scalars) leaves the union as it is', () => {
  const shallow = union({
    _links: { anyOf: [{ type: 'object' }, { type: 'null' }] },
    created: { type: 'number' },
    tags: { type: 'array' },
  });
  assert.equal(withCommittedUnions(shallow), shallow);
  const codec = JsonCodec.schemaBasedBinaryCodec(shallow as unknown as TSchema);
  const ok = codec.decodeString('{"_links":null,"ruleType":"kafka","target":{"url":"u"}}');
  assert.equal(ok._tag, 'right');
  const wrong = codec.decodeString('{"_links":{},"ruleType":"kafka","target":{"url":1}}');
  assert.equal(wrong._tag, 'left');
});

test('a tag after a field with declared contents, or no tag, is a committed choice', () => {
  const deep = union({ _links: { type: 'object', properties: { self: { type: 'string' } } } });
  assert.notEqual(withCommittedUnions(deep), deep);
  const nested = union({
    _links: { anyOf: [{ type: 'object', properties: { self: { type: 'string' } } }, { type: 'null' }] },
  });
  assert.notEqual(withCommittedUnions(nested), nested);
});

test('an object taking only {} (maxProperties: 0) is no member that keeps every key', () => {
  // GitHub's gist update, as kitgen generates it: each file is updated (content or filename),
  // deleted ({} or null); an update was checked against the {} member and refused.
  const file = {
    allOf: [
      { type: 'object', properties: { content: { type: 'string' }, filename: { type: 'string' } } },
      {
        anyOf: [
          { type: 'object', properties: { content: {} }, required: ['content'] },
          { type: 'object', properties: { filename: {} }, required: ['filename'] },
          { type: 'object', maxProperties: 0 },
        ],
      },
    ],
  };
  const body = {
    type: 'object',
    properties: { files: { type: 'object', additionalProperties: { anyOf: [file, { type: 'null' }] } } },
  };
  const codec = JsonCodec.schemaBasedBinaryCodec(body as unknown as TSchema);
  for (const f of ['{"content":"blah","filename":"goodbye.rb"}', '{"filename":"b.rb"}', '{}', 'null']) {
    const text = `{"files":{"a.rb":${f}}}`;
    const decoded = codec.decodeString(text);
    assert.equal(decoded._tag, 'right', `${text}: ${JSON.stringify(decoded)}`);
  }
  assert.equal(codec.decodeString('{"files":{"a.rb":{"x":1}}}')._tag, 'left');
});
