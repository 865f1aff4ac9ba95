// One path-parameter decoder: a segment that does not decode answers the same 400 body whether
// the route was made by Route.handled or by an endpoint's implement.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Endpoint, PathCodec, Response, Route, RoutePattern, Routes, Schema, Server } from '@kitgen/runtime';

test('a bad path parameter gives the same 400 body through Route.handled and an endpoint', async () => {
  const plain = Route.handled(RoutePattern.GET('plain', PathCodec.int('id'), PathCodec.uuid('key')), () =>
    Response.text('never'),
  );
  const endpoint = Endpoint(RoutePattern.GET('endpoint', PathCodec.int('id'), PathCodec.uuid('key'))).out(
    Schema.String(),
  );
  const server = Server.defaultWith((c) => c.binding('127.0.0.1', 0));
  const port = await Server.install(
    Routes(
      plain,
      endpoint.implement(() => 'never'),
    ),
    server,
  );
  try {
    const answer = async (prefix: string, rest: string) => {
      const res = await fetch(`http://127.0.0.1:${port}/${prefix}/${rest}`);
      return { status: res.status, type: res.headers.get('content-type'), body: await res.text() };
    };
    for (const rest of ['x/123e4567-e89b-12d3-a456-426614174000', '1/not-a-uuid', '2147483648/y']) {
      const a = await answer('plain', rest);
      assert.equal(a.status, 400, rest);
      assert.deepEqual(await answer('endpoint', rest), a, rest);
    }
    const a = await answer('plain', '1/nope');
    assert.deepEqual(JSON.parse(a.body), {
      error: 'Bad Request',
      message: "path parameter 'key': expected a UUID, got 'nope'",
      in: 'path',
      parameter: 'key',
      expected: 'a UUID',
    });
  } finally {
    await server.shutdown();
  }
});
