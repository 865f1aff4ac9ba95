// Middleware.updateURL rewrites the URL before routing (/api/... → /v1/api/...).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Middleware, PathCodec, Response, Route, RoutePattern, Routes } from '@kitgen/runtime';
import { rawGet, rawRequest, serve } from './fixtures/middleware/helpers.ts';

const toV1 = (url: URL): URL =>
  url.pathname === '/api' || url.pathname.startsWith('/api/') ? new URL(`/v1${url.pathname}${url.search}`, url) : url;

function v1(): Routes {
  return Routes(
    Route.handled(RoutePattern.GET('v1', 'api', 'users', PathCodec.int('id')), (req, id) =>
      Response.json({ id, url: req.url, limit: req.query.get('limit') }),
    ),
    Route.handled(RoutePattern.GET('v1', 'api'), (req) => Response.json({ url: req.url })),
  );
}

test('updateURL: /api/... is served by the /v1/api/... routes, query kept; other paths are untouched', async () => {
  const other = Routes(Route.handled(RoutePattern.GET('status'), (req) => Response.json({ url: req.url })));
  const server = await serve(v1().pipe(Middleware.updateURL(toV1)).concat(other));
  try {
    const res = await fetch(`${server.base}/api/users/7?limit=3`);
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { id: 7, url: '/v1/api/users/7?limit=3', limit: '3' });
    assert.deepEqual(await (await fetch(`${server.base}/api`)).json(), { url: '/v1/api' });
    // Already versioned URLs and paths outside /api are left alone.
    assert.equal((await fetch(`${server.base}/v1/api/users/1`)).status, 200);
    assert.equal((await fetch(`${server.base}/apix/users/1`)).status, 404);
    assert.deepEqual(await (await fetch(`${server.base}/status`)).json(), { url: '/status' });
    assert.equal((await fetch(`${server.base}/api/users/x`)).status, 400);
    assert.equal((await fetch(`${server.base}/api/nothing`)).status, 404);
  } finally {
    await server.close();
  }
});

test('updateURL runs before routing and before the handler middleware attached earlier', async () => {
  const seen: string[] = [];
  const logUrl = Middleware.perRoute((next) => (req) => {
    seen.push(req.url);
    return next(req);
  });
  const server = await serve(v1().pipe(logUrl, Middleware.updateURL(toV1)));
  try {
    await (await fetch(`${server.base}/api/users/1`)).text();
    assert.deepEqual(seen, ['/v1/api/users/1']);
  } finally {
    await server.close();
  }
});

test('a hostile Host header or request target cannot steer the rewrite', async () => {
  const seenHosts: string[] = [];
  const server = await serve(
    v1().pipe(
      Middleware.updateURL((url) => {
        seenHosts.push(url.host);
        return toV1(url);
      }),
    ),
  );
  try {
    // Invalid Host values are refused by the server (RFC 9112 §3.2) before any middleware runs.
    for (const host of ['evil.test/x?', 'a@b', 'x y', '[::1']) {
      const r = await rawRequest(
        server.port,
        `GET /api/users/4 HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
      );
      assert.equal(r.status, 400, host);
    }
    assert.deepEqual(seenHosts, [], 'the rewrite never saw a hostile Host');
    // An empty Host (a target without authority) is valid: the rewrite sees localhost.
    const empty = await rawRequest(server.port, `GET /api/users/4 HTTP/1.1\r\nHost: \r\nConnection: close\r\n\r\n`);
    assert.equal(empty.status, 200);
    assert.equal((JSON.parse(empty.body) as { url: string }).url, '/v1/api/users/4');
    assert.deepEqual(seenHosts, ['localhost']);
    const good = await rawGet(server.port, '/api/users/5');
    assert.equal(good.status, 200);
    assert.equal(seenHosts.at(-1), `127.0.0.1:${server.port}`);
    // A protocol-relative looking target never reaches the rewrite (the server refuses "//").
    assert.equal((await rawGet(server.port, '//evil.test/api/users/1')).status, 400);
  } finally {
    await server.close();
  }
});
