// EndpointExecutor failures: declared errors (EndpointError, typed; or Either with call.either),
// transformError, auth credentials, 406/415, undeclared statuses, undecodable bodies, timeout,
// abort and network failures, each naming the endpoint, the URL and the status.
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
  EndpointExecutor,
  EndpointError,
  ClientError,
  serviceEnvVar,
  type Route,
} from '@kitgen/runtime';
import { startServer, sleep } from './support/testServer.ts';

async function withServer(routes: Route[], fn: (call: EndpointExecutor, url: string) => Promise<void>): Promise<void> {
  // The 500 case throws on purpose: no warning log for it.
  const server = await startServer(Routes(...routes), (c) => c.withLogWarningOnFatalError(false));
  try {
    await fn(EndpointExecutor.make({ baseUrl: server.url }), server.url);
  } finally {
    await server.shutdown();
  }
}

const User = Schema.Object({ id: Schema.Integer(), name: Schema.String() });
const NotFound = Schema.Object({ message: Schema.String() });
const Denied = Schema.Object({ reason: Schema.String() });

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  assert.fail('expected the call to reject');
}

test('a declared error rejects with EndpointError carrying status and the typed value; call.either resolves it as a left', async () => {
  const single = Endpoint(RoutePattern.GET('e1', PathCodec.int('n')))
    .out(User)
    .outError(NotFound, Status.NotFound);
  const route = single.implement((n) => (n === 1 ? { id: 1, name: 'ok' } : single.fail({ message: `no ${n}` })));
  await withServer([route], async (call, url) => {
    const error = await rejection(call(single, 3));
    assert.ok(EndpointError.isFrom(single, error));
    assert.equal(error.status, 404);
    assert.equal(error.value.message, 'no 3');
    assert.equal(error.url, `${url}/e1/3`);
    assert.match(error.message, /^GET \/e1\/\{n\} \(http:\/\/127\.0\.0\.1:\d+\/e1\/3\): declared error, status 404$/);
    assert.equal(EndpointError.isFrom(Endpoint(RoutePattern.GET('other')), error), false);
    assert.deepEqual(await call.either(single, 3), Either.left({ message: 'no 3' }));
    assert.deepEqual(await call.either(single, 1), Either.right({ id: 1, name: 'ok' }));
  });
});

test('each error form: repeated outError (Either), outErrors and orOutError (unions), transformError', async () => {
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
  const sameStatus = Endpoint(RoutePattern.GET('e5', PathCodec.int('n')))
    .out(User)
    .outErrors(HttpCodec.error(NotFound, Status.Conflict), HttpCodec.error(Denied, Status.Conflict));
  const mapped = Endpoint(RoutePattern.GET('e6', PathCodec.int('n')))
    .out(User)
    .outError(NotFound, Status.NotFound)
    .transformError(
      (e) => new Error(e.message),
      (err) => ({ message: err.message }),
    );
  const routes = [
    twice.implement((n) => twice.fail(n === 1 ? Either.left({ reason: 'no' }) : Either.right({ message: 'gone' }))),
    unified.implement((n) => unified.fail(n === 1 ? { message: 'missing' } : { reason: 'who?' })),
    orErr.implement((n) => orErr.fail(n === 1 ? { message: 'm' } : { reason: 'r' })),
    sameStatus.implement((n) => sameStatus.fail(n === 1 ? { message: 'm' } : { reason: 'r' })),
    mapped.implement((n) => {
      throw mapped.fail(new Error(`zero ${n}`));
    }),
  ];
  await withServer(routes, async (call) => {
    assert.deepEqual(await call.either(twice, 1), Either.left(Either.left({ reason: 'no' })));
    assert.deepEqual(await call.either(twice, 2), Either.left(Either.right({ message: 'gone' })));
    assert.deepEqual(await call.either(unified, 1), Either.left({ message: 'missing' }));
    const who = await rejection(call(unified, 2));
    assert.ok(EndpointError.isFrom(unified, who) && who.status === 401);
    assert.deepEqual(who.value, { reason: 'who?' });
    assert.deepEqual(await call.either(orErr, 1), Either.left({ message: 'm' }));
    assert.deepEqual(await call.either(orErr, 2), Either.left({ reason: 'r' }));
    assert.deepEqual(await call.either(sameStatus, 1), Either.left({ message: 'm' }));
    assert.deepEqual(await call.either(sameStatus, 2), Either.left({ reason: 'r' }));
    const e = await call.either(mapped, 0);
    assert.ok(Either.isLeft(e) && e.left instanceof Error && e.left.message === 'zero 0');
  });
});

test('auth types: the executor adds Basic or Bearer credentials; without them it says which to give', async () => {
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
  await withServer(routes, async (anonymous, url) => {
    const call = EndpointExecutor.make({
      baseUrl: url,
      auth: { basic: { username: 'ada', password: 'right' }, bearer: 't0k' },
    });
    assert.equal(await call(basic), 'ada');
    assert.equal(await call(bearer), 't0k');
    const wrong = EndpointExecutor.make({ baseUrl: url, auth: { basic: { username: 'ada', password: 'nope' } } });
    assert.deepEqual(await wrong.either(basic), Either.left({ reason: 'wrong password' }));
    const missing = await rejection(anonymous(bearer));
    assert.ok(missing instanceof ClientError);
    assert.equal(missing.kind, 'credentials');
    assert.match(
      missing.message,
      /^GET \/bearer: the endpoint requires Bearer credentials; give `bearer: token` to createClient \(or `auth: \{ bearer: token \}` to EndpointExecutor\.make\)/,
    );
    // A per-call Authorization header is used as given; the server's 401 is the declared error.
    assert.deepEqual(
      await anonymous.either(basic, undefined, {
        headers: { authorization: `Basic ${Buffer.from('x:y').toString('base64')}` },
      }),
      Either.left({ reason: 'wrong password' }),
    );
  });
});

test("406 and 415 from the server surface as ClientErrors with the status and the server's message", async () => {
  const server = Endpoint(RoutePattern.POST('doc')).in(User).out(User);
  // The client's view of the same operation, out of date: it sends text and wants CSV.
  const stale = Endpoint(RoutePattern.POST('doc'))
    .in(Schema.String(), { mediaType: 'text/plain' })
    .out(Schema.String(), 200, 'text/csv');
  const current = Endpoint(RoutePattern.POST('doc')).in(User).out(Schema.String(), 200, 'text/csv');
  await withServer([server.implement((u) => u)], async (call, url) => {
    const e415 = await rejection(call(stale, 'id,name'));
    assert.ok(e415 instanceof ClientError);
    assert.equal(e415.kind, 'status');
    assert.equal(e415.status, 415);
    assert.equal(e415.url, `${url}/doc`);
    assert.match(
      e415.message,
      /^POST \/doc \(http:\/\/127\.0\.0\.1:\d+\/doc\): undeclared status 415 \(declared: 200\): Content-Type 'text\/plain' is not accepted/,
    );
    const e406 = await rejection(call(current, { id: 1, name: 'a' }));
    assert.ok(e406 instanceof ClientError && e406.status === 406);
    assert.match(
      e406.message,
      /undeclared status 406 .*None of the available media types is acceptable: application\/json/,
    );
    assert.match(e406.body ?? '', /"available":\["application\/json"\]/);
  });
});

test('an undeclared status (500) and an undecodable body are ClientErrors naming endpoint, URL and status', async () => {
  const boom = Endpoint(RoutePattern.GET('boom')).out(User);
  const served = Endpoint(RoutePattern.GET('user')).out(Schema.Object({ id: Schema.String(), name: Schema.String() }));
  const expected = Endpoint(RoutePattern.GET('user')).out(User);
  const routes = [
    boom.implement(() => {
      throw new Error('secret');
    }),
    served.implement(() => ({ id: 'not a number', name: 'x' })),
  ];
  await withServer(routes, async (call, url) => {
    const e500 = await rejection(call(boom));
    assert.ok(e500 instanceof ClientError);
    assert.deepEqual([e500.kind, e500.status, e500.endpoint, e500.url], ['status', 500, 'GET /boom', `${url}/boom`]);
    assert.match(
      e500.message,
      /^GET \/boom \(http:\/\/127\.0\.0\.1:\d+\/boom\): undeclared status 500 \(declared: 200\): The server failed/,
    );
    const bad = await rejection(call(expected));
    assert.ok(bad instanceof ClientError);
    assert.equal(bad.kind, 'decode');
    assert.equal(bad.status, 200);
    assert.match(bad.message, /^GET \/user \(http:\/\/127\.0\.0\.1:\d+\/user\): status 200: body at \/id: .*integer/);
    assert.equal(bad.body, '{"id":"not a number","name":"x"}');
  });
});

test('a wrong Content-Type on a declared status is a decode failure naming the declared media types', async () => {
  const served = Endpoint(RoutePattern.GET('t')).out(Schema.String(), 200, 'text/plain');
  const expected = Endpoint(RoutePattern.GET('t')).out(Schema.String());
  await withServer([served.implement(() => 'hi')], async (_call, url) => {
    // Ask for text explicitly, as a proxy or a stale definition might.
    const error = await rejection(
      EndpointExecutor.make({ baseUrl: url })(expected, undefined, { accept: 'text/plain' }),
    );
    assert.ok(error instanceof ClientError && error.kind === 'decode');
    assert.match(error.message, /Content-Type 'text\/plain; charset=utf-8' is not one of application\/json/);
  });
});

test('timeout: a slow response rejects with a timeout ClientError; per call and per executor', async () => {
  const slow = Endpoint(RoutePattern.GET('slow', PathCodec.int('ms'))).out(Schema.String());
  await withServer([slow.implement(async (ms) => (await sleep(ms), 'done'))], async (call, url) => {
    const started = Date.now();
    const error = await rejection(call(slow, 600, { timeout: 100 }));
    assert.ok(error instanceof ClientError);
    assert.equal(error.kind, 'timeout');
    assert.match(
      error.message,
      /^GET \/slow\/\{ms\} \(http:\/\/127\.0\.0\.1:\d+\/slow\/600\): no response within 100ms$/,
    );
    assert.ok(Date.now() - started < 500);
    const impatient = EndpointExecutor.make({ baseUrl: url, timeout: 50 });
    assert.equal(((await rejection(impatient(slow, 400))) as ClientError).kind, 'timeout');
    assert.equal(await impatient(slow, 0, { timeout: 0 }), 'done');
    assert.equal(await call(slow, 10, { timeout: 2000 }), 'done');
  });
});

test("abort: the caller's signal cancels a call in flight, or before it starts", async () => {
  const slow = Endpoint(RoutePattern.GET('slow')).out(Schema.String());
  await withServer([slow.implement(async () => (await sleep(500), 'late'))], async (call) => {
    const controller = new AbortController();
    const pending = call(slow, undefined, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    const error = await rejection(pending);
    assert.ok(error instanceof ClientError);
    assert.equal(error.kind, 'aborted');
    assert.match(error.message, /^GET \/slow \(http:\/\/127\.0\.0\.1:\d+\/slow\): aborted by the caller's signal$/);
    const early = await rejection(call(slow, undefined, { signal: AbortSignal.abort() }));
    assert.ok(early instanceof ClientError && early.kind === 'aborted');
  });
});

test('a network failure names the endpoint, the URL and the cause', async () => {
  const e = Endpoint(RoutePattern.GET('users', PathCodec.int('id'))).out(User);
  const server = await startServer(Routes(e.implement((id) => ({ id, name: 'x' }))));
  const url = server.url;
  await server.shutdown();
  const error = await rejection(EndpointExecutor.make({ baseUrl: url })(e, 7));
  assert.ok(error instanceof ClientError);
  assert.equal(error.kind, 'network');
  assert.equal(error.status, undefined);
  assert.match(
    error.message,
    new RegExp(`^GET /users/\\{id\\} \\(${url.replace(/\./g, '\\.')}/users/7\\): network failure: .*ECONNREFUSED`),
  );
});

test('make(serviceName) resolves the base URL from KITGEN_SERVICE_<NAME>_URL or a services map', async () => {
  const e = Endpoint(RoutePattern.GET('ping')).out(Schema.String());
  await withServer([e.implement(() => 'pong')], async (_call, url) => {
    assert.equal(serviceEnvVar('users-api'), 'KITGEN_SERVICE_USERS_API_URL');
    assert.equal(await EndpointExecutor.make('users-api', { env: { KITGEN_SERVICE_USERS_API_URL: url } })(e), 'pong');
    assert.equal(await EndpointExecutor.make('users', { services: { users: url } })(e), 'pong');
    assert.equal(EndpointExecutor.make(url).baseUrl, url);
    assert.throws(
      () => EndpointExecutor.make('orders', { env: {} }),
      /no base URL; set KITGEN_SERVICE_ORDERS_URL or pass \{ services:/,
    );
  });
});

test('an input that cannot be written is a ClientError of kind encode, before anything is sent', async () => {
  const e = Endpoint(RoutePattern.GET('x', PathCodec.int('n')))
    .query(HttpCodec.query('q', Schema.String()))
    .header(HttpCodec.header('x-note'))
    .out(Schema.String());
  let sent = 0;
  const call = EndpointExecutor.make({
    baseUrl: 'http://127.0.0.1:9',
    fetch: async () => (sent++, new Response('""')),
  });
  // @ts-expect-error the input is a tuple of three
  const shape = await rejection(call(e, [1, 'q']));
  assert.ok(shape instanceof ClientError && shape.kind === 'encode');
  assert.equal(shape.message, 'GET /x/{n}: input: expected a tuple of 3 values');
  const header = await rejection(call(e, [1, 'q', 'two\r\nlines']));
  assert.ok(header instanceof ClientError && header.kind === 'encode');
  assert.match(header.message, /header 'x-note': not a valid header value/);
  assert.equal(sent, 0);
});

test('a custom fetch is used for every call', async () => {
  const e = Endpoint(RoutePattern.GET('x', PathCodec.int('n'))).out(Schema.Integer());
  const seen: string[] = [];
  const call = EndpointExecutor.make({
    baseUrl: 'http://example.invalid',
    fetch: async (input, init) => {
      seen.push(`${init.method} ${input} ${new Headers(init.headers).get('accept')}`);
      return new Response('41', { status: 200, headers: { 'content-type': 'application/json' } });
    },
  });
  assert.equal(await call(e, 1), 41);
  assert.deepEqual(seen, ['GET http://example.invalid/x/1 application/json']);
});
