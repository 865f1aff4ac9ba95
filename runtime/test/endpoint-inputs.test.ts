// Endpoint inputs over the wire: path, query (types, styles, optional, default), headers, bodies.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  Endpoint,
  RoutePattern,
  PathCodec,
  HttpCodec,
  HeaderCodec,
  Middleware,
  Schema,
  Routes,
  type Route,
} from '@kitgen/runtime';
import { startServer } from './support/testServer.ts';

async function serve(routes: Route[], fn: (url: string) => Promise<void>): Promise<void> {
  const server = await startServer(Routes(...routes));
  try {
    await fn(server.url);
  } finally {
    await server.shutdown();
  }
}

const echo = Schema.Unknown();

test('path parameters are decoded by their codecs; a bad one answers 400 naming it', async () => {
  const e = Endpoint(
    RoutePattern.GET('items', PathCodec.int('id'), 'owners', PathCodec.long('owner'), PathCodec.uuid('key')),
  ).out(echo);
  await serve(
    [e.implement(([id, owner, key]) => ({ id, owner: owner.toString(), key, types: [typeof id, typeof owner] }))],
    async (url) => {
      const ok = await fetch(`${url}/items/7/owners/9223372036854775807/123E4567-E89B-12D3-A456-426614174000`);
      assert.deepEqual(await ok.json(), {
        id: 7,
        owner: '9223372036854775807',
        key: '123e4567-e89b-12d3-a456-426614174000',
        types: ['number', 'bigint'],
      });
      const bad = await fetch(`${url}/items/7/owners/1/not-a-uuid`);
      assert.equal(bad.status, 400);
      const body = (await bad.json()) as Record<string, string>;
      assert.equal(body.parameter, 'key');
      assert.equal(body.in, 'path');
      assert.match(body.message, /path parameter 'key': expected a UUID, got 'not-a-uuid'/);
    },
  );
});

test('rule 2 holds under middleware that decorates every answer (CORS, a response header)', async () => {
  const withKey = Endpoint(RoutePattern.GET('thing')).header(HeaderCodec.name('x-api-key')).out(echo);
  const anonymous = Endpoint(RoutePattern.GET('thing')).out(echo);
  const stamp = {
    apply: (routes: Routes) =>
      routes.mapRoutes((route) =>
        route.withHandler(async (request) => (await route.handler(request)).setHeader('x-stamp', '1')),
      ),
  };
  const routes = Routes(
    withKey.implement((key) => ({ key })),
    anonymous.implement(() => ({ anonymous: true })),
  );
  const server = await startServer(routes.pipe(stamp, Middleware.cors()));
  try {
    const keyed = await fetch(`${server.url}/thing`, { headers: { 'x-api-key': 'k1', origin: 'http://example.test' } });
    assert.deepEqual(await keyed.json(), { key: 'k1' });
    const plain = await fetch(`${server.url}/thing`, { headers: { origin: 'http://example.test' } });
    assert.equal(plain.status, 200);
    assert.equal(plain.headers.get('x-stamp'), '1');
    assert.ok(plain.headers.get('access-control-allow-origin'));
    assert.deepEqual(await plain.json(), { anonymous: true });
  } finally {
    await server.shutdown();
  }
});

test('query parameters are coerced to integer, number, boolean, int64, enum, uuid and date-time', async () => {
  const e = Endpoint(RoutePattern.GET('q'))
    .query(HttpCodec.query('i', Schema.Integer()))
    .query(HttpCodec.query('n', Schema.Number()).and(HttpCodec.query('b', Schema.Boolean())))
    .query(HttpCodec.query('big', Schema.Int64()))
    .query(HttpCodec.query('color', Schema.Union([Schema.Literal('red'), Schema.Literal('blue')])))
    .query(HttpCodec.query('id', Schema.String({ format: 'uuid' })))
    .query(HttpCodec.query('at', Schema.String({ format: 'date-time' })))
    .out(echo);
  const route = e.implement(([i, n, b, big, color, id, at]) => ({
    i,
    n,
    b,
    big: big.toString(),
    color,
    id,
    at,
    t: [typeof i, typeof n, typeof b, typeof big],
  }));
  await serve([route], async (url) => {
    const good = await fetch(
      `${url}/q?i=-3&n=2.5&b=true&big=-9223372036854775808&color=blue&id=123e4567-e89b-12d3-a456-426614174000&at=2026-11-21T10:00:00Z`,
    );
    assert.equal(good.status, 200);
    assert.deepEqual(await good.json(), {
      i: -3,
      n: 2.5,
      b: true,
      big: '-9223372036854775808',
      color: 'blue',
      id: '123e4567-e89b-12d3-a456-426614174000',
      at: '2026-11-21T10:00:00Z',
      t: ['number', 'number', 'boolean', 'bigint'],
    });
    const cases: Array<[string, string]> = [
      ['i=1.5', 'i'],
      ['n=abc', 'n'],
      ['b=yes', 'b'],
      ['big=1e3', 'big'],
      ['color=green', 'color'],
      ['id=42', 'id'],
      ['at=yesterday', 'at'],
    ];
    const base = new URLSearchParams(
      'i=1&n=1&b=false&big=1&color=red&id=123e4567-e89b-12d3-a456-426614174000&at=2026-11-21T10:00:00Z',
    );
    for (const [bad, name] of cases) {
      const params = new URLSearchParams(base);
      const [k, v] = bad.split('=');
      params.set(k, v);
      const r = await fetch(`${url}/q?${params}`);
      assert.equal(r.status, 400, bad);
      const body = (await r.json()) as Record<string, string>;
      assert.equal(body.parameter, name, bad);
      assert.match(body.message, new RegExp(`query parameter '${name}'`), bad);
    }
  });
});

test('the handler is not called when an input fails to decode', async () => {
  let calls = 0;
  const e = Endpoint(RoutePattern.GET('count')).query(HttpCodec.query('n', Schema.Integer())).out(Schema.Integer());
  await serve([e.implement((n) => ++calls + n)], async (url) => {
    assert.equal((await fetch(`${url}/count?n=x`)).status, 400);
    assert.equal((await fetch(`${url}/count`)).status, 400);
    assert.equal(calls, 0);
    assert.equal(await (await fetch(`${url}/count?n=10`)).json(), 11);
  });
});

test('optional query parameters are undefined when absent, defaults apply, examples are kept', async () => {
  const limit = HttpCodec.query('limit', Schema.Integer()).optional().examples({ small: 5 });
  const e = Endpoint(RoutePattern.GET('page'))
    .query(limit)
    .query(HttpCodec.query('sort', Schema.String({ default: 'name' })))
    .out(echo);
  assert.deepEqual(limit.node.kind === 'query' && limit.node.examples, { small: 5 });
  await serve([e.implement(([l, sort]) => ({ limit: l ?? null, sort }))], async (url) => {
    assert.deepEqual(await (await fetch(`${url}/page`)).json(), { limit: null, sort: 'name' });
    assert.deepEqual(await (await fetch(`${url}/page?limit=3&sort=age`)).json(), { limit: 3, sort: 'age' });
  });
});

test('array query parameters follow their style and explode settings', async () => {
  const ints = Schema.Array(Schema.Integer());
  const e = Endpoint(RoutePattern.GET('arr'))
    .query(HttpCodec.query('a', ints))
    .query(HttpCodec.query('c', ints, { explode: false }))
    .query(HttpCodec.query('s', Schema.Array(Schema.String()), { style: 'spaceDelimited', explode: false }))
    .query(HttpCodec.query('p', ints, { style: 'pipeDelimited', explode: false }))
    .query(
      HttpCodec.query('f', Schema.Object({ min: Schema.Integer(), max: Schema.Integer() }), { style: 'deepObject' }),
    )
    .out(echo);
  await serve([e.implement(([a, c, s, p, f]) => ({ a, c, s, p, f }))], async (url) => {
    const r = await fetch(`${url}/arr?a=1&a=2&c=3,4&s=x%20y&p=5|6&f[min]=1&f[max]=9`);
    assert.deepEqual(await r.json(), { a: [1, 2], c: [3, 4], s: ['x', 'y'], p: [5, 6], f: { min: 1, max: 9 } });
    const bad = await fetch(`${url}/arr?a=1&a=x&c=3&s=x&p=5&f[min]=1&f[max]=9`);
    assert.equal(bad.status, 400);
    assert.match(((await bad.json()) as { message: string }).message, /query parameter 'a'/);
  });
});

// Stripe's `created`: a deepObject union of a range object and one integer. The range's keys are
// read as the object member's properties (integers, not texts); the plain value as the integer.
test('query: a deepObject union of an object and a scalar reads either', async () => {
  const range = Schema.Object({ gt: Schema.Optional(Schema.Integer()), lt: Schema.Optional(Schema.Integer()) });
  const e = Endpoint(RoutePattern.GET('created'))
    .query(HttpCodec.query('created', Schema.Union([range, Schema.Integer()]), { style: 'deepObject' }).optional())
    .out(echo);
  await serve([e.implement((created) => ({ created: created ?? 'absent' }))], async (url) => {
    const get = async (q: string) => {
      const r = await fetch(`${url}/created${q}`);
      return `${r.status} ${await r.text()}`;
    };
    assert.equal(await get('?created%5Bgt%5D=1&created%5Blt%5D=9'), '200 {"created":{"gt":1,"lt":9}}');
    assert.equal(await get('?created=5'), '200 {"created":5}');
    assert.equal(await get(''), '200 {"created":"absent"}');
    assert.match(await get('?created%5Bgt%5D=x'), /^400 .*query parameter 'created'/);
    assert.match(await get('?created=soon'), /^400 .*query parameter 'created'/);
  });
});

test('headers: typed authorization, bearer, named header with schema, contentType.expect', async () => {
  const e1 = Endpoint(RoutePattern.GET('auth')).header(HeaderCodec.authorization).out(echo);
  const e2 = Endpoint(RoutePattern.GET('bearer')).header(HeaderCodec.bearerAuth).out(echo);
  const e3 = Endpoint(RoutePattern.GET('named')).header(HeaderCodec.name('x-count', Schema.Integer())).out(echo);
  const e4 = Endpoint(RoutePattern.POST('typed'))
    .header(HeaderCodec.contentType.expect('text/csv'))
    .in(Schema.String(), { mediaType: 'text/csv' })
    .out(echo);
  const routes = [
    e1.implement((a) => (a.scheme === 'Basic' ? { user: a.username, pw: a.password.reveal() } : { scheme: a.scheme })),
    e2.implement((token) => ({ token })),
    e3.implement((n) => ({ n })),
    e4.implement(([mt, text]) => ({ type: mt.fullType, text })),
  ];
  await serve(routes, async (url) => {
    const basic = await fetch(`${url}/auth`, {
      headers: { authorization: `Basic ${Buffer.from('ada:s3cret').toString('base64')}` },
    });
    assert.deepEqual(await basic.json(), { user: 'ada', pw: 's3cret' });
    // A credential that does not parse reaches the handler unparsed: the handler decides.
    const malformed = await fetch(`${url}/auth`, { headers: { authorization: 'Basic !!!' } });
    assert.deepEqual(await malformed.json(), { scheme: 'Unparsed' });
    const empty = await fetch(`${url}/auth`, { headers: { authorization: ' ' } });
    assert.equal(empty.status, 400);
    assert.match(((await empty.json()) as { message: string }).message, /header 'authorization'/);
    assert.deepEqual(await (await fetch(`${url}/bearer`, { headers: { authorization: 'Bearer abc.def' } })).json(), {
      token: 'abc.def',
    });
    assert.deepEqual(await (await fetch(`${url}/named`, { headers: { 'x-count': '42' } })).json(), { n: 42 });
    const badNamed = await fetch(`${url}/named`, { headers: { 'x-count': 'many' } });
    assert.equal(badNamed.status, 400);
    assert.equal(((await badNamed.json()) as { parameter: string }).parameter, 'x-count');
    const csv = await fetch(`${url}/typed`, { method: 'POST', headers: { 'content-type': 'text/csv' }, body: 'a,b' });
    assert.deepEqual(await csv.json(), { type: 'text/csv', text: 'a,b' });
    const wrong = await fetch(`${url}/typed`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'a,b',
    });
    assert.equal(wrong.status, 415);
  });
});

test('rule 2: a request without a required header does not match; another endpoint may take it', async () => {
  const withKey = Endpoint(RoutePattern.GET('thing')).header(HeaderCodec.name('x-api-key')).out(echo);
  const anonymous = Endpoint(RoutePattern.GET('thing')).out(echo);
  const onlyKeyed = Endpoint(RoutePattern.GET('keyed')).header(HeaderCodec.name('x-api-key')).out(echo);
  await serve(
    [
      withKey.implement((key) => ({ key })),
      anonymous.implement(() => ({ anonymous: true })),
      onlyKeyed.implement((key) => ({ key })),
    ],
    async (url) => {
      assert.deepEqual(await (await fetch(`${url}/thing`, { headers: { 'x-api-key': 'k1' } })).json(), { key: 'k1' });
      assert.deepEqual(await (await fetch(`${url}/thing`)).json(), { anonymous: true });
      const missing = await fetch(`${url}/keyed`);
      assert.equal(missing.status, 400);
      const body = (await missing.json()) as Record<string, string>;
      assert.equal(body.parameter, 'x-api-key');
      assert.match(body.message, /header 'x-api-key': required but missing/);
    },
  );
});
