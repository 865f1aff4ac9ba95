// A union whose first member reaches other unions (so the validator commits to the member a
// value's top level fits) beside a member a validator judges at a glance, as Microsoft Graph
// writes every navigation property: `anyOf: [{ $ref: serviceAnnouncement }, { type: object,
// nullable: true }]`. The open member takes any object, so a body whose announcement the `$ref`
// refuses deep down is still valid; it was refused, naming the `$ref`'s failure. A body neither
// member takes is refused as before, at the place the committed member explains.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Type, type TSchema } from 'typebox';
import { Endpoint, JsonCodec, RoutePattern, Routes, Schema } from '@kitgen/runtime';
import { startServer } from './support/testServer.ts';

const $defs = {
  Identity: { type: 'object', properties: { name: { type: 'string' } } },
  Message: {
    type: 'object',
    properties: {
      when: { type: 'string', format: 'date-time' },
      // A union of its own: the announcement's members reach it, so that union is a committed choice.
      sender: { anyOf: [{ $ref: '#/$defs/Identity' }, { type: 'object', nullable: true }] },
    },
  },
  Announcement: { type: 'object', properties: { messages: { type: 'array', items: { $ref: '#/$defs/Message' } } } },
};
const Admin = Type.Unsafe<Record<string, unknown>>({
  $defs,
  type: 'object',
  properties: {
    // Graph's form: the open member takes any object.
    announcement: { anyOf: [{ $ref: '#/$defs/Announcement' }, { type: 'object', nullable: true }] },
    // An entity reference: the open member takes objects holding `@odata.id`.
    pinned: { anyOf: [{ $ref: '#/$defs/Announcement' }, { type: 'object', required: ['@odata.id'] }] },
  },
} as unknown as TSchema);

test('a body an open member of a committed union takes is served; one no member takes is refused where the first member fails', async () => {
  const patch = Endpoint(RoutePattern.PATCH('admin')).in(Admin).out(Schema.Unknown());
  const server = await startServer(Routes(patch.implement((admin) => admin)));
  const send = async (body: string) => {
    const r = await fetch(`${server.url}/admin`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body,
    });
    return { status: r.status, body: (await r.json()) as Record<string, unknown> };
  };
  try {
    // The date-time is one the `$ref` refuses; `{ type: object }` takes the announcement anyway.
    const open = '{"announcement":{"messages":[{"when":"0000-01-10T10:00:00-24:00"}]}}';
    assert.deepEqual(await send(open), { status: 200, body: JSON.parse(open) });
    const referenced = '{"pinned":{"@odata.id":"a","messages":[{"when":"yesterday"}]}}';
    assert.deepEqual(await send(referenced), { status: 200, body: JSON.parse(referenced) });
    const valid = '{"pinned":{"messages":[{"when":"2026-11-29T10:00:00Z","sender":{"name":"n"}}]}}';
    assert.deepEqual(await send(valid), { status: 200, body: JSON.parse(valid) });

    const unreferenced = await send('{"pinned":{"messages":[{"when":"yesterday"}]}}');
    assert.equal(unreferenced.status, 400);
    assert.match(String(unreferenced.body.message), /\/pinned\/messages\/0\/when: must match format "date-time"/);
    const notObject = await send('{"announcement":[]}');
    assert.equal(notObject.status, 400);
    assert.match(String(notObject.body.message), /\/announcement: must be object/);
  } finally {
    await server.shutdown();
  }
});

// `Node = {x, tags?, next?: Node} | {y, next?: Node} | {ref}`: the open member is judged at each level
// by looking at that level alone, before the committed choice descends, so a chain costs one
// look and one check per level. Trying the members in turn would cost 2^levels.
const Chain = Type.Unsafe<Record<string, unknown>>({
  $defs: {
    Node: {
      anyOf: [
        {
          type: 'object',
          properties: {
            x: { type: 'number' },
            tags: { type: 'array', items: { type: 'string' } },
            next: { $ref: '#/$defs/Node' },
          },
          required: ['x'],
        },
        { type: 'object', properties: { y: { type: 'number' }, next: { $ref: '#/$defs/Node' } }, required: ['y'] },
        { type: 'object', required: ['ref'] },
      ],
    },
  },
  $ref: '#/$defs/Node',
} as unknown as TSchema);

test('a recursive union with an open member checks each level once: a deep chain ending in the open member is taken, a wrong end refused at its place', () => {
  const codec = JsonCodec.schemaBasedBinaryCodec(Chain);
  const chain = (levels: number, leaf: string) => {
    let text = leaf;
    for (let i = 0; i < levels; i++) text = i % 2 === 0 ? `{"y":${i},"next":${text}}` : `{"x":${i},"next":${text}}`;
    return text;
  };
  assert.equal(codec.decodeString(chain(1000, '{"ref":"r"}'))._tag, 'right');
  // The last level fits the first member at its top level and fails inside it.
  const wrong = codec.decodeString(chain(20, '{"x":0,"tags":[1]}'));
  assert.equal((wrong as { left: { pointer: string } }).left.pointer, '/next'.repeat(20) + '/tags/0');
  assert.equal(codec.decodeString(chain(1000, '{"x":0,"tags":[1]}'))._tag, 'left');
});
