// The runtime's own answers come from one catalogue (errors/catalogue.ts): each entry has a
// stable KITGEN_ERR_* code and a status, and what goes on the wire is the entry's text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  Body,
  ConfigErrors,
  Endpoint,
  HttpError,
  HttpErrors,
  Middleware,
  PathCodec,
  Request,
  Response,
  Route,
  RoutePattern,
  Routes,
  Schema,
} from '@kitgen/runtime';

test('codes are unique, KITGEN_ERR_-prefixed, and their statuses are client or server errors', () => {
  const codes = Object.values(HttpErrors).map((e) => e.code);
  assert.equal(new Set(codes).size, codes.length);
  for (const [name, entry] of Object.entries(HttpErrors)) {
    assert.equal(entry.code, `KITGEN_ERR_${name}`);
    assert.ok(entry.status >= 400 && entry.status < 600, name);
  }
});

test("HttpError.of carries the code, the status and the text; a handler's own HttpError has no code", () => {
  const e = HttpError.of(HttpErrors.BODY_TOO_LARGE, [1024]);
  assert.equal(e.code, 'KITGEN_ERR_BODY_TOO_LARGE');
  assert.equal(e.status, 413);
  assert.equal(e.message, 'The request body is larger than 1024 bytes');
  assert.equal(new HttpError(418, 'teapot').code, undefined);
});

test('the answers of routing and endpoints read as their entries say', async () => {
  const routes = Routes(
    Route.handled(RoutePattern.GET('n', PathCodec.int('n')), () => Response.text('ok')),
    Endpoint(RoutePattern.POST('e'))
      .in(Schema.Object({ a: Schema.Integer() }))
      .out(Schema.String())
      .implement(() => 'ok'),
  );
  const message = async (r: Response) =>
    (await r.body.asString()) && (JSON.parse(await r.body.asString()) as { message: string }).message;
  const notFound = await routes.run(Request.get('/nowhere'));
  assert.equal(notFound.status, 404);
  assert.equal(await message(notFound), HttpErrors.NOT_FOUND.message());
  const notAllowed = await routes.run(new Request({ method: 'DELETE', url: '/n/1' }));
  assert.equal(notAllowed.status, 405);
  assert.equal(await message(notAllowed), HttpErrors.METHOD_NOT_ALLOWED.message('DELETE'));
  const badParam = await routes.run(Request.get('/n/x'));
  assert.equal(await message(badParam), HttpErrors.BAD_PATH_PARAMETER.message('n', 'a 32-bit integer', 'x'));
  const noBody = await routes.run(new Request({ method: 'POST', url: '/e' }));
  assert.equal(noBody.status, 400);
  assert.equal(await message(noBody), HttpErrors.BAD_INPUT.message('body', 'body', 'required but missing'));
  const wrongType = await routes.run(
    new Request({ method: 'POST', url: '/e', headers: { 'content-type': 'text/plain' }, body: Body.fromString('a') }),
  );
  assert.equal(wrongType.status, 415);
  assert.equal(
    await message(wrongType),
    HttpErrors.CONTENT_TYPE_NOT_ACCEPTED.message('text/plain', ['application/json']),
  );
  const malformed = await routes.run(Request.get('/a/%2e%2e/b'));
  assert.equal(malformed.status, 400);
  assert.match(await message(malformed), /^Malformed request path: /);
});

test('configuration errors come from the catalogue: their class, their text and a code', () => {
  const codes = Object.values(ConfigErrors).map((e) => e.code);
  assert.equal(
    new Set([...codes, ...Object.values(HttpErrors).map((e) => e.code)]).size,
    codes.length + Object.keys(HttpErrors).length,
  );
  for (const [name, entry] of Object.entries(ConfigErrors)) assert.equal(entry.code, `KITGEN_ERR_${name}`);
  assert.throws(
    () => Middleware.timeout(-1),
    (e: unknown) =>
      e instanceof RangeError &&
      (e as { code?: string }).code === 'KITGEN_ERR_BAD_TIMEOUT' &&
      e.message === 'timeout: the duration must be a finite number of milliseconds, got -1',
  );
  assert.throws(
    () => RoutePattern.GET('a', PathCodec.int('id'), PathCodec.int('id')),
    (e: unknown) =>
      e instanceof Error &&
      (e as { code?: string }).code === 'KITGEN_ERR_DUPLICATE_PATH_PARAMETER' &&
      e.message === 'RoutePattern: path parameter "id" appears twice',
  );
});
