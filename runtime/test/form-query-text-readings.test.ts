// How the text of a form field or query parameter is read when the schema allows more than one
// reading, over the wire. Stripe declares timestamps as `anyOf: [{ enum: ['now'] }, { type:
// integer }]`: `0` is the integer, not a text the enum refuses. WordAssociations declares `text`
// as a list of 1 to 10 texts in a form body: `text=` is one empty text, as a form body has no
// pair at all for an empty list.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Type, type TSchema } from 'typebox';
import { Endpoint, RoutePattern, HttpCodec, Schema, Routes } from '@kitgen/runtime';
import { startServer } from './support/testServer.ts';

const timestamp = {
  anyOf: [
    { type: 'string', enum: ['now'], maxLength: 5000 },
    { type: 'integer', format: 'unix-time' },
    { type: 'string', enum: [''] },
  ],
};
const Link = Type.Unsafe<Record<string, unknown>>({
  type: 'object',
  properties: {
    expires_at: timestamp,
    text: { type: 'array', minItems: 1, maxItems: 10, items: { type: 'string' } },
  },
} as unknown as TSchema);

test('a form field or query parameter reads as the union member that takes its text', async () => {
  const form = Endpoint(RoutePattern.POST('links'))
    .in(Link, { mediaType: 'application/x-www-form-urlencoded' })
    .out(Schema.Unknown());
  const query = Endpoint(RoutePattern.GET('upcoming'))
    .query(HttpCodec.query('trial_end', Type.Unsafe<unknown>(timestamp as unknown as TSchema)).optional())
    .out(Schema.Unknown());
  const server = await startServer(
    Routes(
      form.implement((body) => body),
      query.implement((trialEnd) => ({ trialEnd })),
    ),
  );
  const post = async (body: string) => {
    const r = await fetch(`${server.url}/links`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    return { status: r.status, body: (await r.json()) as unknown };
  };
  const get = async (q: string) => {
    const r = await fetch(`${server.url}/upcoming?${q}`);
    return { status: r.status, body: (await r.json()) as unknown };
  };
  try {
    assert.deepEqual(await post('expires_at=0'), { status: 200, body: { expires_at: 0 } });
    assert.deepEqual(await post('expires_at=1700000000'), { status: 200, body: { expires_at: 1700000000 } });
    assert.deepEqual(await post('expires_at=now'), { status: 200, body: { expires_at: 'now' } });
    assert.deepEqual(await post('expires_at='), { status: 200, body: { expires_at: '' } });
    const later = await post('expires_at=later');
    assert.equal(later.status, 400);
    assert.match(JSON.stringify(later.body), /expires_at/);

    assert.deepEqual(await get('trial_end=0'), { status: 200, body: { trialEnd: 0 } });
    assert.deepEqual(await get('trial_end=now'), { status: 200, body: { trialEnd: 'now' } });
    assert.equal((await get('trial_end=soon')).status, 400);

    assert.deepEqual(await post('text=&expires_at=now'), { status: 200, body: { text: [''], expires_at: 'now' } });
    assert.deepEqual(await post('text=a&text='), { status: 200, body: { text: ['a', ''] } });
    assert.deepEqual(await post('text=a%2Cb'), { status: 200, body: { text: ['a,b'] } });
  } finally {
    await server.shutdown();
  }
});
