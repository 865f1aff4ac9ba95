// HERE Tracking's `floor` query parameter (deepObject, exploded): a union of an object and the
// text `null` (`anyOf: [{ properties: { id } }, { type: string, enum: ["null"] }]`, "to query
// for geofences without a floor"). The object comes as `floor[id]=…`, the text plainly as
// `floor=null`. The object member reads only JSON text of an object, so JSON's `null` (or `1`)
// is no object for it to take from the text member: the text is read as the text it is.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Type, type TSchema } from 'typebox';
import { Endpoint, HttpCodec, RoutePattern, Routes, Schema } from '@kitgen/runtime';
import { startServer } from './support/testServer.ts';

const floor = Type.Unsafe<{ id?: string } | 'null'>({
  anyOf: [
    { type: 'object', properties: { id: { type: 'string', minLength: 1, maxLength: 100 } } },
    { type: 'string', enum: ['null'] },
  ],
} as unknown as TSchema);
const counts = Type.Unsafe<{ n?: number } | number>({
  anyOf: [{ type: 'object', properties: { n: { type: 'integer' } } }, { type: 'integer' }],
} as unknown as TSchema);
const geofences = Endpoint(RoutePattern.GET('geofences'))
  .query(HttpCodec.query('floor', floor, { style: 'deepObject', explode: true }).optional())
  .query(HttpCodec.query('count', counts, { style: 'deepObject', explode: true }).optional())
  .out(Schema.Unknown());

test('deepObject: a union of an object and a scalar reads the plain value as the scalar, not as JSON', async () => {
  const server = await startServer(
    Routes(geofences.implement(([f, c]) => ({ floor: f ?? 'absent', count: c ?? 'absent' }))),
  );
  try {
    const get = async (query: string) => {
      const r = await fetch(`${server.url}/geofences?${query}`);
      return { status: r.status, body: (await r.json()) as Record<string, unknown> };
    };
    assert.deepEqual(await get('floor=null'), { status: 200, body: { floor: 'null', count: 'absent' } });
    assert.deepEqual(await get('floor%5Bid%5D=DM_1234'), {
      status: 200,
      body: { floor: { id: 'DM_1234' }, count: 'absent' },
    });
    assert.deepEqual(await get('count=7'), { status: 200, body: { floor: 'absent', count: 7 } });
    assert.deepEqual(await get('count%5Bn%5D=7'), { status: 200, body: { floor: 'absent', count: { n: 7 } } });
    for (const query of ['floor=other', 'floor=1', 'count=x']) {
      const r = await get(query);
      assert.equal(r.status, 400, query);
      assert.match(String(r.body.message), /floor|count/, query);
    }
  } finally {
    await server.shutdown();
  }
});
