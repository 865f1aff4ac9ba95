// Stripe's lists beside the `""` that clears them (`anyOf: [array of string, enum [""]]`): as a
// deepObject query parameter (`subscription_default_tax_rates`) and as a form field whose
// encoding is deepObject (`images`). deepObject defines no list, so the server reads the ways
// clients send one: `k[]=a`, `k[0]=a`, repeated `k=a`, comma-separated, and a lone value the
// `""` member does not take as a list of one; `k=` is the empty text that clears it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Endpoint, HttpCodec, RoutePattern, Routes, Schema } from '@kitgen/runtime';
import { startServer } from './support/testServer.ts';

const listOrClear = () => Schema.Union([Schema.Array(Schema.String()), Schema.Literal('')]);
const rates = Endpoint(RoutePattern.GET('upcoming'))
  .query(HttpCodec.query('rates', listOrClear(), { style: 'deepObject', explode: true }).optional())
  .out(Schema.Unknown());
const ids = Endpoint(RoutePattern.GET('ids'))
  .query(HttpCodec.query('ids', Schema.Array(Schema.Integer()), { style: 'deepObject', explode: true }))
  .out(Schema.Unknown());
const product = Endpoint(RoutePattern.POST('products'))
  .in(Schema.Object({ name: Schema.Optional(Schema.String()), images: Schema.Optional(listOrClear()) }), {
    mediaType: 'application/x-www-form-urlencoded',
  })
  .out(Schema.Unknown());

const routes = Routes(
  rates.implement((r) => ({ rates: r ?? 'absent' })),
  ids.implement((v) => ({ ids: v })),
  product.implement((body) => body),
);

test('deepObject: a list in a query parameter, however it is keyed', async () => {
  const server = await startServer(routes);
  try {
    const get = async (path: string) => {
      const r = await fetch(`${server.url}${path}`);
      return `${r.status} ${await r.text()}`;
    };
    assert.equal(await get('/upcoming?rates%5B%5D=a&rates%5B%5D=b'), '200 {"rates":["a","b"]}');
    assert.equal(await get('/upcoming?rates%5B1%5D=b&rates%5B0%5D=a'), '200 {"rates":["a","b"]}', 'by index');
    assert.equal(await get('/upcoming?rates=a&rates=b'), '200 {"rates":["a","b"]}');
    assert.equal(await get('/upcoming?rates=a,b'), '200 {"rates":["a","b"]}');
    assert.equal(await get('/upcoming?rates=a'), '200 {"rates":["a"]}', 'a list of one');
    assert.equal(await get('/upcoming?rates='), '200 {"rates":""}', 'the empty text clears');
    assert.equal(await get('/upcoming'), '200 {"rates":"absent"}');
    assert.equal(await get('/ids?ids%5B%5D=1&ids%5B%5D=2'), '200 {"ids":[1,2]}');
    assert.equal(await get('/ids?ids=3,4'), '200 {"ids":[3,4]}');
    assert.match(await get('/ids?ids%5B%5D=x'), /^400 .*query parameter 'ids'/);
    assert.match(await get('/ids'), /^400 .*query parameter 'ids'.*required but missing/);
  } finally {
    await server.shutdown();
  }
});

test('form: a field of a list or "" reads one value the "" does not take as a list of one', async () => {
  const server = await startServer(routes);
  try {
    const post = async (body: string) => {
      const r = await fetch(`${server.url}/products`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
      });
      return `${r.status} ${await r.text()}`;
    };
    assert.equal(await post('images=https%3A%2F%2Fx%2Fa.png'), '200 {"images":["https://x/a.png"]}');
    assert.equal(await post('images=a&images=b'), '200 {"images":["a","b"]}');
    assert.equal(await post('images='), '200 {"images":""}');
    assert.equal(await post('name=n'), '200 {"name":"n"}');
  } finally {
    await server.shutdown();
  }
});
