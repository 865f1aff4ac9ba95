// `routes.pipe(f1, f2, f3)` runs a request through f3, f2, f1, then the route, and
// the response back through f1, f2, f3; `f1.andThen(f2).andThen(f3)` is f3(f2(f1(routes))).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Middleware, Response, Route, RoutePattern, Routes, type Handler } from '@kitgen/runtime';
import { serve } from './fixtures/middleware/helpers.ts';

type Kind = 'perRoute' | 'aroundRoutes';

/** A middleware that records "<name> request" on the way in and "<name> response" on the way out. */
function recorder(name: string, kind: Kind, trace: string[]): Middleware {
  const wrap =
    (next: Handler): Handler =>
    async (request) => {
      trace.push(`${name} request`);
      const response = await next(request);
      trace.push(`${name} response`);
      // The response direction is also visible in what reaches the client.
      return response.setHeader('x-trace', `${response.headers.get('x-trace') ?? ''}${name};`);
    };
  return kind === 'perRoute' ? Middleware.perRoute((next) => wrap(next)) : Middleware.aroundRoutes(wrap);
}

function app(trace: string[]): Routes {
  return Routes(
    Route.handled(RoutePattern.GET('hello'), () => {
      trace.push('handler');
      return Response.text('hi');
    }),
  );
}

const expected = ['f3 request', 'f2 request', 'f1 request', 'handler', 'f1 response', 'f2 response', 'f3 response'];

for (const kind of ['perRoute', 'aroundRoutes'] as const) {
  test(`pipe(f1, f2, f3) with ${kind} middleware: request f3→f2→f1, response f1→f2→f3 (over the wire)`, async () => {
    const trace: string[] = [];
    const [f1, f2, f3] = ['f1', 'f2', 'f3'].map((n) => recorder(n, kind, trace));
    const server = await serve(app(trace).pipe(f1, f2, f3));
    try {
      const res = await fetch(`${server.base}/hello`);
      assert.equal(res.status, 200);
      assert.equal(await res.text(), 'hi');
      assert.deepEqual(trace, expected);
      assert.equal(res.headers.get('x-trace'), 'f1;f2;f3;');
    } finally {
      await server.close();
    }
  });

  test(`pipe(f1).pipe(f2).pipe(f3) equals pipe(f1, f2, f3) and f1.andThen(f2).andThen(f3) (${kind})`, async () => {
    for (const build of [
      (r: Routes, f: Middleware[]) => r.pipe(f[0]).pipe(f[1]).pipe(f[2]),
      (r: Routes, f: Middleware[]) => r.pipe(f[0].andThen(f[1]).andThen(f[2])),
      (r: Routes, f: Middleware[]) => f[2].apply(f[1].apply(f[0].apply(r))),
    ]) {
      const trace: string[] = [];
      const fs = ['f1', 'f2', 'f3'].map((n) => recorder(n, kind, trace));
      const server = await serve(build(app(trace), fs));
      try {
        const res = await fetch(`${server.base}/hello`);
        assert.equal(await res.text(), 'hi');
        assert.deepEqual(trace, expected);
        assert.equal(res.headers.get('x-trace'), 'f1;f2;f3;');
      } finally {
        await server.close();
      }
    }
  });
}

test('order matters: pipe(f3, f2, f1) reverses both directions', async () => {
  const trace: string[] = [];
  const [f1, f2, f3] = ['f1', 'f2', 'f3'].map((n) => recorder(n, 'perRoute', trace));
  const server = await serve(app(trace).pipe(f3, f2, f1));
  try {
    const res = await fetch(`${server.base}/hello`);
    assert.equal(res.headers.get('x-trace'), 'f3;f2;f1;');
    assert.deepEqual(trace, [
      'f1 request',
      'f2 request',
      'f3 request',
      'handler',
      'f3 response',
      'f2 response',
      'f1 response',
    ]);
  } finally {
    await server.close();
  }
});

test('a routes-level middleware attached last is outermost around handler middleware', async () => {
  const trace: string[] = [];
  const server = await serve(
    app(trace).pipe(recorder('inner', 'perRoute', trace), recorder('outer', 'aroundRoutes', trace)),
  );
  try {
    const res = await fetch(`${server.base}/hello`);
    assert.equal(res.headers.get('x-trace'), 'inner;outer;');
    assert.deepEqual(trace, ['outer request', 'inner request', 'handler', 'inner response', 'outer response']);
  } finally {
    await server.close();
  }
});

test('a middleware may add and remove routes; identity changes nothing', async () => {
  const extra = Route.handled(RoutePattern.GET('extra'), () => Response.text('added'));
  const addRoute = Middleware.make((routes) => routes.concat(extra));
  const keepOnlyExtra = Middleware.make((routes) =>
    Routes(...routes.routes.filter((r) => r.pattern.openApiPath === '/extra')),
  );
  const server = await serve(app([]).pipe(Middleware.identity, addRoute, keepOnlyExtra));
  try {
    assert.equal(await (await fetch(`${server.base}/extra`)).text(), 'added');
    assert.equal((await fetch(`${server.base}/hello`)).status, 404);
  } finally {
    await server.close();
  }
});
