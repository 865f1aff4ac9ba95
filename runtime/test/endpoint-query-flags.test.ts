// A query parameter whose one value is `true` is a flag, which clients write without a value:
// S3's `GET /{Bucket}?cors` (declared `{ type: boolean, enum: [true] }`, `allowEmptyValue`). Over
// the wire, `?cors`, `?cors=` and `?cors=true` are the flag; another value is refused naming it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Endpoint, RoutePattern, HttpCodec, Schema, Routes } from '@kitgen/runtime';
import { startServer } from './support/testServer.ts';

test('a flag is read from its name alone, and picks its operation among those of one path', async () => {
  const flag = Schema.Unsafe<true>({ const: true });
  const cors = Endpoint(RoutePattern.GET('bucket')).query(HttpCodec.query('cors', flag)).out(Schema.Unknown());
  const list = Endpoint(RoutePattern.GET('bucket'))
    .query(HttpCodec.query('prefix', Schema.String()).optional())
    .out(Schema.Unknown());
  const acl = Endpoint(RoutePattern.GET('acl'))
    .query(HttpCodec.query('acl', Schema.Unsafe<true>({ type: 'boolean', enum: [true] })))
    .out(Schema.Unknown());
  const server = await startServer(
    Routes(
      cors.implement((c) => ({ cors: c })),
      list.implement((prefix) => ({ list: prefix ?? null })),
      acl.implement((a) => ({ acl: a })),
    ),
  );
  try {
    const get = async (path: string) => {
      const response = await fetch(`${server.url}${path}`);
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    assert.deepEqual((await get('/bucket?cors')).body, { cors: true });
    assert.deepEqual((await get('/bucket?cors=')).body, { cors: true });
    assert.deepEqual((await get('/bucket?cors=true')).body, { cors: true });
    assert.deepEqual((await get('/bucket?prefix=a')).body, { list: 'a' });
    assert.deepEqual((await get('/acl?acl')).body, { acl: true });
    const absent = await get('/acl');
    assert.equal(absent.status, 400);
    assert.equal(absent.body.parameter, 'acl');
    const wrong = await get('/acl?acl=false');
    assert.equal(wrong.status, 400);
    assert.equal(wrong.body.parameter, 'acl');
  } finally {
    await server.shutdown();
  }
});
