// An object schema that names no field (`{ type: object, properties: {} }`) is any object, as in
// JSON Schema: a request body of that schema reaches the handler whole, and a declared error of
// that shape (Mist's 400, "detail may be given") keeps what `mapError` puts in it. Both were cut
// to `{}`, so a 400 said nothing of why.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Type, type TSchema } from 'typebox';
import { defineEndpoint, JsonCodec, routesFromHandlers, Schema, type EndpointOf } from '@kitgen/runtime';
import { startServer } from './support/testServer.ts';

const Fieldless = Type.Unsafe<Record<string, unknown>>({ type: 'object', properties: {} } as unknown as TSchema);

test('a JSON object of a schema naming no field keeps every key, decoded and encoded', () => {
  const codec = JsonCodec.schemaBasedBinaryCodec(Fieldless);
  const decoded = codec.decodeString('{"a":1,"b":{"c":[true]}}');
  assert.deepEqual(decoded, { _tag: 'right', right: { a: 1, b: { c: [true] } } });
  assert.equal(codec.encodeToString({ error: 'Bad Request', message: 'm' }), '{"error":"Bad Request","message":"m"}');
  assert.equal(codec.decodeString('[1]')._tag, 'left');
  // A list of them, and one as a field, alike.
  const list = JsonCodec.schemaBasedBinaryCodec(Type.Array(Fieldless));
  assert.equal(list.encodeToString([{ a: 1 }, { b: 2 }]), '[{"a":1},{"b":2}]');
  const holder = JsonCodec.schemaBasedBinaryCodec(Schema.Object({ detail: Fieldless }));
  assert.deepEqual(holder.decodeString('{"detail":{"x":"y"}}'), { _tag: 'right', right: { detail: { x: 'y' } } });
});

test('over the wire: the body reaches the handler whole, and the declared 400 keeps its message', async () => {
  const table = {
    zones: defineEndpoint({
      method: 'POST',
      path: ['zones'],
      parameters: [{ in: 'query', name: 'limit', prop: 'limit', schema: Schema.Integer() }],
      body: { prop: 'body', schema: Fieldless },
      output: { status: 200, body: Fieldless },
      errors: { 400: { body: Fieldless } },
    }) as EndpointOf<{
      path: [];
      params: { limit: number; body: Record<string, unknown> };
      error: { status: 400; body: Record<string, unknown> };
      output: [Record<string, unknown>];
      auth: 'None';
    }>,
  };
  const routes = routesFromHandlers(
    table,
    { zones: ({ body }) => body },
    { mapError: { zones: (f) => ({ status: 400 as const, body: { error: f.error, message: f.message } }) } },
  );
  const server = await startServer(routes);
  const post = (query: string) =>
    fetch(`${server.url}/zones?${query}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name":"z1","site":{"id":"s"}}',
    });
  try {
    const ok = await post('limit=1');
    assert.equal(ok.status, 200);
    assert.deepEqual(await ok.json(), { name: 'z1', site: { id: 's' } });
    const bad = await post('limit=x');
    assert.equal(bad.status, 400);
    const body = (await bad.json()) as Record<string, unknown>;
    assert.equal(body.error, 'Bad Request');
    assert.match(String(body.message), /limit/);
  } finally {
    await server.shutdown();
  }
});
