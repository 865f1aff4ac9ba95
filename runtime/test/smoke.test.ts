import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Response, Route, RoutePattern, PathCodec, Routes, Server } from '@kitgen/runtime';

test('a route answers over the wire, with 404 and 405 around it', async () => {
  const route = Route.handled(RoutePattern.GET('users', PathCodec.int('id')), (_req, id) =>
    Response.json({ id, name: 'Ada' }),
  );
  const server = Server.defaultWithPort(0);
  const port = await Server.install(Routes(route), server);
  try {
    const ok = await fetch(`http://127.0.0.1:${port}/users/7`);
    assert.equal(ok.status, 200);
    assert.deepEqual(await ok.json(), { id: 7, name: 'Ada' });
    const bad = await fetch(`http://127.0.0.1:${port}/users/x`);
    assert.equal(bad.status, 400);
    assert.match(
      ((await bad.json()) as { message: string }).message,
      /path parameter 'id': expected a 32-bit integer, got 'x'/,
    );
    assert.equal((await fetch(`http://127.0.0.1:${port}/nope`)).status, 404);
    const m = await fetch(`http://127.0.0.1:${port}/users/7`, { method: 'DELETE' });
    assert.equal(m.status, 405);
    assert.equal(m.headers.get('allow'), 'GET, HEAD');
  } finally {
    await server.shutdown();
  }
});
