// EndpointExecutor ↔ server round trips for every kind of input: path codecs, query types and
// styles, optional and default parameters, headers (typed and as text), bodies, multipart, streams.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  Endpoint,
  RoutePattern,
  PathCodec,
  HttpCodec,
  HeaderCodec,
  Schema,
  Routes,
  EndpointExecutor,
  Header,
  MediaType,
  Either,
  CodecConfig,
  type Route,
} from '@kitgen/runtime';
import { startServer } from './support/testServer.ts';

async function withServer(
  routes: Routes | Route[],
  fn: (call: EndpointExecutor, url: string) => Promise<void>,
  streaming = false,
): Promise<void> {
  const server = await startServer(Array.isArray(routes) ? Routes(...routes) : routes, (c) =>
    streaming ? c.enableRequestStreaming() : c,
  );
  try {
    await fn(EndpointExecutor.make({ baseUrl: server.url }), server.url);
  } finally {
    await server.shutdown();
  }
}

const Echo = Schema.Unknown();

test('path parameters of every codec, bigint and trailing included, are encoded and percent-escaped', async () => {
  const e = Endpoint(
    RoutePattern.GET(
      'items',
      PathCodec.int('id'),
      'owners',
      PathCodec.long('owner'),
      PathCodec.uuid('key'),
      PathCodec.bool('flag'),
      PathCodec.string('name'),
      PathCodec.trailing('rest'),
    ),
  ).out(
    Schema.Object({
      id: Schema.Integer(),
      owner: Schema.Int64(),
      key: Schema.String(),
      flag: Schema.Boolean(),
      name: Schema.String(),
      rest: Schema.String(),
    }),
  );
  await withServer(
    [e.implement(([id, owner, key, flag, name, rest]) => ({ id, owner, key, flag, name, rest }))],
    async (call) => {
      const out = await call(e, [
        -7,
        9223372036854775807n,
        '123e4567-e89b-12d3-a456-426614174000',
        true,
        'a b?c#d%',
        'x/y z',
      ]);
      assert.deepEqual(out, {
        id: -7,
        owner: 9223372036854775807n,
        key: '123e4567-e89b-12d3-a456-426614174000',
        flag: true,
        name: 'a b?c#d%',
        rest: 'x/y z',
      });
      assert.equal(typeof out.owner, 'bigint');
      await assert.rejects(call(e, [2 ** 40, 1n, 'k', false, 'n', 'r']), (err: Error) => {
        assert.equal(err.name, 'ClientError');
        assert.match(
          err.message,
          /^GET \/items\/\{id\}\/owners\/\{owner\}\/\{key\}\/\{flag\}\/\{name\}\/\{rest\}: path parameter 'id': expected a 32-bit integer/,
        );
        return true;
      });
      // The server refuses an encoded '/' inside a segment, so the client says so before sending.
      await assert.rejects(
        call(e, [1, 1n, '123e4567-e89b-12d3-a456-426614174000', false, 'a/b', 'r']),
        /path parameter 'name': "a\/b" cannot be sent in a path/,
      );
    },
  );
});

test('query parameters: integer, number, boolean, int64, enum, date-time; optional and default', async () => {
  const e = Endpoint(RoutePattern.GET('q'))
    .query(HttpCodec.query('i', Schema.Integer()))
    .query(HttpCodec.query('n', Schema.Number()).and(HttpCodec.query('b', Schema.Boolean())))
    .query(HttpCodec.query('big', Schema.Int64()))
    .query(HttpCodec.query('color', Schema.Union([Schema.Literal('red'), Schema.Literal('blue')])))
    .query(HttpCodec.query('at', Schema.String({ format: 'date-time' })))
    .query(HttpCodec.query('limit', Schema.Integer()).optional())
    .query(HttpCodec.query('sort', Schema.String({ default: 'name' })))
    .out(Echo);
  const route = e.implement(([i, n, b, big, color, at, limit, sort]) => ({
    i,
    n,
    b,
    big: big.toString(),
    color,
    at,
    limit: limit ?? 'absent',
    sort,
    request: [typeof big],
  }));
  await withServer([route], async (call) => {
    assert.deepEqual(
      await call(e, [-3, 2.5, false, -9223372036854775808n, 'blue', '2026-11-21T10:00:00Z', undefined, 'age']),
      {
        i: -3,
        n: 2.5,
        b: false,
        big: '-9223372036854775808',
        color: 'blue',
        at: '2026-11-21T10:00:00Z',
        limit: 'absent',
        sort: 'age',
        request: ['bigint'],
      },
    );
    const withLimit = (await call(e, [1, 0, true, 1n, 'red', '2026-01-01T00:00:00Z', 5, 'name'])) as { limit: number };
    assert.equal(withLimit.limit, 5);
  });
});

test('query styles: form exploded and not, space- and pipe-delimited, deepObject, empty arrays', async () => {
  const ints = Schema.Array(Schema.Integer());
  const e = Endpoint(RoutePattern.GET('arr'))
    .query(HttpCodec.query('a', ints))
    .query(HttpCodec.query('c', ints, { explode: false }))
    .query(HttpCodec.query('s', Schema.Array(Schema.String()), { style: 'spaceDelimited', explode: false }))
    .query(HttpCodec.query('p', ints, { style: 'pipeDelimited', explode: false }))
    .query(
      HttpCodec.query('f', Schema.Object({ min: Schema.Integer(), max: Schema.Integer() }), { style: 'deepObject' }),
    )
    .query(HttpCodec.query('e', ints))
    .out(Echo);
  let seen = '';
  const route = e.implement(([a, c, s, p, f, empty], { request }) => {
    seen = request.url;
    return { a, c, s, p, f, empty };
  });
  await withServer([route], async (call) => {
    const out = await call(e, [[1, 2], [3, 4], ['z', 'w'], [5, 6], { min: 1, max: 9 }, []]);
    assert.deepEqual(out, { a: [1, 2], c: [3, 4], s: ['z', 'w'], p: [5, 6], f: { min: 1, max: 9 }, empty: [] });
    const query = new URL(seen, 'http://x').searchParams;
    assert.deepEqual(query.getAll('a'), ['1', '2']);
    assert.deepEqual(query.getAll('c'), ['3,4']);
    assert.deepEqual(query.getAll('s'), ['z w']);
    assert.deepEqual(query.getAll('p'), ['5|6']);
    assert.equal(query.get('f[min]'), '1');
  });
});

test('headers: Authorization typed or as text, bearerAuth token or full header, named header with schema, contentType.expect', async () => {
  const auth = Endpoint(RoutePattern.GET('auth')).header(HeaderCodec.authorization).out(Echo);
  const bearer = Endpoint(RoutePattern.GET('bearer')).header(HeaderCodec.bearerAuth).out(Echo);
  const named = Endpoint(RoutePattern.GET('named'))
    .header(HeaderCodec.name('x-count', Schema.Integer()))
    .header(HeaderCodec.name('x-note').optional())
    .out(Echo);
  const typed = Endpoint(RoutePattern.POST('typed'))
    .header(HeaderCodec.contentType.expect('text/csv'))
    .in(Schema.String(), { mediaType: 'text/csv' })
    .out(Echo);
  const routes = [
    auth.implement((a) =>
      a.scheme === 'Basic' ? { user: a.username, pw: a.password.reveal() } : { scheme: a.scheme },
    ),
    bearer.implement((token) => ({ token })),
    named.implement(([n, note]) => ({ n, note: note ?? null })),
    typed.implement(([mt, text]) => ({ type: mt.fullType, text })),
  ];
  await withServer(routes, async (call) => {
    assert.deepEqual(await call(auth, Header.Authorization.Basic('ada', 's3cret')), { user: 'ada', pw: 's3cret' });
    assert.deepEqual(await call(auth, `Basic ${Buffer.from('bob:pw').toString('base64')}`), { user: 'bob', pw: 'pw' });
    assert.deepEqual(await call(auth, 'Custom xyz'), { scheme: 'Unparsed' });
    assert.deepEqual(await call(bearer, 'abc.def'), { token: 'abc.def' });
    assert.deepEqual(await call(bearer, 'Bearer t0k'), { token: 't0k' });
    assert.deepEqual(await call(named, [42, undefined]), { n: 42, note: null });
    assert.deepEqual(await call(named, [7, 'hi']), { n: 7, note: 'hi' });
    assert.deepEqual(await call(typed, [MediaType.of('text/csv'), 'a,b']), { type: 'text/csv', text: 'a,b' });
    assert.deepEqual(await call(typed, ['text/csv', 'c,d']), { type: 'text/csv', text: 'c,d' });
    // Authorization text that does not parse is still sent as written (the handler sees Unparsed).
    assert.deepEqual(await call(auth, 'Basic !!!'), { scheme: 'Unparsed' });
    // A header value the server refuses comes back as its 400, naming the header.
    await assert.rejects(
      call(named, ['many' as unknown as number, undefined]),
      /GET \/named \(http:\/\/127\.0\.0\.1:\d+\/named\): undeclared status 400 .*header 'x-count'/,
    );
  });
});

test("default and per-call headers are sent; the endpoint's own header inputs win", async () => {
  const e = Endpoint(RoutePattern.GET('h')).header(HeaderCodec.name('x-mine')).out(Echo);
  await withServer(
    [
      e.implement((mine, { request }) => ({
        mine,
        trace: request.headers.get('x-trace') ?? null,
        tenant: request.headers.get('x-tenant') ?? null,
      })),
    ],
    async (_call, url) => {
      const call = EndpointExecutor.make({ baseUrl: `${url}/`, headers: { 'x-tenant': 't1', 'x-mine': 'default' } });
      assert.deepEqual(await call(e, 'input', { headers: { 'x-trace': 'abc' } }), {
        mine: 'input',
        trace: 'abc',
        tenant: 't1',
      });
    },
  );
});

test('bodies: JSON with nested and optional fields, form-urlencoded, text, bytes', async () => {
  const User = Schema.Object({
    name: Schema.String(),
    age: Schema.Integer(),
    tags: Schema.Optional(Schema.Array(Schema.String())),
    address: Schema.Object({ city: Schema.String() }),
  });
  const json = Endpoint(RoutePattern.POST('users')).in(User).out(User, 201);
  const Search = Schema.Object({ q: Schema.String(), n: Schema.Integer() });
  const form = Endpoint(RoutePattern.POST('search'))
    .in(Search, { mediaType: 'application/x-www-form-urlencoded' })
    .out(Echo);
  const text = Endpoint(RoutePattern.POST('text'))
    .in(Schema.String(), { mediaType: 'text/plain' })
    .out(Schema.String(), 200, 'text/plain');
  const bytes = Endpoint(RoutePattern.POST('bytes')).in(Schema.Bytes()).out(Schema.Bytes());
  const routes = [
    json.implement((u) => u),
    form.implement((f, { request }) => ({ ...f, type: request.headers.get('content-type') })),
    text.implement((t) => t.toUpperCase()),
    bytes.implement((b) => b.slice().reverse()),
  ];
  await withServer(routes, async (call) => {
    const created = await call(json, { name: 'Ada', age: 36, address: { city: 'London' } });
    assert.deepEqual(created, { name: 'Ada', age: 36, address: { city: 'London' } });
    assert.deepEqual(await call(json, { name: 'Bo', age: 1, tags: ['x'], address: { city: 'Oslo' } }), {
      name: 'Bo',
      age: 1,
      tags: ['x'],
      address: { city: 'Oslo' },
    });
    assert.deepEqual(await call(form, { q: 'y', n: 3 }), { q: 'y', n: 3, type: 'application/x-www-form-urlencoded' });
    assert.equal(await call(text, 'héllo'), 'HÉLLO');
    assert.deepEqual([...(await call(bytes, new Uint8Array([1, 2, 3])))], [3, 2, 1]);
    // The server's validation error comes back as a ClientError naming the JSON pointer.
    await assert.rejects(
      call(json, { name: 'Ada', age: 1.5, address: { city: 'x' } } as never),
      /undeclared status 400 .*\/age/,
    );
  });
});

test('multipart: named parts of text, integer, object and bytes are sent as form-data sections', async () => {
  const Meta = Schema.Object({ title: Schema.String() });
  const e = Endpoint(RoutePattern.POST('upload'))
    .in(Schema.String(), 'description')
    .in(Schema.Integer(), 'count')
    .in(Meta, 'meta')
    .in(Schema.Bytes(), 'file')
    .in(Schema.Bytes(), { name: 'photo', mediaType: 'image/png' })
    .out(Echo);
  const route = e.implement(([description, count, meta, file, photo], { request }) => ({
    description,
    count,
    title: meta.title,
    file: [...file],
    photo: [...photo],
    type: request.headers.get('content-type')?.split(';')[0],
  }));
  await withServer([route], async (call) => {
    const out = await call(e, [
      'a photo',
      2,
      { title: 'Sunset' },
      new Uint8Array([9, 8, 7]),
      new Uint8Array([0x89, 0x50, 0xff, 0x00]),
    ]);
    assert.deepEqual(out, {
      description: 'a photo',
      count: 2,
      title: 'Sunset',
      file: [9, 8, 7],
      photo: [0x89, 0x50, 0xff, 0x00],
      type: 'multipart/form-data',
    });
  });
});

test('inStream and outStream: values are sent and received as NDJSON, lazily', async () => {
  const Item = Schema.Object({ n: Schema.Integer() });
  const doubled = Endpoint(RoutePattern.POST('double')).inStream(Item).outStream(Item);
  const route = doubled.implement(async function* (items) {
    for await (const item of items) yield { n: item.n * 2 };
  });
  await withServer(
    [route],
    async (call) => {
      async function* items() {
        for (let n = 1; n <= 3; n++) yield { n };
      }
      const out = await call(doubled, items());
      const received: number[] = [];
      for await (const item of out) received.push(item.n);
      assert.deepEqual(received, [2, 4, 6]);
    },
    true,
  );
});

test('streams as one JSON array when the codec config says treatStreamsAsArrays (client and server agree)', async () => {
  const Item = Schema.Object({ n: Schema.Integer() });
  const e = Endpoint(RoutePattern.POST('arr')).inStream(Item).outStream(Item);
  const config = CodecConfig({ treatStreamsAsArrays: true });
  const routes = Routes(
    e.implement(async function* (items) {
      for await (const item of items) yield { n: item.n + 1 };
    }),
  ).pipe(CodecConfig.withConfig(config));
  await withServer(
    routes,
    async (_call, url) => {
      const call = EndpointExecutor.make({ baseUrl: url, codecConfig: config });
      const out: number[] = [];
      for await (const item of await call(
        e,
        (async function* () {
          yield { n: 1 };
          yield { n: 5 };
        })(),
      ))
        out.push(item.n);
      assert.deepEqual(out, [2, 6]);
    },
    true,
  );
});

test('transformIn and codec transforms are mapped back before encoding; or-inputs take an Either', async () => {
  class UserId {
    constructor(readonly value: number) {}
  }
  const mapped = Endpoint(RoutePattern.GET('t', PathCodec.int('id')))
    .query(
      HttpCodec.query('tag', Schema.String()).transform(
        (s) => s.split('+'),
        (parts) => parts.join('+'),
      ),
    )
    .transformIn(
      ([id, tags]) => ({ id: new UserId(id), tags }),
      (o) => [o.id.value, o.tags] as [number, string[]],
    )
    .out(Echo);
  const either = Endpoint(RoutePattern.GET('o'))
    .inCodec(HttpCodec.query('a', Schema.Integer()).or(HttpCodec.header('x-b')))
    .out(Echo);
  const routes = [
    mapped.implement((o) => ({ id: o.id.value, tags: o.tags, isClass: o.id instanceof UserId })),
    either.implement((v) => (v._tag === 'left' ? { a: v.left } : { b: v.right })),
  ];
  await withServer(routes, async (call) => {
    assert.deepEqual(await call(mapped, { id: new UserId(4), tags: ['x', 'y'] }), {
      id: 4,
      tags: ['x', 'y'],
      isClass: true,
    });
    assert.deepEqual(await call(either, Either.left(3)), { a: 3 });
    assert.deepEqual(await call(either, Either.right('bee')), { b: 'bee' });
  });
});

test('an endpoint with no input is called without one; a base URL path prefix is kept', async () => {
  const ping = Endpoint(RoutePattern.GET('api', 'ping')).out(Schema.String());
  await withServer([ping.implement(() => 'pong')], async (call, url) => {
    assert.equal(await call(ping), 'pong');
    const prefixed = Endpoint(RoutePattern.GET('ping')).out(Schema.String());
    assert.equal(await EndpointExecutor.make({ baseUrl: new URL(`${url}/api/`) })(prefixed), 'pong');
  });
});
