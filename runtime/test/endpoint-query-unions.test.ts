// A query parameter whose schema is a union of a scalar and a list, as PeerTube declares its
// filters (`categoryOneOf: oneOf [integer, array of integer]`, form style, not exploded): one
// value is read as the scalar, several (or one holding the delimiter) as the list, each item
// converted to its type; text that fits no member is a 400 naming the parameter.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Type, type TSchema } from 'typebox';
import { Endpoint, RoutePattern, HttpCodec, Schema, Routes } from '@kitgen/runtime';
import { startServer } from './support/testServer.ts';

const category = { type: 'integer', minimum: 1 };
const oneOf = Type.Unsafe<number | number[]>({
  oneOf: [category, { type: 'array', items: category }],
} as unknown as TSchema);
const anyOf = Type.Unsafe<boolean | boolean[]>({
  anyOf: [{ type: 'boolean' }, { type: 'array', items: { type: 'boolean' } }],
} as unknown as TSchema);

test('a query union of a scalar and a list: one value is the scalar, several the list, converted to their types', async () => {
  const videos = Endpoint(RoutePattern.GET('videos'))
    .query(HttpCodec.query('categoryOneOf', oneOf, { explode: false }).optional())
    .query(HttpCodec.query('nsfw', anyOf).optional())
    .out(Schema.Unknown());
  const server = await startServer(Routes(videos.implement(([categories, nsfw]) => ({ categories, nsfw }))));
  try {
    const get = async (query: string) => {
      const r = await fetch(`${server.url}/videos?${query}`);
      return { status: r.status, body: (await r.json()) as Record<string, unknown> };
    };
    assert.deepEqual(await get('categoryOneOf=15'), { status: 200, body: { categories: 15 } });
    assert.deepEqual(await get('categoryOneOf=15,16'), { status: 200, body: { categories: [15, 16] } });
    assert.deepEqual(await get('nsfw=true'), { status: 200, body: { nsfw: true } });
    assert.deepEqual(await get('nsfw=true&nsfw=false'), { status: 200, body: { nsfw: [true, false] } });
    for (const query of ['categoryOneOf=abc', 'categoryOneOf=0', 'categoryOneOf=15,x']) {
      const r = await get(query);
      assert.equal(r.status, 400, query);
      assert.match(String(r.body.message), /categoryOneOf/, query);
    }
  } finally {
    await server.shutdown();
  }
});
