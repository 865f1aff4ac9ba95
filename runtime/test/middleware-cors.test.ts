// On the wire: Middleware.cors with the spec's defaults and rules (the browser
// half of the proof is middleware-cors-chromium.test.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  CorsConfig,
  Duration,
  Header,
  Middleware,
  PathCodec,
  Response,
  Route,
  RoutePattern,
  Routes,
} from '@kitgen/runtime';
import { rawRequest, serve, type RawAnswer } from './fixtures/middleware/helpers.ts';

function send(port: number, method: string, path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  const lines = Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');
  return rawRequest(port, `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${lines}Connection: close\r\n\r\n`);
}

const api = () => {
  let calls = 0;
  const routes = Routes(
    Route.handled(RoutePattern.GET('users', PathCodec.int('id')), (_r, id) => {
      calls++;
      return Response.json({ id }).setHeader('x-request-cost', '3');
    }),
    Route.handled(RoutePattern.POST('users'), () => {
      calls++;
      return Response.json({ created: true }, 201);
    }),
  );
  return { routes, calls: () => calls };
};

const origin = 'http://127.0.0.1:5173';
const preflight = (extra: Record<string, string> = {}) => ({
  origin,
  'access-control-request-method': 'POST',
  'access-control-request-headers': 'content-type, authorization',
  ...extra,
});

test('defaults: every origin, credentials allowed, so the origin is echoed with Vary: Origin (never a literal * with credentials)', async () => {
  const { routes, calls } = api();
  const server = await serve(routes.pipe(Middleware.cors()));
  try {
    const pre = await send(server.port, 'OPTIONS', '/users', preflight());
    assert.equal(pre.status, 204);
    assert.equal(pre.headers['access-control-allow-origin'], origin);
    assert.equal(pre.headers['access-control-allow-credentials'], 'true');
    assert.equal(pre.headers['access-control-allow-methods'], 'POST');
    assert.equal(pre.headers['access-control-allow-headers'], 'content-type, authorization');
    assert.match(pre.headers.vary, /Origin/);
    assert.match(pre.headers.vary, /Access-Control-Request-Method/);
    assert.match(pre.headers.vary, /Access-Control-Request-Headers/);
    assert.equal(pre.headers['access-control-max-age'], undefined);
    assert.equal(pre.body, '');
    assert.equal(calls(), 0, 'a preflight never reaches the handler');

    const get = await send(server.port, 'GET', '/users/1', { origin });
    assert.equal(get.status, 200);
    assert.equal(get.headers['access-control-allow-origin'], origin);
    assert.equal(get.headers['access-control-allow-credentials'], 'true');
    assert.ok(get.headers['access-control-allow-methods'], 'rule 3: allow-methods present');
    assert.ok(get.headers['access-control-allow-headers'], 'rule 3: allow-headers present');
    assert.equal(
      get.headers['access-control-expose-headers'],
      'x-request-cost',
      'with credentials, "all" lists the real headers',
    );
    assert.equal(get.headers.vary, 'Origin');
    for (const a of [pre, get]) assert.doesNotMatch(a.raw, /access-control-allow-origin: \*/i);

    const noOrigin = await send(server.port, 'GET', '/users/1');
    assert.equal(noOrigin.headers['access-control-allow-origin'], undefined);
    assert.equal(noOrigin.headers.vary, 'Origin', 'caches keep answers for different origins apart');
  } finally {
    await server.close();
  }
});

test('without credentials, the defaults answer with literal * values', async () => {
  const { routes } = api();
  const server = await serve(
    routes.pipe(Middleware.cors(CorsConfig({ allowCredentials: Header.AccessControlAllowCredentials.DoNotAllow }))),
  );
  try {
    const pre = await send(server.port, 'OPTIONS', '/users', preflight({ 'access-control-request-headers': '' }));
    assert.equal(pre.status, 204);
    assert.equal(pre.headers['access-control-allow-origin'], '*');
    assert.equal(pre.headers['access-control-allow-methods'], '*');
    assert.equal(pre.headers['access-control-allow-headers'], '*');
    assert.equal(pre.headers['access-control-allow-credentials'], undefined);
    const get = await send(server.port, 'GET', '/users/1', { origin });
    assert.equal(get.headers['access-control-allow-origin'], '*');
    assert.equal(get.headers['access-control-expose-headers'], '*');
    assert.equal(get.headers.vary, 'Origin', 'another origin may be refused, so even * varies by Origin');
    // Authorization is never covered by "*" (Fetch standard): a requested list is echoed.
    const auth = await send(server.port, 'OPTIONS', '/users', preflight());
    assert.equal(auth.headers['access-control-allow-headers'], 'content-type, authorization');
  } finally {
    await server.close();
  }
});

test('a config with specific origins, methods, headers, exposed headers and max age; refused origins get no allow-origin (rule 4)', async () => {
  const { routes, calls } = api();
  const config = CorsConfig({
    allowedOrigin: (o) => (o === origin ? Header.AccessControlAllowOrigin.Specific(o) : undefined),
    allowedMethods: Header.AccessControlAllowMethods.Some('GET', 'POST'),
    allowedHeaders: Header.AccessControlAllowHeaders.Some('content-type', 'x-api-key'),
    exposedHeaders: Header.AccessControlExposeHeaders.Some('x-request-cost'),
    maxAge: Duration.minutes(10) / 1000,
  });
  const server = await serve(routes.pipe(Middleware.cors(config)));
  try {
    const pre = await send(server.port, 'OPTIONS', '/users', preflight());
    assert.equal(pre.status, 204);
    assert.equal(pre.headers['access-control-allow-origin'], origin);
    assert.equal(pre.headers['access-control-allow-methods'], 'GET, POST');
    assert.equal(pre.headers['access-control-allow-headers'], 'content-type, x-api-key');
    assert.equal(pre.headers['access-control-max-age'], '600');
    assert.equal(pre.headers['access-control-allow-credentials'], 'true');

    const get = await send(server.port, 'GET', '/users/2', { origin });
    assert.equal(get.headers['access-control-allow-origin'], origin);
    assert.equal(get.headers['access-control-expose-headers'], 'x-request-cost');

    for (const other of ['http://127.0.0.1:5174', 'https://127.0.0.1:5173', 'http://localhost:5173', 'null']) {
      const refusedPre = await send(server.port, 'OPTIONS', '/users', preflight({ origin: other }));
      assert.equal(refusedPre.status, 403, other);
      assert.doesNotMatch(refusedPre.raw, /access-control-allow/i, other);
      const refusedGet = await send(server.port, 'GET', '/users/3', { origin: other });
      assert.equal(refusedGet.status, 200, 'the server answers; the browser withholds it');
      assert.doesNotMatch(refusedGet.raw, /access-control-allow/i, other);
      assert.equal(refusedGet.headers.vary, 'Origin');
    }
    assert.equal(calls(), 5);
  } finally {
    await server.close();
  }
});

test('CorsConfig.allowOrigins and the spec defaults', () => {
  const allow = CorsConfig.allowOrigins('http://127.0.0.1:8080', 'HTTPS://Example.test');
  assert.deepEqual(allow('http://127.0.0.1:8080'), Header.AccessControlAllowOrigin.Specific('http://127.0.0.1:8080'));
  assert.deepEqual(allow('https://example.test'), Header.AccessControlAllowOrigin.Specific('https://example.test'));
  assert.equal(allow('http://127.0.0.1:8081'), undefined);
  assert.equal(allow('http://example.test'), undefined);
  const d = CorsConfig.default;
  assert.deepEqual(d.allowedOrigin('http://x'), Header.AccessControlAllowOrigin.All);
  assert.deepEqual(
    [d.allowedMethods, d.allowedHeaders, d.exposedHeaders],
    [{ kind: 'All' }, { kind: 'All' }, { kind: 'All' }],
  );
  assert.equal(d.allowCredentials, true);
  assert.equal(d.maxAge, undefined);
  assert.deepEqual(CorsConfig(), d);
});

test('preflights are answered only on the wrapped paths; plain OPTIONS lists the methods; 404 stays 404', async () => {
  const { routes } = api();
  const own = Routes(Route.handled(RoutePattern.OPTIONS('custom'), () => Response.text('own options')));
  const other = Routes(Route.handled(RoutePattern.GET('elsewhere'), () => Response.text('not cors')));
  const server = await serve(routes.concat(own).pipe(Middleware.cors()).concat(other));
  try {
    assert.equal((await send(server.port, 'OPTIONS', '/users/5', preflight())).status, 204);
    assert.equal((await send(server.port, 'OPTIONS', '/custom', preflight())).status, 204);
    assert.equal((await send(server.port, 'OPTIONS', '/nowhere', preflight())).status, 404);
    assert.equal((await send(server.port, 'GET', '/nowhere', { origin })).status, 404);
    const unwrapped = await send(server.port, 'OPTIONS', '/elsewhere', preflight());
    assert.equal(unwrapped.status, 405);
    assert.doesNotMatch(unwrapped.raw, /access-control-allow/i);

    const plain = await send(server.port, 'OPTIONS', '/users');
    assert.equal(plain.status, 204);
    assert.equal(plain.headers.allow, 'POST, OPTIONS');
    const plainGet = await send(server.port, 'OPTIONS', '/users/9');
    assert.equal(plainGet.headers.allow, 'GET, HEAD, OPTIONS');
    const ownPlain = await send(server.port, 'OPTIONS', '/custom');
    assert.equal(ownPlain.body, 'own options');
    // 405 lists OPTIONS now that it is answered.
    assert.equal((await send(server.port, 'DELETE', '/users/1')).headers.allow, 'GET, HEAD, OPTIONS');
  } finally {
    await server.close();
  }
});

test('cors attached after updateURL answers preflights for the rewritten paths; authentication attached before it leaves preflights open', async () => {
  const { routes, calls } = api();
  const versioned = Routes(
    ...routes.routes.map((r) =>
      Route.fromHandler(
        RoutePattern.of(r.pattern.method, [
          'v1',
          ...r.pattern.segments.map((s) => (s.kind === 'literal' ? s.text : s.codec)),
        ]),
        r.handler,
      ),
    ),
  );
  const app = versioned.pipe(
    Middleware.basicAuth('u', 'p'),
    Middleware.updateURL((url) =>
      url.pathname.startsWith('/v1/') ? url : new URL(`/v1${url.pathname}${url.search}`, url),
    ),
    Middleware.cors(),
  );
  const server = await serve(app);
  try {
    const pre = await send(server.port, 'OPTIONS', '/users/1', preflight({ 'access-control-request-method': 'GET' }));
    assert.equal(pre.status, 204);
    assert.equal(pre.headers['access-control-allow-origin'], origin);
    const denied = await send(server.port, 'GET', '/users/1', { origin });
    assert.equal(denied.status, 401);
    assert.equal(denied.headers['access-control-allow-origin'], origin, 'the browser may read the 401');
    const ok = await send(server.port, 'GET', '/users/1', {
      origin,
      authorization: `Basic ${Buffer.from('u:p').toString('base64')}`,
    });
    assert.equal(ok.status, 200);
    assert.equal(calls(), 1);
  } finally {
    await server.close();
  }
});
