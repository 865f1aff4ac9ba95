import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  PathCodec,
  Response,
  Route,
  RoutePattern,
  Routes,
  Server,
  int,
  makeMiddleware,
  string,
  type Handler,
  type ServerConfig,
} from '@kitgen/runtime';
import { RawConnection, rawRequest } from './support/rawHttp.ts';
import { curl, hasCurl } from './support/curl.ts';

/** Starts the routes on 127.0.0.1 (any free port), runs `fn`, and always shuts the server down. */
async function withServer(
  routes: Routes,
  fn: (port: number) => Promise<void>,
  configure: (c: ServerConfig) => ServerConfig = (c) => c,
): Promise<void> {
  const server = Server.defaultWith((c) => configure(c.binding('127.0.0.1', 0)));
  const port = await Server.install(routes, server);
  try {
    await fn(port);
  } finally {
    await server.shutdown();
  }
}

const named = <P extends unknown[]>(name: string, pattern: RoutePattern<P>) =>
  Route.handled(pattern, (_req, ...params) =>
    Response.json({ route: name, params: params.map((p) => (typeof p === 'bigint' ? `${p}n` : p)) }),
  );

const api = Routes(
  named('user', RoutePattern.GET('users', int('id'))),
  named('me', RoutePattern.GET('users', 'me')),
  named('delete', RoutePattern.DELETE('users', int('id'))),
  named('create', RoutePattern.POST('users')),
  named('big', RoutePattern.GET('big', PathCodec.long('n'))),
  named('uuid', RoutePattern.GET('things', PathCodec.uuid('id'))),
  named('flag', RoutePattern.GET('flags', PathCodec.bool('on'))),
  named('files', RoutePattern.GET('files', PathCodec.trailing('path'))),
  named('name', RoutePattern.GET('names', string('name'))),
);

test('over the wire: literal over parameter, typed parameters, 400 naming the parameter', async () => {
  await withServer(api, async (port) => {
    const base = `http://127.0.0.1:${port}`;
    const body = async (path: string, status = 200) => {
      const r = await fetch(base + path);
      assert.equal(r.status, status, path);
      return r.json();
    };
    assert.deepEqual(await body('/users/me'), { route: 'me', params: [] });
    assert.deepEqual(await body('/users/2147483647'), { route: 'user', params: [2147483647] });
    assert.deepEqual(await body('/big/9223372036854775807'), { route: 'big', params: ['9223372036854775807n'] });
    assert.deepEqual(await body('/things/0F8FAD5B-D9CB-469F-A165-70867728950E'), {
      route: 'uuid',
      params: ['0f8fad5b-d9cb-469f-a165-70867728950e'],
    });
    assert.deepEqual(await body('/flags/false'), { route: 'flag', params: [false] });
    assert.deepEqual(await body('/files/a/b%20c/d.txt'), { route: 'files', params: ['a/b c/d.txt'] });
    assert.deepEqual(await body('/names/Z%C3%BC'), { route: 'name', params: ['Zü'] });
    const bad = (await body('/users/2147483648', 400)) as { message: string; parameter: string };
    assert.equal(bad.parameter, 'id');
    assert.equal(bad.message, "path parameter 'id': expected a 32-bit integer, got '2147483648'");
    assert.equal(((await body('/things/nope', 400)) as { parameter: string }).parameter, 'id');
    assert.equal(((await body('/flags/yes', 400)) as { parameter: string }).parameter, 'on');
  });
});

test('over the wire: 404, and 405 with Allow (HEAD included where GET exists)', async () => {
  await withServer(api, async (port) => {
    const base = `http://127.0.0.1:${port}`;
    const nf = await fetch(`${base}/nothing/here`);
    assert.equal(nf.status, 404);
    assert.equal(nf.headers.get('content-type'), 'application/json');
    assert.deepEqual(await nf.json(), { error: 'Not Found', message: 'No route matches the request path' });
    const put = await fetch(`${base}/users/1`, { method: 'PUT' });
    assert.equal(put.status, 405);
    assert.equal(put.headers.get('allow'), 'GET, HEAD, DELETE');
    assert.equal(((await put.json()) as { error: string }).error, 'Method Not Allowed');
    const patch = await fetch(`${base}/users`, { method: 'PATCH' });
    assert.equal(patch.status, 405);
    assert.equal(patch.headers.get('allow'), 'POST');
  });
});

test('over the wire: HEAD is answered by the GET route with headers only, and the connection stays usable', async () => {
  let calls = 0;
  const routes = Routes(Route.handled(RoutePattern.GET('doc'), () => (calls++, Response.text('twelve bytes'))));
  await withServer(routes, async (port) => {
    const c = await RawConnection.open(port);
    try {
      c.write(rawRequest('HEAD', '/doc'));
      const head = await c.response({ head: true });
      assert.equal(head.status, 200);
      assert.equal(head.headers['content-length'], '12');
      assert.equal(head.headers['content-type'], 'text/plain; charset=utf-8');
      // No body bytes follow the head: the next response on the connection starts cleanly.
      assert.equal(await c.waitForData(200), false);
      c.write(rawRequest('GET', '/doc'));
      const got = await c.response();
      assert.equal(got.status, 200);
      assert.equal(got.body.toString(), 'twelve bytes');
      c.write(rawRequest('HEAD', '/missing'));
      assert.equal((await c.response({ head: true })).status, 404);
      assert.equal(await c.waitForData(200), false);
    } finally {
      c.destroy();
    }
    assert.equal(calls, 2);
  });
});

test("over the wire: curl -I gets the GET route's headers without a body", async (t) => {
  if (!hasCurl()) {
    t.skip('curl is not installed');
    return;
  }
  await withServer(Routes(named('x', RoutePattern.GET('x'))), async (port) => {
    const r = await curl(['-I', `http://127.0.0.1:${port}/x`]);
    assert.equal(r.code, 0, r.stderr);
    const text = r.stdout.toString('latin1');
    assert.match(text, /^HTTP\/1\.1 200 /);
    assert.match(text, /content-length: 25\r\n/i);
    assert.ok(text.endsWith('\r\n\r\n'), JSON.stringify(text));
  });
});

test('over the wire: paths with traversal, encoded separators, empty segments, NUL or bad escapes answer 400', async () => {
  let reached = 0;
  const routes = Routes(
    Route.handled(RoutePattern.GET('files', PathCodec.trailing('p')), () => (reached++, Response.ok())),
  );
  await withServer(routes, async (port) => {
    for (const target of [
      '/files/../secret',
      '/files/a/..',
      '/files/%2e%2e/secret',
      '/files/%2E%2E/secret',
      '/files/.%2e/secret',
      '/files/./x',
      '/files/a%2Fb',
      '/files/a%2fb',
      '/files/a%5Cb',
      '/files/a%5cb',
      '/files//x',
      '//files/x',
      '/files/a%00b',
      '/files/%zz',
      '/files/%',
      '/files/%C3',
      '/files/a\\b',
    ]) {
      const { response } = await RawConnection.exchange(port, rawRequest('GET', target), { closeWaitMs: 0 });
      assert.equal(response.status, 400, target);
      assert.match(response.body.toString(), /Malformed request path|Malformed HTTP request/, target);
    }
    // The same in absolute-form, which proxies send.
    for (const target of [`http://127.0.0.1:${port}/files/../secret`, `http://127.0.0.1:${port}/files/%2e%2e/secret`]) {
      const { response } = await RawConnection.exchange(port, rawRequest('GET', target), { closeWaitMs: 0 });
      assert.equal(response.status, 400, target);
    }
    // A raw NUL never gets past Node's parser.
    const nul = await RawConnection.exchange(port, rawRequest('GET', '/files/a\0b'), { closeWaitMs: 0 });
    assert.equal(nul.response.status, 400);
    assert.equal(reached, 0);
    // And what is allowed still works on the same server.
    const ok = await RawConnection.exchange(port, rawRequest('GET', '/files/a/b.txt/'), { closeWaitMs: 0 });
    assert.equal(ok.response.status, 200);
    assert.equal(reached, 1);
  });
});

test('over the wire: transform rewrites the URL before routing; pipe order shows in the response', async () => {
  const versioned = Routes(named('v1', RoutePattern.GET('v1', 'api', string('what')))).transform(
    (next): Handler =>
      (request) => {
        const url = request.toURL();
        if (url.pathname.startsWith('/api/')) url.pathname = `/v1${url.pathname}`;
        return next(request.withURL(url));
      },
  );
  const tag = (name: string) =>
    makeMiddleware((routes) =>
      routes.transform((next) => async (request) => (await next(request)).addHeader('x-order', name)),
    );
  const routes = versioned.pipe(tag('inner'), tag('outer')).concat(Routes(named('plain', RoutePattern.GET('plain'))));
  await withServer(routes, async (port) => {
    const base = `http://127.0.0.1:${port}`;
    const r = await fetch(`${base}/api/cats?x=1`);
    assert.deepEqual(await r.json(), { route: 'v1', params: ['cats'] });
    assert.equal(r.headers.get('x-order'), 'inner, outer');
    // Routes after the wrapped group are still reached, without its headers.
    const plain = await fetch(`${base}/plain`);
    assert.deepEqual(await plain.json(), { route: 'plain', params: [] });
    assert.equal(plain.headers.get('x-order'), null);
    const nf = await fetch(`${base}/nowhere`);
    assert.equal(nf.status, 404);
    assert.equal(nf.headers.get('x-order'), 'inner, outer');
  });
});
