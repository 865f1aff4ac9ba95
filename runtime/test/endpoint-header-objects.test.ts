// A header parameter of object type in OpenAPI's `simple` style, over the wire: `k1,v1,k2,v2`
// or exploded `k1=v1,k2=v2` (Visual Studio's `headers` of tenant ids), each value of its
// property's type; JSON text (kitgen's client) still reads; a text that is neither is a 400.
// An empty value is the empty object (RFC 6570 expands `{}` to nothing).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Endpoint, HttpCodec, RoutePattern, Schema, Routes } from '@kitgen/runtime';
import { startServer } from './support/testServer.ts';

const Headers = Schema.Object({
  tenantId: Schema.String(),
  count: Schema.Integer(),
  flag: Schema.Optional(Schema.Boolean()),
});
const e = Endpoint(RoutePattern.GET('plans')).header(HttpCodec.header('headers', Headers)).out(Schema.Unknown());
const Optional = Schema.Object({ homeTenantId: Schema.Optional(Schema.String()) }, { additionalProperties: false });
const optional = Endpoint(RoutePattern.GET('tenants'))
  .header(HttpCodec.header('headers', Optional))
  .out(Schema.Unknown());

test('an object header in simple style, exploded or not, or as JSON', async () => {
  const server = await startServer(
    Routes(
      e.implement((h) => h),
      optional.implement((h) => h),
    ),
  );
  const get = (value: string, path = 'plans') => fetch(`${server.url}/${path}`, { headers: { headers: value } });
  try {
    const plain = await get('tenantId,5168-40c1,count,3,flag,true');
    assert.equal(plain.status, 200, await plain.clone().text());
    assert.deepEqual(await plain.json(), { tenantId: '5168-40c1', count: 3, flag: true });
    const exploded = await get('tenantId=dd16,count=7');
    assert.equal(exploded.status, 200, await exploded.clone().text());
    assert.deepEqual(await exploded.json(), { tenantId: 'dd16', count: 7 });
    const json = await get('{"tenantId":"x","count":1}');
    assert.deepEqual(await json.json(), { tenantId: 'x', count: 1 });
    const wrong = await get('tenantId,x,count,many');
    assert.equal(wrong.status, 400);
    assert.match(((await wrong.json()) as { message: string }).message, /header 'headers'.*\/count/);
    const odd = await get('tenantId,x,count');
    assert.equal(odd.status, 400);
    const empty = await get('', 'tenants');
    assert.equal(empty.status, 200, await empty.clone().text());
    assert.deepEqual(await empty.json(), {});
    const emptyRequired = await get('');
    assert.equal(emptyRequired.status, 400);
    assert.match(((await emptyRequired.json()) as { message: string }).message, /header 'headers'.*tenantId/);
  } finally {
    await server.shutdown();
  }
});
