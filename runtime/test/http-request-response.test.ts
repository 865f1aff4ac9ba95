import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Body, HttpError, Request, Response, Route, RoutePattern, Routes, Server, Status } from '@kitgen/runtime';

test('Request: path, query string and query parameters from the target', () => {
  const req = new Request({ method: 'GET', url: '/users/7/posts?limit=2&tag=a&tag=b%20c&q=x+y' });
  assert.equal(req.path, '/users/7/posts');
  assert.equal(req.queryString, 'limit=2&tag=a&tag=b%20c&q=x+y');
  assert.equal(req.query.get('limit'), '2');
  assert.deepEqual(req.query.getAll('tag'), ['a', 'b c']);
  assert.equal(req.query.get('q'), 'x y');
  const bare = Request.get('/plain');
  assert.equal(bare.queryString, '');
  assert.equal(bare.query.size, 0);
  assert.equal(bare.method, 'GET');
  assert.equal(bare.version, '1.1');
  assert.ok(bare.body.isEmpty);
});

test('Request: an absolute-form target becomes path and query', () => {
  const req = new Request({ method: 'GET', url: 'http://api.example:8080/a/b?x=1' });
  assert.equal(req.url, '/a/b?x=1');
  assert.equal(req.path, '/a/b');
  assert.equal(new Request({ method: 'GET', url: 'https://api.example' }).url, '/');
  assert.equal(new Request({ method: 'GET', url: 'https://api.example?x=1' }).url, '/?x=1');
  // The target is kept as sent, so traversal in absolute-form is refused like any other.
  const sneaky = new Request({ method: 'GET', url: 'http://api.example/files/%2e%2e/../etc' });
  assert.equal(sneaky.path, '/files/%2e%2e/../etc');
  assert.equal(sneaky.canonicalPath.ok, false);
});

test('Request: canonical path decodes segments and ignores one trailing slash', () => {
  assert.deepEqual(Request.get('/').canonicalPath, { ok: true, segments: [] });
  assert.deepEqual(Request.get('/a/b/').canonicalPath, { ok: true, segments: ['a', 'b'] });
  assert.deepEqual(Request.get('/caf%C3%A9/a%20b/%252F').canonicalPath, { ok: true, segments: ['café', 'a b', '%2F'] });
  assert.deepEqual(Request.get('/a/b?x=../..').canonicalPath, { ok: true, segments: ['a', 'b'] });
});

test('Request: canonical path refuses traversal, encoded separators, empty segments, NUL and bad escapes', () => {
  const refused: Array<[string, RegExp]> = [
    ['/a/../b', /"\." or "\.\." segment/],
    ['/a/./b', /"\." or "\.\." segment/],
    ['/a/%2e%2e/b', /"\." or "\.\." segment/],
    ['/a/%2E/b', /"\." or "\.\." segment/],
    ['/a/..', /"\." or "\.\." segment/],
    ['/a%2Fb', /encoded/],
    ['/a%2fb', /encoded/],
    ['/a%5Cb', /encoded/],
    ['/a%00b', /encoded/],
    ['/a\\b', /"\\" or NUL/],
    ['/a\0b', /"\\" or NUL/],
    ['/a//b', /empty segment/],
    ['//a', /empty segment/],
    ['/a//', /empty segment/],
    ['/a%zz', /percent-encoding/],
    ['/a%', /percent-encoding/],
    ['/a%C3', /percent-encoding/],
    ['a/b', /must start with \//],
    ['*', /must start with \//],
  ];
  for (const [path, reason] of refused) {
    const c = Request.get(path).canonicalPath;
    assert.equal(c.ok, false, path);
    if (!c.ok) assert.match(c.reason, reason, path);
  }
});

test('Request: copy changes what it is told and keeps attributes; withURL and toURL speak WHATWG URL', () => {
  const key = Symbol('k');
  const req = new Request({
    method: 'POST',
    url: '/a?x=1',
    headers: { host: 'api.example:8080' },
    body: Body.fromString('b'),
  });
  req.attributes.set(key, 'v');
  const moved = req.copy({ url: '/b' });
  assert.equal(moved.url, '/b');
  assert.equal(moved.method, 'POST');
  assert.equal(moved.body, req.body);
  assert.equal(moved.attributes.get(key), 'v');
  assert.equal(req.url, '/a?x=1');

  const url = req.toURL();
  assert.ok(url instanceof URL);
  assert.equal(url.href, 'http://api.example:8080/a?x=1');
  url.pathname = '/v1/a';
  const rewritten = req.withURL(url);
  assert.equal(rewritten.url, '/v1/a?x=1');
  assert.equal(req.withURL('/c?y=2').query.get('y'), '2');
  // An unusable Host header falls back to localhost instead of throwing.
  assert.equal(
    new Request({ method: 'GET', url: '/p', headers: { host: 'bad host/x' } }).toURL().href,
    'http://localhost/p',
  );
  assert.equal(Request.get('/p?q').toURL().href, 'http://localhost/p?q');
});

test('Response builders: status, type and body', async () => {
  const ok = Response.ok();
  assert.equal(ok.status, 200);
  assert.ok(ok.body.isEmpty);
  assert.equal(Response.status(Status.NoContent).status, 204);

  const text = Response.text('hé', Status.Created);
  assert.equal(text.status, 201);
  assert.equal(text.body.contentType, 'text/plain; charset=utf-8');
  assert.equal(await text.body.asString(), 'hé');

  const json = Response.json({ a: [1, 'x'] });
  assert.equal(json.body.contentType, 'application/json');
  assert.deepEqual(JSON.parse(await json.body.asString()), { a: [1, 'x'] });
  assert.equal(await Response.json(undefined).body.asString(), 'null');

  const html = Response.html('<p>x</p>');
  assert.equal(html.body.contentType, 'text/html; charset=utf-8');

  const redirect = Response.redirect('/elsewhere');
  assert.equal(redirect.status, 302);
  assert.equal(redirect.headers.get('location'), '/elsewhere');
  assert.equal(Response.redirect('/p', Status.PermanentRedirect).status, 308);

  const nf = Response.notFound();
  assert.equal(nf.status, 404);
  assert.equal(JSON.parse(await nf.body.asString()).error, 'Not Found');

  const err = Response.fromHttpError(
    new HttpError(Status.Conflict, 'taken', { details: { field: 'name' }, headers: { 'retry-after': '5' } }),
  );
  assert.equal(err.status, 409);
  assert.equal(err.headers.get('retry-after'), '5');
  assert.deepEqual(JSON.parse(await err.body.asString()), { error: 'Conflict', message: 'taken', field: 'name' });
});

test('Response copies: with* and header edits return new responses', () => {
  const base = Response.text('x');
  const edited = base
    .withStatus(Status.Accepted)
    .setHeader('x-a', '1')
    .addHeader('x-a', '2')
    .addHeaders({ 'x-b': '3' })
    .removeHeader('x-b');
  assert.equal(base.status, 200);
  assert.equal(base.headers.has('x-a'), false);
  assert.equal(edited.status, 202);
  assert.deepEqual(edited.headers.getAll('x-a'), ['1', '2']);
  assert.equal(edited.headers.has('x-b'), false);
  assert.equal(edited.body, base.body);
  const rebodied = base.withBody(Body.fromString('y'));
  assert.notEqual(rebodied.body, base.body);
});

test('over the wire: the server passes method, target, query and version to the Request', async () => {
  const route = Route.handled(RoutePattern.ANY('echo'), (req) =>
    Response.json({
      method: req.method,
      url: req.url,
      q: req.query.getAll('q'),
      version: req.version,
      remote: req.remoteAddress,
      href: req.toURL().href,
    }),
  );
  const server = Server.defaultWith((c) => c.binding('127.0.0.1', 0));
  const port = await Server.install(Routes(route), server);
  try {
    const res = await fetch(`http://127.0.0.1:${port}/echo/?q=1&q=%C3%A9`, { method: 'PATCH' });
    assert.deepEqual(await res.json(), {
      method: 'PATCH',
      url: '/echo/?q=1&q=%C3%A9',
      q: ['1', 'é'],
      version: '1.1',
      remote: '127.0.0.1',
      href: `http://127.0.0.1:${port}/echo/?q=1&q=%C3%A9`,
    });
  } finally {
    await server.shutdown();
  }
});
