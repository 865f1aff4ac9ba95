// EndpointExecutor ↔ server round trips for every kind of output: statuses, 204, media types
// chosen by Accept, Either outputs, orOut unions, outHeader tuples (rule 1), outCodec, transforms.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  Endpoint,
  RoutePattern,
  PathCodec,
  HttpCodec,
  HeaderCodec,
  Schema,
  Status,
  Either,
  Routes,
  EndpointExecutor,
  type Route,
} from '@kitgen/runtime';
import { startServer } from './support/testServer.ts';

async function withServer(routes: Route[], fn: (call: EndpointExecutor, url: string) => Promise<void>): Promise<void> {
  const server = await startServer(Routes(...routes));
  try {
    await fn(EndpointExecutor.make({ baseUrl: server.url }), server.url);
  } finally {
    await server.shutdown();
  }
}

const User = Schema.Object({ id: Schema.Integer(), name: Schema.String() });
const Created = Schema.Object({ created: Schema.Integer() });
const NotFound = Schema.Object({ message: Schema.String() });

test('the DESIGN.md example: call(getUser, [1, 10, "Basic ..."]) resolves with the user', async () => {
  const getUser = Endpoint(RoutePattern.GET('users', PathCodec.int('id')))
    .query(HttpCodec.query('limit', Schema.Integer()))
    .header(HeaderCodec.authorization)
    .out(User)
    .outError(NotFound, Status.NotFound)
    .doc('Fetch one user');
  const route = getUser.implement(async ([id, limit, auth]) => {
    if (id !== 1) throw getUser.fail({ message: 'no such user' });
    return { id, name: `Ada (${limit}, ${auth.scheme})` };
  });
  await withServer([route], async (call) => {
    const user = await call(getUser, [1, 10, 'Basic ...']);
    assert.deepEqual(user, { id: 1, name: 'Ada (10, Unparsed)' });
    const typed = await call(getUser, [1, 10, `Basic ${Buffer.from('a:b').toString('base64')}`]);
    assert.deepEqual(typed, { id: 1, name: 'Ada (10, Basic)' });
  });
});

test('declared statuses and 204 without a body; a GET output in a non-default status', async () => {
  const get = Endpoint(RoutePattern.GET('u', PathCodec.int('id'))).out(User);
  const post = Endpoint(RoutePattern.POST('u')).in(User).out(Created, Status.Created);
  const del = Endpoint(RoutePattern.DELETE('u', PathCodec.int('id')));
  const accepted = Endpoint(RoutePattern.PUT('u', PathCodec.int('id'))).out(Schema.String(), Status.Accepted);
  const routes = [
    get.implement((id) => ({ id, name: 'Ada' })),
    post.implement((u) => ({ created: u.id })),
    del.implement(() => undefined),
    accepted.implement((id) => `queued ${id}`),
  ];
  await withServer(routes, async (call) => {
    assert.deepEqual(await call(get, 1), { id: 1, name: 'Ada' });
    assert.deepEqual(await call(post, { id: 5, name: 'x' }), { created: 5 });
    assert.equal(await call(del, 1), undefined);
    assert.equal(await call(accepted, 3), 'queued 3');
  });
});

test('Accept lists the declared media types; a call may ask for one of them', async () => {
  const e = Endpoint(RoutePattern.GET('greeting')).out(Schema.String(), {
    mediaTypes: ['application/json', 'text/plain'],
  });
  const seen: string[] = [];
  await withServer(
    [e.implement((_, { request }) => (seen.push(request.headers.get('accept') ?? ''), 'hi "there"'))],
    async (_call, url) => {
      const responses: string[] = [];
      const call = EndpointExecutor.make({
        baseUrl: url,
        onResponse: (r) => responses.push(r.headers.get('content-type') ?? ''),
      });
      assert.equal(await call(e), 'hi "there"');
      assert.equal(await call(e, undefined, { accept: 'text/plain' }), 'hi "there"');
      assert.deepEqual(seen, ['application/json, text/plain', 'text/plain']);
      assert.deepEqual(responses, ['application/json', 'text/plain; charset=utf-8']);
    },
  );
});

test('several outs resolve as an Either (left = the later one); orOut as a plain union', async () => {
  const either = Endpoint(RoutePattern.GET('either', PathCodec.int('n')))
    .out(User)
    .out(Created, Status.Created);
  const sameStatus = Endpoint(RoutePattern.GET('same', PathCodec.int('n')))
    .out(User)
    .out(Created);
  const union = Endpoint(RoutePattern.GET('union', PathCodec.int('n')))
    .out(User)
    .orOut(Created, Status.Accepted)
    .orOut(Schema.String(), 200, 'text/plain');
  const routes = [
    either.implement((n) => (n === 1 ? Either.left({ created: 1 }) : Either.right({ id: n, name: 'r' }))),
    sameStatus.implement((n) => (n === 1 ? Either.left({ created: 1 }) : Either.right({ id: n, name: 's' }))),
    union.implement((n) => (n === 1 ? { created: 1 } : n === 2 ? { id: n, name: 'u' } : 'plain')),
  ];
  await withServer(routes, async (call) => {
    const l = await call(either, 1);
    assert.deepEqual(l, Either.left({ created: 1 }));
    assert.deepEqual(await call(either, 2), Either.right({ id: 2, name: 'r' }));
    // Both alternatives answer 200: the body decides, as the server's union rule does.
    assert.deepEqual(await call(sameStatus, 1), Either.left({ created: 1 }));
    assert.deepEqual(await call(sameStatus, 2), Either.right({ id: 2, name: 's' }));
    assert.deepEqual(await call(union, 1), { created: 1 });
    assert.deepEqual(await call(union, 2), { id: 2, name: 'u' });
    assert.equal(await call(union, 3), 'plain');
  });
});

test('outHeader adds the header value to the outputs declared before it (rule 1): tuples', async () => {
  const e = Endpoint(RoutePattern.GET('h', PathCodec.int('n')))
    .out(User)
    .outHeader(HttpCodec.date)
    .outHeader(HttpCodec.header('x-count', Schema.Integer()))
    .out(Created, Status.Created);
  const when = new Date('2026-11-21T10:00:00Z');
  type Tuple = [{ id: number; name: string }, Date, number];
  const route = e.implement((n) =>
    n === 1 ? Either.right([{ id: 1, name: 'a' }, when, 3] as Tuple) : Either.left({ created: n }),
  );
  await withServer([route], async (call) => {
    const withHeaders = await call(e, 1);
    assert.ok(Either.isRight(withHeaders));
    const [user, date, count] = withHeaders.right;
    assert.deepEqual(user, { id: 1, name: 'a' });
    assert.equal(date.toISOString(), when.toISOString());
    assert.equal(count, 3);
    assert.deepEqual(await call(e, 2), Either.left({ created: 2 }));
  });
});

test('optional response headers decode to undefined when absent', async () => {
  const e = Endpoint(RoutePattern.GET('opt', PathCodec.int('n')))
    .out(Schema.String())
    .outHeader(HttpCodec.header('x-next').optional());
  await withServer(
    [e.implement((n) => ['page', n === 1 ? 'p2' : undefined] as [string, string | undefined])],
    async (call) => {
      assert.deepEqual(await call(e, 1), ['page', 'p2']);
      assert.deepEqual(await call(e, 2), ['page', undefined]);
    },
  );
});

test('outCodec combines body, status and headers with and/or', async () => {
  const codec = HttpCodec.content(User)
    .and(HttpCodec.status(Status.Created))
    .and(HttpCodec.header('x-request-id'))
    .or(HttpCodec.content(NotFound, { status: Status.Accepted }));
  const e = Endpoint(RoutePattern.GET('c', PathCodec.int('n'))).outCodec(codec);
  type Left = [{ id: number; name: string }, string];
  const route = e.implement((n) =>
    n === 1 ? Either.left([{ id: 1, name: 'c' }, 'req-1'] as Left) : Either.right({ message: 'later' }),
  );
  // One value with a status: the `and` carries the body bare.
  const created = Endpoint(RoutePattern.POST('c')).outCodec(
    HttpCodec.content(User).and(HttpCodec.status(Status.Created)),
  );
  await withServer([route, created.implement(() => ({ id: 9, name: 'new' }))], async (call) => {
    assert.deepEqual(await call(e, 1), Either.left([{ id: 1, name: 'c' }, 'req-1']));
    assert.deepEqual(await call(e, 2), Either.right({ message: 'later' }));
    assert.deepEqual(await call(created), { id: 9, name: 'new' });
  });
});

test('transformOut maps the decoded output with its decode function', async () => {
  const e = Endpoint(RoutePattern.GET('t', PathCodec.int('id')))
    .out(User)
    .transformOut(
      (u) => `${u.id}:${u.name}`,
      (s) => ({ id: Number(s.split(':')[0]), name: s.split(':')[1] }),
    );
  await withServer([e.implement((id) => `${id}:mapped`)], async (call) => {
    const out: string = await call(e, 4);
    assert.equal(out, '4:mapped');
  });
});

test('bytes and text outputs, and int64 fields, keep their exact values', async () => {
  const bytes = Endpoint(RoutePattern.GET('b')).out(Schema.Bytes());
  const big = Endpoint(RoutePattern.GET('big')).out(Schema.Object({ n: Schema.Int64(), data: Schema.Bytes() }));
  const routes = [
    bytes.implement(() => new Uint8Array([0, 255, 10])),
    big.implement(() => ({ n: 2n ** 62n + 1n, data: new Uint8Array([1, 2]) })),
  ];
  await withServer(routes, async (call) => {
    assert.deepEqual([...(await call(bytes))], [0, 255, 10]);
    const out = await call(big);
    assert.equal(out.n, 2n ** 62n + 1n);
    assert.deepEqual([...out.data], [1, 2]);
  });
});

test('a declared 3xx output is decoded with its Location, not followed; undeclared redirects are followed', async () => {
  const moved = Endpoint(RoutePattern.GET('old', PathCodec.int('n'))).outCodec(
    HttpCodec.status(Status.Found).and(HeaderCodec.location),
  );
  const target = Endpoint(RoutePattern.GET('new', PathCodec.int('n'))).out(Schema.Integer());
  const follows = Endpoint(RoutePattern.GET('old', PathCodec.int('n'))).out(Schema.Integer());
  await withServer([moved.implement((n) => `/new/${n}`), target.implement((n) => n * 10)], async (call) => {
    assert.equal(await call(moved, 4), '/new/4');
    assert.equal(await call(follows, 4), 40);
  });
});

test('connections are reused across calls (keep-alive)', async () => {
  const e = Endpoint(RoutePattern.GET('port')).out(Schema.Integer());
  await withServer([e.implement((_, { request }) => request.raw?.socket.remotePort ?? -1)], async (call) => {
    const ports = [];
    for (let i = 0; i < 6; i++) ports.push(await call(e));
    // fetch's pool may alternate between a couple of sockets, but it does not open one per call.
    assert.ok(new Set(ports).size <= 2, `remote ports ${ports}`);
  });
});

test('a HEAD endpoint declaring a body: the client decodes status and headers and leaves the body undefined', async () => {
  const Meta = HttpCodec.header('x-count', Schema.Integer());
  const head = Endpoint(RoutePattern.HEAD('users', PathCodec.int('id')))
    .out(User)
    .outHeader(Meta)
    .outError(NotFound, Status.NotFound);
  const route = head.implement((id) => {
    if (id !== 1) throw head.fail({ message: 'no such user' });
    return [{ id, name: 'Ada' }, 3];
  });
  await withServer([route], async (call, url) => {
    // The server sends the GET's headers (length and type of the body it would send) and no body.
    const raw = await fetch(`${url}/users/1`, { method: 'HEAD' });
    assert.equal(raw.status, 200);
    assert.equal(raw.headers.get('x-count'), '3');
    assert.equal(raw.headers.get('content-type'), 'application/json');
    assert.equal((await raw.arrayBuffer()).byteLength, 0);
    assert.deepEqual(await call(head, 1), [undefined, 3]);
    const missing = await call.either(head, 2);
    assert.equal(missing._tag, 'left');
    assert.equal((missing as { left: unknown }).left, undefined, 'a HEAD 404 has no body to decode either');
  });
});
