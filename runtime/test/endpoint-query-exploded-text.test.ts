// An exploded query list (form style, `explode: true`, OpenAPI's default) sends each item as a
// value of its own, so one value is one item: a text item holding a comma (BBC's programme ids,
// whose pattern allows commas; AWS tag keys) is read whole, not split in two. One value of a list
// of numbers (`ids=1,2`) is still read as the delimited list clients write.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Endpoint, RoutePattern, HttpCodec, Schema, Routes } from '@kitgen/runtime';
import { startServer } from './support/testServer.ts';

test('an exploded text item holding a comma is one item; a list of numbers in one value is still split', async () => {
  const pids = Schema.Array(Schema.String({ minLength: 8, pattern: '^([0-9,a-d,f-h,j-n,p-t,v-z]){8,}$' }));
  const list = Endpoint(RoutePattern.GET('images'))
    .query(HttpCodec.query('pid', pids).optional())
    .query(HttpCodec.query('ids', Schema.Array(Schema.Integer())).optional())
    .out(Schema.Unknown());
  const server = await startServer(Routes(list.implement(([pid, ids]) => ({ pid, ids }))));
  try {
    const get = async (query: string) => {
      const r = await fetch(`${server.url}/images?${query}`);
      return { status: r.status, body: (await r.json()) as Record<string, unknown> };
    };
    assert.deepEqual(await get('pid=jfv%2Cp0pa'), { status: 200, body: { pid: ['jfv,p0pa'] } });
    assert.deepEqual(await get('pid=jfv%2Cp0pa&pid=p0000001'), {
      status: 200,
      body: { pid: ['jfv,p0pa', 'p0000001'] },
    });
    assert.deepEqual(await get('ids=1,2'), { status: 200, body: { ids: [1, 2] } });
    assert.deepEqual(await get('ids=1&ids=2'), { status: 200, body: { ids: [1, 2] } });
    assert.deepEqual(await get('pid='), { status: 200, body: { pid: [] } });
    const short = await get('pid=p0pa');
    assert.equal(short.status, 400);
    assert.match(String(short.body.message), /pid/);
  } finally {
    await server.shutdown();
  }
});
