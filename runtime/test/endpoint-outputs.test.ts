// Endpoint outputs over the wire: statuses, media types, alternatives, headers (rule 1), errors (rule 5).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  Endpoint,
  RoutePattern,
  PathCodec,
  HttpCodec,
  Schema,
  Status,
  Either,
  Routes,
  AuthType,
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

const User = Schema.Object({ id: Schema.Integer(), name: Schema.String() });
const Created = Schema.Object({ created: Schema.Integer() });
const NotFound = Schema.Object({ message: Schema.String() });
const Denied = Schema.Object({ reason: Schema.String() });

test('out: 200 unless declared; status, media type and 204 for no output', async () => {
  const get = Endpoint(RoutePattern.GET('u', PathCodec.int('id'))).out(User);
  const post = Endpoint(RoutePattern.POST('u')).in(User).out(Created, Status.Created);
  const del = Endpoint(RoutePattern.DELETE('u', PathCodec.int('id')));
  await serve(
    [
      get.implement((id) => ({ id, name: 'Ada' })),
      post.implement((u) => ({ created: u.id })),
      del.implement(() => undefined),
    ],
    async (url) => {
      const g = await fetch(`${url}/u/1`);
      assert.equal(g.status, 200);
      assert.equal(g.headers.get('content-type'), 'application/json');
      assert.deepEqual(await g.json(), { id: 1, name: 'Ada' });
      const p = await fetch(`${url}/u`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"id":5,"name":"x"}',
      });
      assert.equal(p.status, 201);
      assert.deepEqual(await p.json(), { created: 5 });
      const d = await fetch(`${url}/u/1`, { method: 'DELETE' });
      assert.equal(d.status, 204);
      assert.equal(await d.text(), '');
    },
  );
});

test('Accept picks among declared media types; 406 when none fits', async () => {
  const e = Endpoint(RoutePattern.GET('greeting')).out(Schema.String(), {
    mediaTypes: ['application/json', 'text/plain'],
  });
  await serve([e.implement(() => 'hi')], async (url) => {
    const json = await fetch(`${url}/greeting`);
    assert.equal(json.headers.get('content-type'), 'application/json');
    assert.equal(await json.text(), '"hi"');
    const text = await fetch(`${url}/greeting`, { headers: { accept: 'text/plain' } });
    assert.equal(text.headers.get('content-type'), 'text/plain; charset=utf-8');
    assert.equal(await text.text(), 'hi');
    const q = await fetch(`${url}/greeting`, { headers: { accept: 'application/json;q=0.5, text/*;q=0.9' } });
    assert.equal(await q.text(), 'hi');
    const none = await fetch(`${url}/greeting`, { headers: { accept: 'image/png' } });
    assert.equal(none.status, 406);
    assert.deepEqual(((await none.json()) as { available: string[] }).available, ['application/json', 'text/plain']);
  });
});

test('several outs give an Either whose left is the later one; orOut is a plain union', async () => {
  const either = Endpoint(RoutePattern.GET('either', PathCodec.int('n')))
    .out(User)
    .out(Created, Status.Created);
  const union = Endpoint(RoutePattern.GET('union', PathCodec.int('n')))
    .out(User)
    .orOut(Created, Status.Accepted);
  const routes = [
    either.implement((n) => (n === 1 ? Either.left({ created: 1 }) : Either.right({ id: n, name: 'r' }))),
    union.implement((n) => (n === 1 ? { created: 1 } : { id: n, name: 'u' })),
  ];
  await serve(routes, async (url) => {
    const l = await fetch(`${url}/either/1`);
    assert.equal(l.status, 201);
    assert.deepEqual(await l.json(), { created: 1 });
    const r = await fetch(`${url}/either/2`);
    assert.equal(r.status, 200);
    assert.deepEqual(await r.json(), { id: 2, name: 'r' });
    const u1 = await fetch(`${url}/union/1`);
    assert.equal(u1.status, 202);
    const u2 = await fetch(`${url}/union/2`);
    assert.equal(u2.status, 200);
    assert.deepEqual(await u2.json(), { id: 2, name: 'u' });
  });
});

test('rule 1: outHeader applies to the outputs declared before it, not to later ones', async () => {
  const e = Endpoint(RoutePattern.GET('h', PathCodec.int('n')))
    .out(User)
    .outHeader(HttpCodec.date)
    .out(Created, Status.Created);
  const when = new Date('2026-11-21T10:00:00Z');
  const route = e.implement((n) =>
    n === 1
      ? Either.right([{ id: 1, name: 'a' }, when] as [{ id: number; name: string }, Date])
      : Either.left({ created: n }),
  );
  await serve([route], async (url) => {
    const withHeader = await fetch(`${url}/h/1`);
    assert.equal(withHeader.status, 200);
    assert.equal(withHeader.headers.get('date'), when.toUTCString());
    const later = await fetch(`${url}/h/2`);
    assert.equal(later.status, 201);
    assert.notEqual(later.headers.get('date'), when.toUTCString());
  });
});

test('outCodec combines body, status and headers with and/or', async () => {
  const codec = HttpCodec.content(User)
    .and(HttpCodec.status(Status.Created))
    .and(HttpCodec.header('x-request-id'))
    .or(HttpCodec.content(NotFound, { status: Status.Accepted }));
  const e = Endpoint(RoutePattern.GET('c', PathCodec.int('n'))).outCodec(codec);
  const route = e.implement((n) =>
    n === 1
      ? Either.left([{ id: 1, name: 'c' }, 'req-1'] as [{ id: number; name: string }, string])
      : Either.right({ message: 'later' }),
  );
  await serve([route], async (url) => {
    const a = await fetch(`${url}/c/1`);
    assert.equal(a.status, 201);
    assert.equal(a.headers.get('x-request-id'), 'req-1');
    assert.deepEqual(await a.json(), { id: 1, name: 'c' });
    const b = await fetch(`${url}/c/2`);
    assert.equal(b.status, 202);
    assert.deepEqual(await b.json(), { message: 'later' });
  });
});

test('rule 5: a declared failure answers its registered status with the encoded error', async () => {
  const single = Endpoint(RoutePattern.GET('e1', PathCodec.int('n')))
    .out(User)
    .outError(NotFound, Status.NotFound);
  const twice = Endpoint(RoutePattern.GET('e2', PathCodec.int('n')))
    .out(User)
    .outError(NotFound, Status.NotFound)
    .outError(Denied, Status.Forbidden);
  const unified = Endpoint(RoutePattern.GET('e3', PathCodec.int('n')))
    .out(User)
    .outErrors(HttpCodec.error(NotFound, Status.NotFound), HttpCodec.error(Denied, Status.Unauthorized));
  const orErr = Endpoint(RoutePattern.GET('e4', PathCodec.int('n')))
    .out(User)
    .outError(NotFound, Status.NotFound)
    .orOutError(Denied, Status.Forbidden);
  const routes = [
    single.implement((n) => {
      throw single.fail({ message: `no ${n}` });
    }),
    twice.implement((n) => twice.fail(n === 1 ? Either.left({ reason: 'no' }) : Either.right({ message: 'gone' }))),
    unified.implement((n) => unified.fail(n === 1 ? { message: 'missing' } : { reason: 'who?' })),
    orErr.implement((n) => orErr.fail(n === 1 ? { message: 'm' } : { reason: 'r' })),
  ];
  await serve(routes, async (url) => {
    const s = await fetch(`${url}/e1/3`);
    assert.equal(s.status, 404);
    assert.deepEqual(await s.json(), { message: 'no 3' });
    assert.equal((await fetch(`${url}/e2/1`)).status, 403);
    assert.equal((await fetch(`${url}/e2/2`)).status, 404);
    assert.equal((await fetch(`${url}/e3/1`)).status, 404);
    const unauth = await fetch(`${url}/e3/2`);
    assert.equal(unauth.status, 401);
    assert.deepEqual(await unauth.json(), { reason: 'who?' });
    assert.equal((await fetch(`${url}/e4/1`)).status, 404);
    assert.equal((await fetch(`${url}/e4/2`)).status, 403);
  });
});

test('an undeclared exception answers 500 revealing nothing, and the server keeps serving', async () => {
  const e = Endpoint(RoutePattern.GET('boom', PathCodec.int('n'))).out(User);
  await serve(
    [
      e.implement((n) => {
        if (n === 1) throw new Error('database password is hunter2');
        return { id: n, name: 'fine' };
      }),
    ],
    async (url) => {
      const r = await fetch(`${url}/boom/1`);
      assert.equal(r.status, 500);
      const text = await r.text();
      assert.doesNotMatch(text, /hunter2|Error:|at /);
      assert.equal((await fetch(`${url}/boom/2`)).status, 200);
    },
  );
});

test('transformIn, transformOut and transformError map the types both ways', async () => {
  class UserId {
    constructor(readonly value: number) {}
  }
  const e = Endpoint(RoutePattern.GET('t', PathCodec.int('id')))
    .transformIn(
      (id) => new UserId(id),
      (u) => u.value,
    )
    .out(User)
    .transformOut(
      (u) => `${u.id}:${u.name}`,
      (s) => ({ id: Number(s.split(':')[0]), name: s.split(':')[1] }),
    )
    .outError(NotFound, Status.NotFound)
    .transformError(
      (e) => new Error(e.message),
      (err) => ({ message: err.message }),
    );
  const route = e.implement((uid) => {
    assert.ok(uid instanceof UserId);
    if (uid.value === 0) throw e.fail(new Error('zero'));
    return `${uid.value}:mapped`;
  });
  await serve([route], async (url) => {
    assert.deepEqual(await (await fetch(`${url}/t/4`)).json(), { id: 4, name: 'mapped' });
    const err = await fetch(`${url}/t/0`);
    assert.equal(err.status, 404);
    assert.deepEqual(await err.json(), { message: 'zero' });
  });
});

test('auth types: Basic and Bearer require credentials (401 with WWW-Authenticate) and pass them on', async () => {
  const basic = Endpoint(RoutePattern.GET('basic'))
    .auth(AuthType.Basic)
    .out(Schema.String())
    .outError(Denied, Status.Unauthorized);
  const bearer = Endpoint(RoutePattern.GET('bearer')).auth(AuthType.Bearer).out(Schema.String());
  const routes = [
    basic.implement((_, { auth }) => {
      if (!auth.password.equals('right')) throw basic.fail({ reason: 'wrong password' });
      return auth.username;
    }),
    bearer.implement((_, { auth }) => auth.token.reveal()),
  ];
  await serve(routes, async (url) => {
    const none = await fetch(`${url}/basic`);
    assert.equal(none.status, 401);
    assert.match(none.headers.get('www-authenticate') ?? '', /^Basic realm=/);
    const wrong = await fetch(`${url}/basic`, {
      headers: { authorization: `Basic ${Buffer.from('ada:nope').toString('base64')}` },
    });
    assert.equal(wrong.status, 401);
    assert.match(wrong.headers.get('www-authenticate') ?? '', /^Basic/);
    assert.deepEqual(await wrong.json(), { reason: 'wrong password' });
    const ok = await fetch(`${url}/basic`, {
      headers: { authorization: `Basic ${Buffer.from('ada:right').toString('base64')}` },
    });
    assert.equal(await ok.json(), 'ada');
    const scheme = await fetch(`${url}/bearer`, {
      headers: { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` },
    });
    assert.equal(scheme.status, 401);
    assert.match(scheme.headers.get('www-authenticate') ?? '', /^Bearer/);
    assert.equal(await (await fetch(`${url}/bearer`, { headers: { authorization: 'Bearer t0k' } })).json(), 't0k');
  });
});

test('synchronous and asynchronous handlers answer alike: value, declared failure returned or thrown, undeclared throw, 406', async () => {
  const e = Endpoint(RoutePattern.GET('mode', PathCodec.string('how'), PathCodec.int('n')))
    .out(User)
    .outError(NotFound, Status.NotFound);
  const answer = (how: string, n: number) => {
    if (n === 1) return e.fail({ message: `returned ${how}` });
    if (n === 2) throw e.fail({ message: `thrown ${how}` });
    if (n === 3) throw new Error('secret');
    return { id: n, name: how };
  };
  // A thenable that is not a native promise, as some libraries return.
  const thenable = <T>(f: () => T): PromiseLike<T> => ({ then: (ok, bad) => Promise.resolve().then(f).then(ok, bad) });
  const route = e.implement(
    ([how, n]) =>
      (how === 'sync'
        ? answer(how, n)
        : how === 'async'
          ? Promise.resolve().then(() => answer(how, n))
          : thenable(() => answer(how, n))) as never,
  );
  await serve([route], async (url) => {
    for (const how of ['sync', 'async', 'thenable']) {
      const ok = await fetch(`${url}/mode/${how}/7`);
      assert.equal(ok.status, 200, how);
      assert.deepEqual(await ok.json(), { id: 7, name: how });
      const returned = await fetch(`${url}/mode/${how}/1`);
      assert.equal(returned.status, 404, how);
      assert.deepEqual(await returned.json(), { message: `returned ${how}` });
      const thrown = await fetch(`${url}/mode/${how}/2`);
      assert.equal(thrown.status, 404, how);
      assert.deepEqual(await thrown.json(), { message: `thrown ${how}` });
      const boom = await fetch(`${url}/mode/${how}/3`);
      assert.equal(boom.status, 500, how);
      assert.doesNotMatch(await boom.text(), /secret/);
      const refused = await fetch(`${url}/mode/${how}/7`, { headers: { accept: 'text/csv' } });
      assert.equal(refused.status, 406, how);
      const refusedFailure = await fetch(`${url}/mode/${how}/1`, { headers: { accept: 'text/csv' } });
      assert.equal(refusedFailure.status, 406, `${how}: a declared failure nobody can accept`);
    }
  });
});
