// Spec server behaviour 9: a handler that fails unexpectedly gives a 500 revealing nothing, the
// server keeps serving, and with logWarningOnFatalError the error is logged at warning level.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { Body, Log, Middleware, Response, Route, RoutePattern, Routes } from '@kitgen/runtime';
import { startServer, type TestServer } from './support/testServer.ts';
import { nodeRequest } from './support/nodeHttp.ts';
import { RawConnection, rawRequest } from './support/rawHttp.ts';

const SECRET = 'db-password-hunter2';

const routes = Routes(
  Route.handled(RoutePattern.GET('throws'), () => {
    throw new Error(`connection to ${SECRET} failed`);
  }),
  Route.handled(RoutePattern.GET('rejects'), async () => {
    await Promise.resolve();
    throw new TypeError(`cannot read ${SECRET}`);
  }),
  Route.handled(RoutePattern.GET('throws-string'), () => {
    throw SECRET;
  }),
  Route.fromHandler(RoutePattern.GET('raw-throws'), () => {
    throw new RangeError(SECRET);
  }),
  Route.handled(RoutePattern.GET('bad-header'), () =>
    Response.text('x').setHeader('x-bad', `line\r\nset-cookie: ${SECRET}`),
  ),
  Route.handled(RoutePattern.GET('ok'), () => Response.text('still here')),
  Route.handled(
    RoutePattern.GET('breaks-midway'),
    () =>
      new Response(
        200,
        {},
        Body.fromStream(
          (async function* () {
            yield Buffer.from('first part;');
            throw new Error(`stream lost ${SECRET}`);
          })(),
          { contentType: 'text/plain' },
        ),
      ),
  ),
  Route.handled(
    RoutePattern.GET('missing-file'),
    () => new Response(200, {}, Body.fromFile(`/nonexistent/${SECRET}.txt`)),
  ),
);

/** Log lines written while a test runs. */
let lines: Array<Record<string, unknown>> = [];
const sink = new Writable({
  write(chunk: Buffer, _enc, done) {
    for (const line of chunk.toString().split('\n')) if (line.trim()) lines.push(JSON.parse(line));
    done();
  },
});

let logging: TestServer;
let quiet: TestServer;
before(async () => {
  Log.set(pino({ level: 'info' }, sink));
  logging = await startServer(routes);
  quiet = await startServer(routes, (c) => c.withLogWarningOnFatalError(false));
});
after(async () => {
  await logging.shutdown();
  await quiet.shutdown();
});

const warnings = () => lines.filter((l) => l.level === 40);
const settle = () => new Promise((resolve) => setImmediate(resolve));

for (const path of ['/throws', '/rejects', '/throws-string', '/raw-throws']) {
  test(`${path}: 500 with a body that reveals nothing, then the server serves the next request`, async () => {
    lines = [];
    const c = await RawConnection.open(logging.port);
    try {
      c.write(rawRequest('GET', path));
      const r = await c.response();
      assert.equal(r.status, 500);
      const text = r.raw.toString('latin1');
      assert.doesNotMatch(text, new RegExp(SECRET));
      assert.doesNotMatch(text, /TypeError|RangeError|\bat\s|\.ts\b|node:|stack/);
      assert.deepEqual(JSON.parse(r.body.toString()), {
        error: 'Internal Server Error',
        message: 'The server failed to handle the request',
      });
      // The connection survives, and so does the server.
      c.write(rawRequest('GET', '/ok'));
      assert.equal((await c.response()).body.toString(), 'still here');
    } finally {
      c.destroy();
    }
    assert.equal((await nodeRequest(logging.port, { path: '/ok' })).status, 200);
    await settle();
    const warned = warnings();
    assert.equal(warned.length, 1, JSON.stringify(lines));
    assert.equal(warned[0].url, path);
    assert.equal(warned[0].method, 'GET');
    // The log, unlike the client, gets the detail.
    assert.match(JSON.stringify(warned[0]), new RegExp(SECRET));
  });
}

test('a response that cannot be written (header injection) becomes a 500 and is logged', async () => {
  lines = [];
  const res = await nodeRequest(logging.port, { path: '/bad-header' });
  assert.equal(res.status, 500);
  assert.equal(res.headers['set-cookie'], undefined);
  assert.doesNotMatch(res.body.toString(), new RegExp(SECRET));
  await settle();
  assert.equal(warnings().length, 1);
  assert.equal((await nodeRequest(logging.port, { path: '/ok' })).status, 200);
});

test('a streamed body that fails midway: the connection is cut, never a complete response, and a warning is logged', async () => {
  lines = [];
  const c = await RawConnection.open(logging.port);
  try {
    c.write(rawRequest('GET', '/breaks-midway'));
    assert.equal(await c.waitForClose(2000), true);
    // Whatever got out before the cut (the head and part of the body, or nothing yet), it is
    // never a complete response: no terminating chunk.
    const text = c.pending.toString('latin1');
    if (text.length > 0) assert.match(text, /^HTTP\/1\.1 200 /);
    assert.doesNotMatch(text, /\r\n0\r\n\r\n$/, 'a complete-looking chunked body would hide the failure');
    assert.doesNotMatch(text, new RegExp(SECRET));
  } finally {
    c.destroy();
  }
  await settle();
  assert.equal(warnings().length, 1, JSON.stringify(lines));
  assert.equal((await nodeRequest(logging.port, { path: '/ok' })).status, 200);
});

test('a file body whose file is missing: a bare 500 and a warning', async () => {
  lines = [];
  const res = await nodeRequest(logging.port, { path: '/missing-file' });
  assert.equal(res.status, 500);
  assert.doesNotMatch(JSON.stringify(res.headers) + res.body.toString(), new RegExp(`${SECRET}|ENOENT|nonexistent`));
  await settle();
  assert.equal(warnings().length, 1);
});

test('logWarningOnFatalError=false: the same failures answer 500 and log no warning', async () => {
  lines = [];
  for (const path of ['/throws', '/rejects', '/bad-header', '/missing-file']) {
    assert.equal((await nodeRequest(quiet.port, { path })).status, 500);
  }
  const c = await RawConnection.open(quiet.port);
  c.write(rawRequest('GET', '/breaks-midway'));
  assert.equal(await c.waitForClose(2000), true);
  c.destroy();
  await settle();
  assert.deepEqual(warnings(), []);
});

test('expected failures (404, 405, 400 path parameter) are not fatal and log nothing', async () => {
  lines = [];
  assert.equal((await nodeRequest(logging.port, { path: '/nope' })).status, 404);
  assert.equal((await nodeRequest(logging.port, { path: '/ok', method: 'DELETE' })).status, 405);
  await settle();
  assert.deepEqual(warnings(), []);
});

test('one road for errors: behind a URL rewrite and an observing middleware, a throw is one 500, logged once with the URL as received', async () => {
  const observed: number[] = [];
  const inner = Routes(
    Route.handled(RoutePattern.GET('v1', 'boom'), () => {
      throw new Error(SECRET);
    }),
  ).pipe(
    Middleware.requestLogging({ level: () => 'debug' }),
    {
      apply: (routes: Routes) =>
        routes.transform((next) => async (request) => {
          const response = await next(request);
          observed.push(response.status);
          return response;
        }),
    },
    Middleware.updateURL((url) => new URL(`/v1${url.pathname}`, url)),
  );
  const server = await startServer(inner);
  try {
    lines = [];
    const res = await nodeRequest(server.port, { path: '/boom' });
    assert.equal(res.status, 500);
    assert.deepEqual(JSON.parse(res.body.toString()), {
      error: 'Internal Server Error',
      message: 'The server failed to handle the request',
    });
    assert.deepEqual(observed, [500], 'middleware sees the answer the client gets');
    await settle();
    const warned = warnings();
    assert.equal(warned.length, 1, JSON.stringify(lines));
    assert.equal(warned[0].url, '/boom');
  } finally {
    await server.shutdown();
  }
});
