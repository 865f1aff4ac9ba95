// A JSON body whose oneOf members look alike at their top level and are told apart deeper down,
// as Mailscript's actions are (`{name, type: 'mailscript-email', config}` for send, reply and
// alias, told apart by `config`): a body only a later member takes is served, decoded by that
// member, and one no member takes is refused naming what the first look-alike misses.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Type, type TSchema } from 'typebox';
import { Endpoint, RoutePattern, Routes, Schema } from '@kitgen/runtime';
import { startServer } from './support/testServer.ts';

const email = (config: Record<string, unknown>, required: string[]) => ({
  type: 'object',
  required: ['name', 'type', 'config'],
  properties: {
    name: { type: 'string' },
    type: { type: 'string', enum: ['mailscript-email'] },
    config: { type: 'object', properties: config, required },
  },
});
const text = { type: 'string' };
const Action = Type.Unsafe<Record<string, unknown>>({
  oneOf: [
    { type: 'object', required: ['name', 'list'], properties: { name: text, list: { type: 'array', items: text } } },
    email({ from: text, subject: text, type: { type: 'string', enum: ['send'] } }, ['subject', 'from']),
    email({ from: text, key: text, type: { type: 'string', enum: ['reply'] } }, ['type', 'from', 'key']),
    email({ alias: text, type: { type: 'string', enum: ['alias'] } }, []),
  ],
} as unknown as TSchema);

test('a body only a later look-alike member takes is served, decoded by that member', async () => {
  const add = Endpoint(RoutePattern.POST('actions')).in(Action).out(Schema.Unknown());
  const server = await startServer(Routes(add.implement((action) => action)));
  const post = async (body: string) => {
    const r = await fetch(`${server.url}/actions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    return { status: r.status, body: (await r.json()) as Record<string, unknown> };
  };
  try {
    const reply = '{"config":{"from":"a@b","key":"k","type":"reply"},"name":"r","type":"mailscript-email"}';
    assert.deepEqual(await post(reply), { status: 200, body: JSON.parse(reply) });
    const alias = '{"config":{},"name":"","type":"mailscript-email"}';
    assert.deepEqual(await post(alias), { status: 200, body: JSON.parse(alias) });
    const none = await post('{"config":{"type":"forward"},"name":"","type":"mailscript-email"}');
    assert.equal(none.status, 400);
    assert.match(String(none.body.message), /\/config: must have required properties subject, from/);
  } finally {
    await server.shutdown();
  }
});
