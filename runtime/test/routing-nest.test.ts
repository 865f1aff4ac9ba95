// Routes mounted under a prefix (`routes.nest`), as a generated server mounts its
// document's base path: matched with the prefix removed, encoded prefixes included; outside the
// prefix nothing matches, so nested groups concatenate, and 405 still says what is allowed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PathCodec, Request, Response, Route, RoutePattern, Routes } from '@kitgen/runtime';
import { startServer } from './support/testServer.ts';
import { rawRequest, RawConnection } from './support/rawHttp.ts';

const users = Routes(
  Route.handled(RoutePattern.GET('users', PathCodec.string('id')), (request, id) =>
    Response.json({ id, url: request.url }),
  ),
  Route.handled(RoutePattern.GET(), (request) => Response.json({ root: true, url: request.url })),
);

const get = async (routes: Routes, url: string, method = 'GET') => {
  const r = await routes.run(new Request({ method, url }));
  return { status: r.status, body: r.body.isEmpty ? undefined : JSON.parse(await r.body.asString()) };
};

test('nest: the prefix is matched and removed; the query is kept; outside it nothing matches', async () => {
  const v1 = users.nest('v1');
  assert.deepEqual(await get(v1, '/v1/users/7?x=1'), { status: 200, body: { id: '7', url: '/users/7?x=1' } });
  assert.deepEqual(await get(v1, '/v1'), { status: 200, body: { root: true, url: '/' } });
  assert.deepEqual(await get(v1, '/%76%31/users/a%20b'), { status: 200, body: { id: 'a b', url: '/users/a%20b' } });
  assert.equal((await get(v1, '/users/7')).status, 404);
  assert.equal((await get(v1, '/v2/users/7')).status, 404);
  assert.equal((await get(v1, '/v1x/users/7')).status, 404);
  assert.equal((await get(v1, '/v1/users/7', 'POST')).status, 405);
  assert.equal(users.nest('/'), users, 'an empty prefix is no nesting');
  assert.deepEqual(await get(users.nest('/api/v2/'), '/api/v2/users/3'), {
    status: 200,
    body: { id: '3', url: '/users/3' },
  });
});

test('nest: groups under different prefixes concatenate, and serve over the wire', async () => {
  const v2 = Routes(
    Route.handled(RoutePattern.GET('users', PathCodec.string('id')), (_r, id) => Response.json({ v: 2, id })),
  );
  const server = await startServer(users.nest('v1').concat(v2.nest('v2')));
  try {
    const c = await RawConnection.open(server.port);
    c.write(rawRequest('GET', '/v2/users/9'));
    const r = await c.response();
    assert.equal(r.status, 200);
    assert.deepEqual(JSON.parse(r.body.toString()), { v: 2, id: '9' });
    c.write(rawRequest('GET', '/v1/users/9'));
    assert.deepEqual(JSON.parse((await c.response()).body.toString()), { id: '9', url: '/users/9' });
    c.write(rawRequest('GET', '/v3/users/9'));
    assert.equal((await c.response()).status, 404);
    c.destroy();
  } finally {
    await server.shutdown();
  }
});
