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

test('a member closed to every key (additionalProperties: false, no field) takes only {}', () => {
  // LinQR's QR code data, as kitgen generates it: a text, Wi-Fi data, contact data (closed beside
  // its anyOf, so no object with a key fits it) or a location. A location was checked against
  // the contact data, the first object its top level seemed to fit, and refused.
  const object = (required: string[], names: string[], extra: Record<string, unknown> = {}) => ({
    type: 'object',
    properties: Object.fromEntries(names.map((n) => [n, { type: n === 'ssid' ? 'string' : 'number' }])),
    required,
    additionalProperties: false,
    ...extra,
  });
  const contact = {
    allOf: [
      { type: 'object', additionalProperties: false },
      { anyOf: [object(['last_name'], ['last_name']), object(['name'], ['name'])] },
    ],
  };
  const data = {
    anyOf: [
      { type: 'string' },
      object(['ssid'], ['ssid']),
      contact,
      object(['latitude', 'longitude'], ['latitude', 'longitude']),
    ],
  };
  const body = { type: 'object', properties: { data }, additionalProperties: false };
  const codec = JsonCodec.schemaBasedBinaryCodec(body as unknown as TSchema);
  for (const d of ['{"latitude":0,"longitude":0}', '{"ssid":""}', '"text"']) {
    const decoded = codec.decodeString(`{"data":${d}}`);
    assert.deepEqual(decoded, { _tag: 'right', right: { data: JSON.parse(d) } }, d);
  }
  // No member takes these: not `{}` (the contact data's members each require a key), not half a location.
  for (const d of ['{}', '{"latitude":0}']) assert.equal(codec.decodeString(`{"data":${d}}`)._tag, 'left', d);
  // Closed directly in the union too: `{}` goes to it, another object to the member naming its keys.
  const closed = JsonCodec.schemaBasedBinaryCodec({
    anyOf: [{ type: 'object', additionalProperties: false }, object(['ssid'], ['ssid'])],
  } as unknown as TSchema);
  assert.deepEqual(closed.decodeString('{"ssid":"x"}'), { _tag: 'right', right: { ssid: 'x' } });
  assert.deepEqual(closed.decodeString('{}'), { _tag: 'right', right: {} });
});

// Two members that look alike at their top level (an object with `a`): the committed choice takes
// the first, so `{"a":{"b":1}}` is refused as "must be string" wherever the union sits.
const lookAlike = (t: string) => ({
  type: 'object',
  required: ['a'],
  properties: { a: { type: 'object', properties: { b: { type: t } } } } as Record<string, unknown>,
});

test('a union reached again through a cycle of objects is committed at every depth', () => {
  // Objects that refer back to their ancestor (a schema built in code, not by `$ref`): the inner
  // union was left as an anyOf, so the nested value was accepted by the second member.
  const union = { anyOf: [lookAlike('string'), lookAlike('number')] };
  for (const member of union.anyOf) member.properties.more = { type: 'array', items: union };
  const codec = JsonCodec.schemaBasedBinaryCodec(union as unknown as TSchema);
  assert.equal(codec.decodeString('{"a":{"b":"x"},"more":[{"a":{"b":"y"}}]}')._tag, 'right');
  const nested = codec.decodeString('{"a":{"b":"x"},"more":[{"a":{"b":1}}]}');
  assert.equal(nested._tag, 'left');
  assert.match(JSON.stringify(nested), /\/more\/0\/a\/b: must be string/);
});

test('a named schema carrying its own $defs is one schema wherever a union names it', () => {
  // Generated code embeds a recursive group's schema as `{ $defs, $ref: 'Price' }`. Named by a
  // union, it kept its original `$defs` beside the rewritten ones (Stripe's Price, under an
  // invoice item and under a subscription phase): two `Price`s, and the validator checked both
  // places with the original, whose inner union was never committed.
  // Each member holds P again, so the union is a committed choice (one whose members reach no
  // other choice is tried member by member, and takes `{"a":{"b":1}}` by its second member).
  const members = [lookAlike('string'), lookAlike('number')];
  for (const member of members) member.properties.more = { type: 'array', items: { $ref: 'P' } };
  const defs = { P: { $id: 'P', type: 'object', properties: { u: { anyOf: members } } } };
  const named = () => ({ $defs: defs, $ref: 'P' });
  const other = { type: 'object', required: ['q'], properties: { q: { type: 'object', properties: { c: {} } } } };
  const body = { type: 'object', properties: { first: named(), second: { anyOf: [named(), other] } } };
  const codec = JsonCodec.schemaBasedBinaryCodec(body as unknown as TSchema);
  for (const field of ['first', 'second']) {
    assert.equal(codec.decodeString(`{"${field}":{"u":{"a":{"b":"x"}}}}`)._tag, 'right');
    const refused = codec.decodeString(`{"${field}":{"u":{"a":{"b":1}}}}`);
    assert.equal(refused._tag, 'left', field);
    assert.match(JSON.stringify(refused), new RegExp(`/${field}/u/a/b: must be string`));
  }
});

test('a union whose members reach no other choice takes a value any member takes, decoded by that member', () => {
  // Two members alike at their top level, neither holding a union: the second takes `b: 1`.
  const union = { anyOf: [lookAlike('string'), lookAlike('number')] };
  union.anyOf[1].properties.a = {
    type: 'object',
    properties: { b: { type: 'number' }, c: { type: 'string' } },
  };
  const codec = JsonCodec.schemaBasedBinaryCodec(union as unknown as TSchema);
  assert.deepEqual(codec.decodeString('{"a":{"b":"x"}}'), { _tag: 'right', right: { a: { b: 'x' } } });
  // Decoded by the first member, `c` would be dropped.
  assert.deepEqual(codec.decodeString('{"a":{"b":1,"c":"kept"}}'), {
    _tag: 'right',
    right: { a: { b: 1, c: 'kept' } },
  });
  // Written by the member that takes it too.
  assert.equal(codec.encodeToString({ a: { b: 1, c: 'kept' } }), '{"a":{"b":1,"c":"kept"}}');
  // Taken by none: explained by the member its top level fits first.
  const refused = codec.decodeString('{"a":{"b":true}}');
  assert.equal(refused._tag, 'left');
  assert.match(JSON.stringify(refused), /\/a\/b: must be string/);
});

test('a value no member takes as sent is refused, not taken by another after the first cut it', () => {
  // Mist's device (an access point, a switch, a gateway): `cmds` a text where the gateway declares
  // a list, so only the access point fits; cut to its fields, the value passed the gateway's check.
  const accessPoint = { type: 'object', properties: { netmask: { type: 'string', minLength: 1 } } };
  const gateway = {
    type: 'object',
    properties: { cmds: { type: 'array', items: { type: 'string' } }, netmask: { type: 'string' } },
  };
  const codec = JsonCodec.schemaBasedBinaryCodec({ oneOf: [accessPoint, gateway] } as unknown as TSchema);
  const refused = codec.decodeString('{"cmds":"zz-invalid","netmask":""}');
  assert.equal(refused._tag, 'left');
  assert.match(JSON.stringify(refused), /\/netmask: must not have fewer than 1 characters/);
  for (const taken of ['{"netmask":""}', '{"cmds":["a"],"netmask":""}', '{"netmask":"255.0.0.0"}'])
    assert.deepEqual(codec.decodeString(taken), { _tag: 'right', right: JSON.parse(taken) }, taken);
});

test("a text's format tells members apart at the top level", () => {
  // LinQR's QR data: an e-mail's `to` is an address, an SMS's a phone number, and a contact holds
  // a union of its own (so the members are not tried in turn). `{"to": "0"}` is the SMS.
  const closed = (properties: Record<string, unknown>) => ({
    type: 'object',
    properties,
    required: Object.keys(properties),
    additionalProperties: false,
  });
  const email = closed({ to: { type: 'string', format: 'email' } });
  const sms = closed({ to: { type: 'string', pattern: '^[+]?[0-9]+$' } });
  const card = (tag: string) => ({ type: 'object', properties: { [tag]: { type: 'object' } } });
  const contact = closed({ who: { anyOf: [card('vcard'), card('mecard')] } });
  const codec = JsonCodec.schemaBasedBinaryCodec({ anyOf: [email, sms, contact] } as unknown as TSchema);
  for (const taken of ['{"to":"0"}', '{"to":"a@example.com"}', '{"who":{"vcard":{}}}'])
    assert.deepEqual(codec.decodeString(taken), { _tag: 'right', right: JSON.parse(taken) }, taken);
  // Neither: explained by the first member its top level fits, the SMS (the address is no e-mail).
  assert.match(JSON.stringify(codec.decodeString('{"to":"zz"}')), /\/to: must match pattern/);
});
