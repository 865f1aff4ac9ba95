import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  DecodeError,
  HttpError,
  PathCodec,
  Request,
  Response,
  Route,
  RoutePattern,
  Routes,
  Status,
  int,
  makeMiddleware,
  string,
  type Handler,
} from '@kitgen/runtime';

const get = (url: string) => Request.get(url);
const req = (method: string, url: string) => new Request({ method, url });
async function json(r: Response): Promise<unknown> {
  return JSON.parse(await r.body.asString());
}
async function text(r: Response): Promise<string> {
  return r.body.asString();
}
/** A route answering with its own name and the decoded parameters (bigints as strings). */
const named = <P extends unknown[]>(name: string, pattern: RoutePattern<P>) =>
  Route.handled(pattern, (_req, ...params) =>
    Response.json({ route: name, params: params.map((p) => (typeof p === 'bigint' ? `${p}n` : p)) }),
  );

test('a literal segment wins over a parameter, whatever the declaration order', async () => {
  for (const routes of [
    Routes(named('param', RoutePattern.GET('users', string('id'))), named('me', RoutePattern.GET('users', 'me'))),
    Routes(named('me', RoutePattern.GET('users', 'me')), named('param', RoutePattern.GET('users', string('id')))),
  ]) {
    assert.deepEqual(await json(await routes.run(get('/users/me'))), { route: 'me', params: [] });
    assert.deepEqual(await json(await routes.run(get('/users/ada'))), { route: 'param', params: ['ada'] });
    // Literal matching is exact and case-sensitive.
    assert.deepEqual(await json(await routes.run(get('/users/ME'))), { route: 'param', params: ['ME'] });
  }
});

test('a literal branch that leads nowhere falls back to the parameter branch', async () => {
  const routes = Routes(
    named('deep', RoutePattern.GET('a', 'b', 'c')),
    named('param', RoutePattern.GET('a', string('x'), 'd')),
  );
  assert.deepEqual(await json(await routes.run(get('/a/b/c'))), { route: 'deep', params: [] });
  assert.deepEqual(await json(await routes.run(get('/a/b/d'))), { route: 'param', params: ['b'] });
});

test('int: 32-bit range, no sign tricks, no decimals', async () => {
  const routes = Routes(named('int', RoutePattern.GET('n', int('n'))));
  for (const [seg, value] of [
    ['0', 0],
    ['2147483647', 2147483647],
    ['-2147483648', -2147483648],
    ['007', 7],
    ['-0', 0],
  ] as const) {
    const r = await routes.run(get(`/n/${seg}`));
    assert.equal(r.status, 200, seg);
    assert.deepEqual(await json(r), { route: 'int', params: [value] }, seg);
  }
  for (const seg of ['2147483648', '-2147483649', '1.5', '+1', '1e3', '0x10', ' 1', 'abc', '١٢']) {
    const r = await routes.run(get(`/n/${encodeURIComponent(seg)}`));
    assert.equal(r.status, 400, seg);
    assert.deepEqual(await json(r), {
      error: 'Bad Request',
      message: `path parameter 'n': expected a 32-bit integer, got '${seg}'`,
      in: 'path',
      parameter: 'n',
      expected: 'a 32-bit integer',
    });
  }
});

test('long: 64-bit values as bigint, without losing digits', async () => {
  const routes = Routes(named('long', RoutePattern.GET('l', PathCodec.long('id'))));
  assert.deepEqual(await json(await routes.run(get('/l/9223372036854775807'))), {
    route: 'long',
    params: ['9223372036854775807n'],
  });
  assert.deepEqual(await json(await routes.run(get('/l/-9223372036854775808'))), {
    route: 'long',
    params: ['-9223372036854775808n'],
  });
  assert.deepEqual(await json(await routes.run(get('/l/9007199254740993'))), {
    route: 'long',
    params: ['9007199254740993n'],
  });
  for (const seg of ['9223372036854775808', '-9223372036854775809', '1.0', 'x']) {
    const r = await routes.run(get(`/l/${seg}`));
    assert.equal(r.status, 400, seg);
    assert.match(((await json(r)) as { message: string }).message, /path parameter 'id': expected a 64-bit integer/);
  }
  let seen: bigint | undefined;
  await Routes(
    Route.handled(RoutePattern.GET('t', PathCodec.long('id')), (_r, id) => ((seen = id), Response.ok())),
  ).run(get('/t/12'));
  assert.equal(seen, 12n);
});

test('uuid, bool and string codecs', async () => {
  const routes = Routes(
    named('uuid', RoutePattern.GET('u', PathCodec.uuid('id'))),
    named('bool', RoutePattern.GET('b', PathCodec.bool('flag'))),
    named('string', RoutePattern.GET('s', PathCodec.string('name'))),
  );
  assert.deepEqual(await json(await routes.run(get('/u/0F8FAD5B-D9CB-469F-A165-70867728950E'))), {
    route: 'uuid',
    params: ['0f8fad5b-d9cb-469f-a165-70867728950e'],
  });
  for (const bad of [
    '0f8fad5b-d9cb-469f-a165-70867728950',
    '0f8fad5bd9cb469fa16570867728950e',
    'zf8fad5b-d9cb-469f-a165-70867728950e',
  ]) {
    const r = await routes.run(get(`/u/${bad}`));
    assert.equal(r.status, 400);
    assert.match(((await json(r)) as { message: string }).message, /path parameter 'id': expected a UUID/);
  }
  assert.deepEqual(await json(await routes.run(get('/b/true'))), { route: 'bool', params: [true] });
  assert.deepEqual(await json(await routes.run(get('/b/false'))), { route: 'bool', params: [false] });
  for (const bad of ['TRUE', '1', 'yes']) assert.equal((await routes.run(get(`/b/${bad}`))).status, 400, bad);
  // Segments reach codecs percent-decoded.
  assert.deepEqual(await json(await routes.run(get('/s/caf%C3%A9%20au%20lait'))), {
    route: 'string',
    params: ['café au lait'],
  });
});

test('trailing: the rest of the path, possibly empty, decoded segment by segment', async () => {
  const routes = Routes(
    named('files', RoutePattern.GET('files', PathCodec.trailing('rest'))),
    named('exact', RoutePattern.GET('files', 'index')),
  );
  assert.deepEqual(await json(await routes.run(get('/files/a/b%20c/d.txt'))), {
    route: 'files',
    params: ['a/b c/d.txt'],
  });
  assert.deepEqual(await json(await routes.run(get('/files/x'))), { route: 'files', params: ['x'] });
  assert.deepEqual(await json(await routes.run(get('/files'))), { route: 'files', params: [''] });
  assert.deepEqual(await json(await routes.run(get('/files/index'))), { route: 'exact', params: [] });
  assert.deepEqual(await json(await routes.run(get('/files/index/more'))), { route: 'files', params: ['index/more'] });
  assert.throws(() => RoutePattern.GET(PathCodec.trailing('rest'), 'after'), /must be the last segment/);
});

test('parameters of different kinds at one position: the one whose codec accepts the segment wins', async () => {
  const slug = named('slug', RoutePattern.GET('items', string('slug')));
  const id = named('id', RoutePattern.GET('items', int('id')));
  const long = named('long', RoutePattern.GET('items', PathCodec.long('big')));
  // The narrowest accepting kind wins, in any declaration order: int, then long, then string.
  for (const routes of [Routes(slug, long, id), Routes(id, long, slug), Routes(long, slug, id)]) {
    assert.deepEqual(await json(await routes.run(get('/items/42'))), { route: 'id', params: [42] });
    assert.deepEqual(await json(await routes.run(get('/items/4294967296'))), {
      route: 'long',
      params: ['4294967296n'],
    });
    assert.deepEqual(await json(await routes.run(get('/items/forty-two'))), { route: 'slug', params: ['forty-two'] });
  }
  // Without an accepting codec the segment still reaches a route, which names what it expected.
  const strict = await Routes(id).run(get('/items/x'));
  assert.equal(strict.status, 400);
  // Same kind, same place: they share a branch and continue by what follows.
  const shared = Routes(
    named('a', RoutePattern.GET('x', int('a'), 'one')),
    named('b', RoutePattern.GET('x', int('b'), 'two')),
  );
  assert.deepEqual(await json(await shared.run(get('/x/1/two'))), { route: 'b', params: [1] });
});

test('404 for an unknown path, with a JSON body', async () => {
  const routes = Routes(named('a', RoutePattern.GET('a')));
  for (const url of ['/', '/b', '/a/b', '/A']) {
    const r = await routes.run(get(url));
    assert.equal(r.status, 404, url);
    assert.equal(r.headers.has('allow'), false);
    assert.deepEqual(await json(r), { error: 'Not Found', message: 'No route matches the request path' });
  }
  assert.equal((await Routes.empty.run(get('/'))).status, 404);
});

test('405 with Allow for a path known under other methods; HEAD is allowed where GET is', async () => {
  const routes = Routes(
    named('get', RoutePattern.GET('users', int('id'))),
    named('delete', RoutePattern.DELETE('users', int('id'))),
    named('post', RoutePattern.POST('users')),
  );
  const put = await routes.run(req('PUT', '/users/1'));
  assert.equal(put.status, 405);
  assert.equal(put.headers.get('allow'), 'GET, HEAD, DELETE');
  assert.deepEqual(await json(put), { error: 'Method Not Allowed', message: 'Method PUT is not allowed on this path' });
  const getUsers = await routes.run(get('/users'));
  assert.equal(getUsers.status, 405);
  assert.equal(getUsers.headers.get('allow'), 'POST');
  // Allow gathers every route whose path matches, literal and parameter alike.
  const mixed = Routes(named('me', RoutePattern.GET('u', 'me')), named('p', RoutePattern.PATCH('u', string('id'))));
  assert.equal((await mixed.run(req('DELETE', '/u/me'))).headers.get('allow'), 'GET, HEAD, PATCH');
  assert.deepEqual(await json(await mixed.run(req('PATCH', '/u/me'))), { route: 'p', params: ['me'] });
  // A route for any method leaves nothing to refuse.
  const any = Routes(named('any', RoutePattern.ANY('x')));
  assert.equal((await any.run(req('OPTIONS', '/x'))).status, 200);
});

test('HEAD is answered by the GET route unless a HEAD route exists', async () => {
  let calls = 0;
  const routes = Routes(
    Route.handled(RoutePattern.GET('doc'), () => (calls++, Response.text('body text'))),
    Route.handled(RoutePattern.GET('both'), () => Response.text('from GET')),
    Route.handled(RoutePattern.HEAD('both'), () => Response.ok().setHeader('x-head', 'yes')),
  );
  const head = await routes.run(req('HEAD', '/doc'));
  assert.equal(head.status, 200);
  assert.equal(calls, 1);
  assert.equal(head.body.contentType, 'text/plain; charset=utf-8'); // the server sends headers only
  assert.equal((await routes.run(req('HEAD', '/both'))).headers.get('x-head'), 'yes');
  assert.equal(await text(await routes.run(get('/both'))), 'from GET');
});

test('paths refused by canonicalisation answer 400 and never reach a handler', async () => {
  let reached = 0;
  const routes = Routes(
    Route.handled(RoutePattern.ANY('files', PathCodec.trailing('p')), () => (reached++, Response.ok())),
  );
  for (const url of [
    '/files/../etc/passwd',
    '/files/%2e%2e/etc',
    '/files/%2E%2e/etc',
    '/files/./x',
    '/files/a%2Fb',
    '/files/a%2fb',
    '/files/a%5Cb',
    '/files/a\\b',
    '/files//x',
    '//files/x',
    '/files/a%00',
    '/files/a\0',
    '/files/%zz',
    '/files/%E0%A4',
  ]) {
    const r = await routes.run(get(url));
    assert.equal(r.status, 400, url);
    assert.match(((await json(r)) as { message: string }).message, /^Malformed request path: /, url);
  }
  assert.equal(reached, 0);
  assert.equal((await routes.run(get('/files/a/b/'))).status, 200);
});

test('what a handler throws: HttpError gives its status, DecodeError 400, a Response itself, anything else a bare 500', async () => {
  const routes = Routes(
    Route.handled(RoutePattern.GET('http'), () => {
      throw new HttpError(Status.Conflict, 'taken');
    }),
    Route.handled(RoutePattern.GET('decode'), () => {
      throw new DecodeError('bad field', { pointer: '/name', expected: 'a string' });
    }),
    Route.handled(RoutePattern.GET('response'), () => {
      throw Response.text('thrown', Status.Accepted);
    }),
    Route.handled(RoutePattern.GET('boom'), async () => {
      throw new Error('secret internals at /srv/app.ts:12');
    }),
  );
  assert.equal((await routes.run(get('/http'))).status, 409);
  const d = await routes.run(get('/decode'));
  assert.equal(d.status, 400);
  assert.deepEqual(await json(d), {
    error: 'Bad Request',
    message: 'bad field',
    pointer: '/name',
    expected: 'a string',
  });
  assert.equal((await routes.run(get('/response'))).status, 202);
  const boom = await routes.run(get('/boom'));
  assert.equal(boom.status, 500);
  assert.doesNotMatch(await text(boom), /secret|srv|app\.ts/);
});

test('concat: on equal method and path the earlier route wins, across collections too', async () => {
  const first = named('first', RoutePattern.GET('same', int('id')));
  const second = named('second', RoutePattern.GET('same', int('other')));
  assert.deepEqual(await json(await Routes(first, second).run(get('/same/1'))), { route: 'first', params: [1] });
  assert.deepEqual(await json(await Routes(second).concat(Routes(first)).run(get('/same/1'))), {
    route: 'second',
    params: [1],
  });
  // A wrapped collection keeps its place in the order.
  const wrapped = Routes(first).transform((next) => next);
  assert.deepEqual(await json(await wrapped.concat(Routes(second)).run(get('/same/1'))), {
    route: 'first',
    params: [1],
  });
  assert.deepEqual(await json(await Routes(second).concat(wrapped).run(get('/same/1'))), {
    route: 'second',
    params: [1],
  });
  assert.equal(Routes(first).concat(second, Routes(named('x', RoutePattern.GET('x')))).routes.length, 3);
});

test('transform: the wrapper rewrites the URL before routing', async () => {
  const routes = Routes(named('v1', RoutePattern.GET('v1', 'api', string('thing')))).transform(
    (next): Handler =>
      (request) => {
        const url = request.toURL();
        if (url.pathname.startsWith('/api/')) url.pathname = `/v1${url.pathname}`;
        return next(request.withURL(url));
      },
  );
  assert.deepEqual(await json(await routes.run(get('/api/cats?x=1'))), { route: 'v1', params: ['cats'] });
  assert.deepEqual(await json(await routes.run(get('/v1/api/dogs'))), { route: 'v1', params: ['dogs'] });
  assert.equal((await routes.run(get('/other'))).status, 404);
});

test('transform: a wrapper that decorates every answer does not hide later routes, 404 or 405', async () => {
  const a = named('a', RoutePattern.GET('a'));
  const b = named('b', RoutePattern.GET('b'));
  const decorated = Routes(a).transform((next) => async (request) => (await next(request)).setHeader('x-group', 'a'));
  const routes = decorated.concat(Routes(b, named('b-post', RoutePattern.POST('a'))));
  const rb = await routes.run(get('/b'));
  assert.deepEqual(await json(rb), { route: 'b', params: [] });
  assert.equal(rb.headers.has('x-group'), false);
  const ra = await routes.run(get('/a'));
  assert.equal(ra.headers.get('x-group'), 'a');
  // Unmatched everywhere: a full 404 body, and the decoration is kept.
  const nf = await routes.run(get('/zzz'));
  assert.equal(nf.status, 404);
  assert.equal(nf.headers.get('x-group'), 'a');
  assert.deepEqual(await json(nf), { error: 'Not Found', message: 'No route matches the request path' });
  // Allow gathers methods from both groups.
  const na = await routes.run(req('PUT', '/a'));
  assert.equal(na.status, 405);
  assert.equal(na.headers.get('allow'), 'GET, HEAD, POST');
  assert.equal(na.headers.get('x-group'), 'a');
  // A wrapper may still answer unmatched requests itself.
  const fallback = Routes(a).transform((next) => async (request) => {
    const r = await next(request);
    return r.status === 404 ? Response.text('fallback').withStatus(200) : r;
  });
  assert.equal(await text(await fallback.concat(Routes(b)).run(get('/zzz'))), 'fallback');
});

test('mapRoutes: every route is wrapped, routes inside wrapped groups too; unmatched requests are not', async () => {
  const routes = Routes(named('a', RoutePattern.GET('a', int('n'))))
    .concat(Routes(named('b', RoutePattern.GET('b'))).transform((next) => next))
    .mapRoutes((route) =>
      route.withHandler(async (request) => (await route.handler(request)).setHeader('x-route', route.toString())),
    );
  assert.equal((await routes.run(get('/a/1'))).headers.get('x-route'), 'GET /a/{n}');
  assert.equal((await routes.run(get('/b'))).headers.get('x-route'), 'GET /b');
  assert.equal((await routes.run(get('/c'))).headers.has('x-route'), false);
  // Invalid parameters are answered inside the route, so the wrapper sees them.
  const bad = await routes.run(get('/a/x'));
  assert.equal(bad.status, 400);
  assert.equal(bad.headers.get('x-route'), 'GET /a/{n}');
});

test('pipe: routes.pipe(m1, m2) runs requests through m2, then m1; responses through m1, then m2', async () => {
  const trace: string[] = [];
  const tag = (name: string) =>
    makeMiddleware((routes) =>
      routes.transform((next) => async (request) => {
        trace.push(`${name} in`);
        const r = await next(request);
        trace.push(`${name} out`);
        return r.addHeader('x-order', name);
      }),
    );
  const routes = Routes(Route.handled(RoutePattern.GET('x'), () => (trace.push('handler'), Response.ok()))).pipe(
    tag('m1'),
    tag('m2'),
  );
  const r = await routes.run(get('/x'));
  assert.deepEqual(trace, ['m2 in', 'm1 in', 'handler', 'm1 out', 'm2 out']);
  assert.deepEqual(r.headers.getAll('x-order'), ['m1', 'm2']);
  // pipe(m1, m2) is pipe(m1).pipe(m2), and andThen composes the same way.
  trace.length = 0;
  await Routes(Route.handled(RoutePattern.GET('x'), () => (trace.push('handler'), Response.ok())))
    .pipe(tag('m1').andThen(tag('m2')))
    .run(get('/x'));
  assert.deepEqual(trace, ['m2 in', 'm1 in', 'handler', 'm1 out', 'm2 out']);
});

test('the router does not scan routes: codec work per lookup is the same for 100 and 10 000 routes', async () => {
  let decodes = 0;
  const counting = <A>(codec: PathCodec<A, string>): PathCodec<A, string> => ({
    ...codec,
    decode: (s: string) => {
      decodes++;
      return codec.decode(s);
    },
  });
  // Parameter first, literal last: a matcher that tried routes one by one would decode the
  // first segment once per route before it could reject the route on its literal.
  const table = (n: number) =>
    Routes(
      ...Array.from({ length: n }, (_, i) =>
        named(`int${i}`, RoutePattern.GET(counting(PathCodec.int('id')), `r${i}`)),
      ),
      ...Array.from({ length: n }, (_, i) =>
        named(`uuid${i}`, RoutePattern.GET(counting(PathCodec.uuid('u')), `s${i}`)),
      ),
    );
  const cost = async (routes: Routes, url: string, expected: number) => {
    const r = await routes.run(get(url));
    assert.equal(r.status, expected, url);
    const before = decodes;
    await routes.run(get(url));
    return decodes - before;
  };
  const small = table(100);
  const large = table(10_000);
  await large.run(get('/1/r1')); // builds the router once
  for (const [smallUrl, largeUrl, status] of [
    ['/7/r99', '/7/r9999', 200],
    ['/0f8fad5b-d9cb-469f-a165-70867728950e/s99', '/0f8fad5b-d9cb-469f-a165-70867728950e/s9999', 200],
    ['/7/nope', '/7/nope', 404],
  ] as const) {
    const c1 = await cost(small, smallUrl, status);
    const c2 = await cost(large, largeUrl, status);
    assert.equal(c2, c1, `${largeUrl}: ${c2} decodes with 20 000 routes, ${c1} with 200`);
    assert.ok(c2 <= 4, `${largeUrl}: ${c2} decodes`);
  }
  assert.deepEqual(await json(await large.run(get('/5/r5000'))), { route: 'int5000', params: [5] });
});
