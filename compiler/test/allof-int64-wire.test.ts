// 64-bit integers, bytes and dates inside allOf, unions and recursive schemas, over the wire
// (fixtures/allof-int64, the shapes of Azure's `azsadmin-ScaleUnit` and Betfair's stream
// messages): the generated server answers an int64 inside an allOf as a JSON number (it answered
// 500, "Do not know how to serialize a BigInt"), reads one from a request body (it answered 400
// "must be bigint"), writes bytes as base64 (not `{"0":115,…}`), reads a binary form field as
// its bytes, and leaves an optional nullable field the handler left out absent (not `null`).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { routes } from '../../fixtures/allof-int64/expected/server.js';
import { withServed } from './support/e2e.ts';

const big = 9007199254740993n; // 2^53 + 1: no JavaScript number holds it
const seen: unknown[] = [];
const text = (s: string) => new TextEncoder().encode(s);

const handlers = {
  createItem: ({ body }: { body: { id: bigint; name: string; blob?: Uint8Array } }) => {
    seen.push(body);
    return body;
  },
  // `archivedAt` (optional, nullable) is left out.
  getItem: ({ id }: { id: bigint }) => ({ id, name: 'stone', blob: text('st') }),
  listScaleUnits: () => ({
    value: [{ id: 'su-1', location: 'east', properties: { model: 'm', totalCapacity: { cores: big, memoryGB: 2 } } }],
  }),
  subscribe: ({ body }: { body: unknown }) => {
    seen.push(body);
    return body;
  },
  echoTree: ({ body }: { body: unknown }) => {
    seen.push(body);
    return body;
  },
  echoPet: ({ body }: { body: unknown }) => {
    seen.push(body);
    return body;
  },
  renameItem: ({ body }: { body: unknown }) => {
    seen.push(body);
  },
  copyItem: ({ body }: { body: unknown }) => {
    seen.push(body);
  },
  upload: ({ body }: { body: { name: string; size?: bigint; image: Uint8Array } }) => {
    seen.push(body);
    return { name: body.name, bytes: body.image.length, ...(body.size === undefined ? {} : { size: body.size }) };
  },
};

const post = (url: string, body: string, contentType = 'application/json') =>
  fetch(url, { method: 'POST', headers: { 'content-type': contentType }, body });

const withServer = (fn: (url: string) => Promise<void>) =>
  withServed(routes(handlers as never), (server) => {
    seen.length = 0;
    return fn(server.url);
  });

test('an int64 inside allOf is answered as a JSON number, bytes as base64, an absent nullable field stays absent', async () => {
  await withServer(async (url) => {
    const r = await fetch(`${url}/items/${big}`);
    const body = await r.text();
    assert.equal(r.status, 200, body);
    assert.equal(body, `{"name":"stone","blob":"c3Q=","id":${big}}`);
    const units = await fetch(`${url}/scale-units`);
    assert.equal(units.status, 200);
    assert.equal(
      await units.text(),
      `{"value":[{"id":"su-1","location":"east","properties":{"model":"m","totalCapacity":{"cores":${big},"memoryGB":2}}}]}`,
    );
  });
});

test('an int64 inside allOf is read from a request body as a bigint, bytes from base64, an explicit null kept', async () => {
  await withServer(async (url) => {
    const r = await post(`${url}/items`, `{"id":${big},"name":"stone","blob":"c3Q=","archivedAt":null}`);
    const body = await r.text();
    assert.equal(r.status, 201, body);
    assert.equal(body, `{"name":"stone","blob":"c3Q=","archivedAt":null,"id":${big}}`);
    assert.deepEqual(seen, [{ id: big, name: 'stone', blob: text('st'), archivedAt: null }]);
    // A small int64 is a number on the wire, a bigint in memory all the same.
    seen.length = 0;
    const sub = await post(
      `${url}/subscriptions`,
      '{"marketSubscription":{"op":"marketSubscription","conflateMs":0,"heartbeatMs":5000,"clk":"AAA"}}',
    );
    assert.equal(sub.status, 200, await sub.clone().text());
    assert.deepEqual(seen, [
      { marketSubscription: { op: 'marketSubscription', conflateMs: 0n, heartbeatMs: 5000n, clk: 'AAA' } },
    ]);
    assert.equal(
      await sub.text(),
      '{"marketSubscription":{"op":"marketSubscription","clk":"AAA","conflateMs":0,"heartbeatMs":5000}}',
    );
  });
});

test('a bad int64 or bytes inside allOf is a 400 naming the field', async () => {
  await withServer(async (url) => {
    for (const [body, pointer] of [
      ['{"id":1.5,"name":"a"}', '/id'],
      ['{"id":"x","name":"a"}', '/id'],
      ['{"id":1,"name":"a","blob":"not base64!"}', '/blob'],
    ] as const) {
      const r = await post(`${url}/items`, body);
      const text = await r.text();
      assert.equal(r.status, 400, text);
      assert.equal((JSON.parse(text) as { pointer?: string }).pointer, pointer, text);
    }
    assert.deepEqual(seen, [], 'no handler ran');
  });
});

test('int64 bounds beyond 2^53 are the integers the numbers of the document hold', async () => {
  await withServer(async (url) => {
    // The document's -9223372036854775000 is the double -9223372036854774784.
    const r = await post(`${url}/items`, '{"id":1,"name":"a","stock":-9223372036854774784}');
    assert.equal(r.status, 201, await r.clone().text());
    const past = await post(`${url}/items`, '{"id":1,"name":"a","stock":-9223372036854774785}');
    const text = await past.text();
    assert.equal(past.status, 400, text);
    assert.match(text, /-9223372036854774784\b/, 'the refusal names the bound exactly');
    assert.deepEqual(seen, [{ id: 1n, name: 'a', stock: -9223372036854774784n }]);
  });
});

test('a required list beside an allOf demands the fields its members leave optional, still converted', async () => {
  await withServer(async (url) => {
    for (const [body, field] of [
      ['{}', /blob|size|name/],
      ['{"name":"a","blob":"c3Q="}', /size/],
      ['{"name":"a","size":1}', /blob/],
    ] as const) {
      const r = await fetch(`${url}/items/1/copies`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body,
      });
      const text = await r.text();
      assert.equal(r.status, 400, `${body}: ${text}`);
      assert.match(text, field);
    }
    assert.deepEqual(seen, [], 'no handler ran');
    const ok = await fetch(`${url}/items/1/copies`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: `{"name":"a","blob":"c3Q=","size":${big}}`,
    });
    assert.equal(ok.status, 204, await ok.clone().text());
    // Left out, `copies` is its default, a bigint (a number there was refused as "must be bigint").
    assert.deepEqual(seen, [{ name: 'a', blob: text('st'), size: big, copies: 1n }]);
  });
});

test('a required list beside a $ref demands the field, converted by the referenced schema', async () => {
  await withServer(async (url) => {
    const put = (body: string) =>
      fetch(`${url}/items/1/renames`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body });
    const missing = await put('{"name":"a"}');
    const text = await missing.text();
    assert.equal(missing.status, 400, text);
    assert.match(text, /stock/);
    const ok = await put(`{"name":"a","stock":${big}}`);
    assert.equal(ok.status, 204, await ok.clone().text());
    assert.deepEqual(seen, [{ name: 'a', stock: big }]);
  });
});

test('a recursive allOf and a oneOf of allOfs convert their int64s and bytes at every level', async () => {
  await withServer(async (url) => {
    const tree = `{"name":"root","data":"AQI=","size":${big},"children":[{"name":"leaf","size":1,"children":[]}]}`;
    const r = await post(`${url}/trees`, tree);
    assert.equal(r.status, 200, await r.clone().text());
    assert.deepEqual(seen, [
      { name: 'root', data: new Uint8Array([1, 2]), size: big, children: [{ name: 'leaf', size: 1n, children: [] }] },
    ]);
    assert.equal(await r.text(), tree);
    seen.length = 0;
    // The second alternative of the oneOf: a Dog, chosen by its fields (the first, Cat, needs `meows`).
    const dog = await post(`${url}/pets`, `{"name":"Rex","barkVolume":${big}}`);
    assert.equal(dog.status, 200, await dog.clone().text());
    assert.deepEqual(seen, [{ name: 'Rex', barkVolume: big }]);
    assert.equal(await dog.text(), `{"name":"Rex","barkVolume":${big}}`);
    const cat = await post(`${url}/pets`, '{"name":"Tom","meows":true,"lives":9}');
    assert.equal(await cat.text(), '{"name":"Tom","meows":true,"lives":9}');
  });
});

test('a binary field of a form body inside allOf is read as the bytes sent, an int64 as a bigint', async () => {
  await withServer(async (url) => {
    const r = await post(
      `${url}/uploads`,
      `name=scan&size=${big}&image=%89PNG%0D%0A+x`,
      'application/x-www-form-urlencoded',
    );
    const body = await r.text();
    assert.equal(r.status, 200, body);
    assert.equal(body, `{"name":"scan","bytes":8,"size":${big}}`);
    assert.deepEqual(seen, [
      { name: 'scan', size: big, image: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x20, 0x78]) },
    ]);
    const missing = await post(`${url}/uploads`, 'name=scan', 'application/x-www-form-urlencoded');
    assert.equal(missing.status, 400);
    assert.match(await missing.text(), /image/);
  });
});
