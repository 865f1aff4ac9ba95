import { test } from 'node:test';
import assert from 'node:assert/strict';
import { HttpError, Method, Status, reasonPhrase, statusHasNoBody } from '@kitgen/runtime';

test('Method: names, stable order, case-sensitive parsing', () => {
  assert.equal(Method.GET, 'GET');
  assert.deepEqual(Method.all, ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'CONNECT']);
  for (const m of Method.all) assert.equal(Method.parse(m), m);
  for (const bad of ['get', 'Get', 'PURGE', '', ' GET']) assert.equal(Method.parse(bad), undefined, bad);
});

test('Status: RFC 9110 names, reason phrases, bodiless statuses', () => {
  assert.equal(Status.Ok, 200);
  assert.equal(Status.NotFound, 404);
  assert.equal(Status.Unauthorized, 401);
  assert.equal(Status.RequestEntityTooLarge, 413);
  assert.equal(reasonPhrase(Status.MethodNotAllowed), 'Method Not Allowed');
  assert.equal(reasonPhrase(Status.RequestEntityTooLarge), 'Content Too Large');
  assert.equal(reasonPhrase(599), 'Error');
  for (const s of [100, 101, 204, 304]) assert.equal(statusHasNoBody(s), true, String(s));
  for (const s of [200, 201, 205, 301, 404, 500]) assert.equal(statusHasNoBody(s), false, String(s));
});

test('HttpError: status, details and headers; its JSON is what clients see', () => {
  const e = new HttpError(Status.TooManyRequests, 'slow down', {
    details: { retryIn: 5 },
    headers: { 'retry-after': '5' },
    cause: new Error('inner'),
  });
  assert.ok(e instanceof Error);
  assert.equal(e.name, 'HttpError');
  assert.equal(e.status, 429);
  assert.deepEqual(e.headers, { 'retry-after': '5' });
  assert.deepEqual(e.toJSON(), { error: 'Too Many Requests', message: 'slow down', retryIn: 5 });
  assert.doesNotMatch(JSON.stringify(e), /inner|stack/);
});
