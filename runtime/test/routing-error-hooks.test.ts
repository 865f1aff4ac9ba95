// One road from a thrown error to the answer (routing/errorFunnel.ts): errors that render
// themselves (`toResponse`), the application's `onError` and `notFound` hooks, and the runner
// behind every route, endpoint and the server alike.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  Endpoint,
  HttpCodec,
  HttpError,
  Request,
  Response,
  Route,
  RoutePattern,
  Routes,
  Schema,
} from '@kitgen/runtime';
import { startServer } from './support/testServer.ts';

class Teapot extends Error {
  toResponse(): Response {
    return Response.text('short and stout', 418);
  }
}

const routes = Routes(
  Route.handled(RoutePattern.GET('teapot'), () => {
    throw new Teapot();
  }),
  Route.handled(RoutePattern.GET('boom'), async () => {
    throw new Error('boom');
  }),
  Route.handled(RoutePattern.GET('gone'), () => {
    throw new HttpError(410, 'gone for good');
  }),
  Endpoint(RoutePattern.GET('n'))
    .query(HttpCodec.query('n', Schema.Integer()))
    .out(Schema.String())
    .implement(() => {
      throw new Error('endpoint boom');
    }),
);

test('an error with toResponse() renders itself; an HttpError gives its status and the error body', async () => {
  const teapot = await routes.run(Request.get('/teapot'));
  assert.equal(teapot.status, 418);
  assert.equal(await teapot.body.asString(), 'short and stout');
  const gone = await routes.run(Request.get('/gone'));
  assert.equal(gone.status, 410);
  assert.deepEqual(JSON.parse(await gone.body.asString()), { error: 'Error', message: 'gone for good' });
});

test('onError sees what routes and endpoints throw (their refusals too) and answers instead; undefined keeps the runtime answer', async () => {
  const seen: string[] = [];
  const app = routes.onError((error, request) => {
    seen.push(`${request.path}: ${error instanceof Error ? error.message : String(error)}`);
    if (request.path === '/gone') return undefined;
    return Response.json({ problem: error instanceof Error ? error.message : 'unknown' }, 503);
  });
  const boom = await app.run(Request.get('/boom'));
  assert.equal(boom.status, 503);
  assert.deepEqual(JSON.parse(await boom.body.asString()), { problem: 'boom' });
  const endpoint = await app.run(Request.get('/n?n=1'));
  assert.equal(endpoint.status, 503);
  const refused = await app.run(Request.get('/n?n=x'));
  assert.equal(refused.status, 503, 'a bad query parameter is offered to the hook too');
  const gone = await app.run(Request.get('/gone'));
  assert.equal(gone.status, 410, 'undefined keeps the runtime answer');
  assert.deepEqual(seen.slice(0, 2), ['/boom: boom', '/n: endpoint boom']);
  assert.equal(seen.length, 4);
});

test('an onError that throws leaves the runtime answer', async () => {
  const app = routes.onError(() => {
    throw new Error('hook broke');
  });
  const r = await app.run(Request.get('/gone'));
  assert.equal(r.status, 410);
});

test('notFound answers unmatched paths; 405 keeps its Allow; the hooks survive concat and middleware', async () => {
  const app = routes
    .notFound((request) => Response.text(`nothing at ${request.path}`, 404))
    .concat(Route.handled(RoutePattern.GET('more'), () => Response.text('more')));
  const missing = await app.run(Request.get('/nowhere'));
  assert.equal(missing.status, 404);
  assert.equal(await missing.body.asString(), 'nothing at /nowhere');
  const notAllowed = await app.run(new Request({ method: 'DELETE', url: '/teapot' }));
  assert.equal(notAllowed.status, 405);
  assert.equal(notAllowed.headers.get('allow'), 'GET, HEAD');
  assert.equal((await app.run(Request.get('/more'))).status, 200);
  const nested = app.nest('v1');
  assert.equal(
    await (await nested.run(Request.get('/v1/nowhere'))).body.asString(),
    'nothing at /v1/nowhere',
    'the top sees the path as sent',
  );
});

test('over the wire: the server runs the same road (onError answers a rejected route)', async () => {
  const server = await startServer(routes.onError(() => Response.text('handled', 500)));
  try {
    const r = await fetch(`${server.url}/boom`);
    assert.equal(r.status, 500);
    assert.equal(await r.text(), 'handled');
    const plain = await fetch(`${server.url}/nowhere`);
    assert.equal(plain.status, 404);
    assert.deepEqual(await plain.json(), { error: 'Not Found', message: 'No route matches the request path' });
  } finally {
    await server.shutdown();
  }
});
