// Multipart bodies as OpenAPI encodes them: an array of scalars or files is sent as one part per
// item under the same name (what browsers' FormData and `curl -F a=1 -F a=2` send); each item is
// read as the items' type. A lone text part that holds a JSON array is still read as JSON.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Endpoint, RoutePattern, Schema, Routes } from '@kitgen/runtime';
import { startServer } from './support/testServer.ts';

const upload = Endpoint(RoutePattern.POST('upload'))
  .in(Schema.Array(Schema.Integer()), 'ids')
  .in(Schema.Array(Schema.String()), 'tags')
  .in(Schema.Array(Schema.Bytes()), 'files')
  .in(Schema.Integer(), 'n')
  .out(Schema.Unknown());
const route = upload.implement(([ids, tags, files, n]) => ({ ids, tags, sizes: files.map((f) => f.byteLength), n }));

test('multipart: arrays as repeated parts, scalars converted to their schema type', async () => {
  const server = await startServer(Routes(route));
  try {
    const form = new FormData();
    form.append('ids', '1');
    form.append('ids', '22');
    form.append('tags', 'a');
    form.append('tags', 'b,c');
    form.append('files', new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' }), 'a.png');
    form.append('files', new Blob(['hello']), 'b.txt');
    form.append('n', '1');
    const r = await fetch(`${server.url}/upload`, { method: 'POST', body: form });
    assert.equal(r.status, 200, await r.clone().text());
    assert.deepEqual(await r.json(), { ids: [1, 22], tags: ['a', 'b,c'], sizes: [3, 5], n: 1 });

    const single = new FormData();
    single.append('ids', '7');
    single.append('tags', '["x","y"]');
    single.append('files', new Blob(['z']), 'z.txt');
    single.append('n', '2');
    const one = await fetch(`${server.url}/upload`, { method: 'POST', body: single });
    assert.equal(one.status, 200, await one.clone().text());
    assert.deepEqual(await one.json(), { ids: [7], tags: ['x', 'y'], sizes: [1], n: 2 });

    const bad = new FormData();
    bad.append('ids', '1');
    bad.append('ids', 'two');
    bad.append('tags', 'a');
    bad.append('files', new Blob(['z']), 'z.txt');
    bad.append('n', '1');
    const refused = await fetch(`${server.url}/upload`, { method: 'POST', body: bad });
    assert.equal(refused.status, 400);
    const body = (await refused.json()) as { message: string };
    assert.match(body.message, /multipart part 'ids'/);
    assert.match(body.message, /\/1/, 'the pointer names the second item');
  } finally {
    await server.shutdown();
  }
});
