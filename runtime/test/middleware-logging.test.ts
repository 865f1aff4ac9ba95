// Middleware.debug, requestLogging (the spec's "Request log entry"), log
// annotations in all their forms, and the log annotation rule, over the wire.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  Body,
  Header,
  Log,
  LogAnnotation,
  Middleware,
  PathCodec,
  Response,
  Route,
  RoutePattern,
  Routes,
} from '@kitgen/runtime';
import { captureLogs, eventually, rawRequest, serve, type LogLine } from './fixtures/middleware/helpers.ts';

const served = (lines: LogLine[]) => lines.filter((l) => l.msg === 'Http request served');

function app(): Routes {
  return Routes(
    Route.handled(RoutePattern.GET('users', PathCodec.int('id')), (_req, id) => {
      Log.get().info({ userId: id }, 'handler says hi');
      return Response.json({ id, name: 'Ada' });
    }),
    Route.handled(RoutePattern.POST('echo'), async (req) => Response.text(await req.body.asString())),
    Route.handled(
      RoutePattern.GET('stream'),
      () =>
        new Response(
          200,
          undefined,
          Body.fromStream(
            (async function* () {
              yield new TextEncoder().encode('abc');
              yield new TextEncoder().encode('defg');
            })(),
            { contentType: 'text/plain' },
          ),
        ),
    ),
    Route.handled(RoutePattern.GET('boom'), () => {
      throw new Error('secret detail');
    }),
  );
}

test('requestLogging writes one INFO entry per request with the spec fields', async () => {
  const logs = captureLogs();
  const server = await serve(app().pipe(Middleware.requestLogging()));
  try {
    const res = await fetch(`${server.base}/users/7?x=1`);
    const body = await res.text();
    await eventually(() => served(logs.lines).length === 1);
    const [entry] = served(logs.lines);
    assert.equal(entry.level, 30); // pino's INFO
    assert.equal(entry.method, 'GET');
    assert.equal(entry.url, '/users/7?x=1');
    assert.equal(entry.status_code, 200);
    assert.equal(typeof entry.duration_ms, 'number');
    assert.ok((entry.duration_ms as number) >= 0);
    assert.equal(entry.request_size, 0);
    assert.equal(entry.response_size, Buffer.byteLength(body));

    const posted = await fetch(`${server.base}/echo`, { method: 'POST', body: 'hello world' });
    assert.equal(await posted.text(), 'hello world');
    await eventually(() => served(logs.lines).length === 2);
    const post = served(logs.lines)[1];
    assert.deepEqual(
      [post.method, post.url, post.status_code, post.request_size, post.response_size],
      ['POST', '/echo', 200, 11, 11],
    );
  } finally {
    await server.close();
    logs.restore();
  }
});

test('requestLogging counts a streamed body of unknown length, logs failures as sent, HEAD as 0 bytes', async () => {
  const logs = captureLogs();
  const server = await serve(app().pipe(Middleware.requestLogging()));
  try {
    assert.equal(await (await fetch(`${server.base}/stream`)).text(), 'abcdefg');
    await eventually(() => served(logs.lines).length === 1);
    assert.equal(served(logs.lines)[0].response_size, 7);

    const boom = await fetch(`${server.base}/boom`);
    assert.equal(boom.status, 500);
    assert.doesNotMatch(await boom.text(), /secret detail/);
    await eventually(() => served(logs.lines).length === 2);
    assert.equal(served(logs.lines)[1].status_code, 500);

    const head = await rawRequest(server.port, `HEAD /users/1 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    assert.equal(head.status, 200);
    await eventually(() => served(logs.lines).length === 3);
    assert.deepEqual([served(logs.lines)[2].method, served(logs.lines)[2].response_size], ['HEAD', 0]);

    // Unwrapped requests (no route) write nothing.
    assert.equal((await fetch(`${server.base}/nope`)).status, 404);
    await new Promise((r) => setTimeout(r, 50));
    assert.equal(served(logs.lines).length, 3);
  } finally {
    await server.close();
    logs.restore();
  }
});

test('Middleware.debug logs the request and the response, without credentials', async () => {
  const logs = captureLogs();
  const server = await serve(app().pipe(Middleware.debug));
  try {
    await fetch(`${server.base}/users/3`, { headers: { authorization: 'Basic dXNlcjpwYXNz', 'x-custom': 'v' } });
    await eventually(() => logs.lines.some((l) => l.msg === 'Http response sent'));
    const req = logs.lines.find((l) => l.msg === 'Http request received')!;
    const res = logs.lines.find((l) => l.msg === 'Http response sent')!;
    assert.equal(req.method, 'GET');
    assert.equal(req.url, '/users/3');
    assert.equal(req.route, 'GET /users/{id}');
    const headers = req.headers as Record<string, string>;
    assert.equal(headers['x-custom'], 'v');
    assert.equal(headers.authorization, '<redacted>');
    assert.doesNotMatch(JSON.stringify(logs.lines), /dXNlcjpwYXNz/);
    assert.equal(res.status_code, 200);
    assert.equal((res.headers as Record<string, string>)['content-type'], 'application/json');
  } finally {
    await server.close();
    logs.restore();
  }
});

test('logAnnotate in every form adds annotations to the request log entry and to handler logs', async () => {
  const forms: Array<[string, Middleware, Record<string, string>]> = [
    ['key, value', Middleware.logAnnotate('correlation-id', 'c-1'), { 'correlation-id': 'c-1' }],
    [
      'annotation, ...annotations',
      Middleware.logAnnotate(LogAnnotation('a', '1'), LogAnnotation('b', '2')),
      { a: '1', b: '2' },
    ],
    [
      'set',
      Middleware.logAnnotate(new Set([LogAnnotation('tenant', 't-9'), LogAnnotation('zone', 'eu')])),
      { tenant: 't-9', zone: 'eu' },
    ],
    [
      'request => set',
      Middleware.logAnnotate(
        (req) => new Set([LogAnnotation('path', req.path), LogAnnotation('ua', req.header('user-agent') ?? '')]),
      ),
      { path: '/users/5', ua: 'kitgen-test' },
    ],
    [
      'headerName, ...headerNames',
      Middleware.logAnnotateHeaders('x-request-id', 'x-absent', 'X-Tenant'),
      { 'x-request-id': 'r-42', 'X-Tenant': 'acme' },
    ],
    [
      'header, ...headers',
      Middleware.logAnnotateHeaders(Header.Origin, Header.ContentType),
      { origin: 'http://127.0.0.1:1' },
    ],
  ];
  for (const [name, annotate, expected] of forms) {
    const logs = captureLogs();
    const server = await serve(app().pipe(Middleware.requestLogging(), annotate));
    try {
      const res = await fetch(`${server.base}/users/5`, {
        headers: {
          'user-agent': 'kitgen-test',
          'x-request-id': 'r-42',
          'x-tenant': 'acme',
          origin: 'http://127.0.0.1:1',
        },
      });
      assert.equal(res.status, 200, name);
      await eventually(() => served(logs.lines).length === 1);
      const entry = served(logs.lines)[0];
      const handlerLine = logs.lines.find((l) => l.msg === 'handler says hi')!;
      for (const [k, v] of Object.entries(expected)) {
        assert.equal(entry[k], v, `${name}: request log entry has ${k}`);
        assert.equal(handlerLine[k], v, `${name}: handler log has ${k}`);
      }
      assert.equal(entry['x-absent'], undefined, name);
      assert.equal(entry['content-type'], undefined, `${name}: absent typed header is left out`);
      assert.equal(handlerLine.userId, 5);
      // Outside the request no annotation is in effect.
      assert.deepEqual({ ...LogAnnotation.current() }, {});
    } finally {
      await server.close();
      logs.restore();
    }
  }
});

test('the log annotation rule: an annotation shows in the request log entry only if attached after requestLogging', async () => {
  const annotate = () =>
    Middleware.logAnnotate((req) => [LogAnnotation('correlation-id', req.header('x-correlation-id') ?? 'none')]);
  const cases: Array<[string, Routes, boolean]> = [
    ['pipe(requestLogging(), logAnnotate)', app().pipe(Middleware.requestLogging(), annotate()), true],
    ['pipe(logAnnotate, requestLogging())', app().pipe(annotate(), Middleware.requestLogging()), false],
    ['requestLogging().andThen(logAnnotate)', app().pipe(Middleware.requestLogging().andThen(annotate())), true],
    ['logAnnotate.andThen(requestLogging())', app().pipe(annotate().andThen(Middleware.requestLogging())), false],
  ];
  for (const [name, routes, shows] of cases) {
    const logs = captureLogs();
    const server = await serve(routes);
    try {
      await fetch(`${server.base}/users/1`, { headers: { 'x-correlation-id': 'abc-123' } });
      await eventually(() => served(logs.lines).length === 1);
      assert.equal(served(logs.lines)[0]['correlation-id'], shows ? 'abc-123' : undefined, name);
      // The handler runs inside every middleware, so its own logs carry the annotation either way.
      assert.equal(logs.lines.find((l) => l.msg === 'handler says hi')!['correlation-id'], 'abc-123', name);
    } finally {
      await server.close();
      logs.restore();
    }
  }
});

test('annotations of concurrent requests do not mix, and inner annotations override outer ones', async () => {
  const logs = captureLogs();
  const slow = Routes(
    Route.handled(RoutePattern.GET('slow', PathCodec.int('ms')), async (_req, ms) => {
      await new Promise((r) => setTimeout(r, ms));
      Log.get().info('done waiting');
      return Response.text(String(ms));
    }),
  );
  const routes = slow.pipe(
    Middleware.logAnnotate('layer', 'inner'),
    Middleware.requestLogging(),
    Middleware.logAnnotateHeaders('x-id'),
    Middleware.logAnnotate('layer', 'outer'),
  );
  const server = await serve(routes);
  try {
    await Promise.all(
      [1, 2, 3, 4, 5].map((i) => fetch(`${server.base}/slow/${(6 - i) * 15}`, { headers: { 'x-id': `req-${i}` } })),
    );
    await eventually(() => served(logs.lines).length === 5);
    for (const entry of served(logs.lines)) {
      const i = Number(String(entry['x-id']).slice(4));
      assert.equal(entry.url, `/slow/${(6 - i) * 15}`);
      assert.equal(entry.layer, 'outer');
    }
    const handlerLines = logs.lines.filter((l) => l.msg === 'done waiting');
    assert.equal(handlerLines.length, 5);
    for (const l of handlerLines) assert.equal(l.layer, 'inner');
    assert.equal(new Set(handlerLines.map((l) => l['x-id'])).size, 5);
  } finally {
    await server.close();
    logs.restore();
  }
});

test('logAnnotate refuses arguments that are not annotations', () => {
  assert.throws(() => (Middleware.logAnnotate as (...a: unknown[]) => unknown)('key'), TypeError);
  assert.throws(() => (Middleware.logAnnotate as (...a: unknown[]) => unknown)([{ key: 1 }]), TypeError);
});
