// An optional request body (OpenAPI's `requestBody.required: false`, its default).
// The handler gets `undefined` when none is sent, over the wire and through kitgen's client,
// which leaves it out; a body that is sent is decoded and validated as usual; OpenAPIGen writes
// `required: false`. A required body still answers 400 when missing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Endpoint, EndpointExecutor, OpenAPIGen, RoutePattern, Routes, Schema } from '@kitgen/runtime';
import { startServer } from './support/testServer.ts';

const Note = Schema.Object({ text: Schema.String({ minLength: 1 }) });
const touch = Endpoint(RoutePattern.POST('touch'))
  .inOptional(Note)
  .out(Schema.Object({ got: Schema.String() }));
const create = Endpoint(RoutePattern.POST('notes'))
  .in(Note)
  .out(Schema.Object({ got: Schema.String() }));

const routes = Routes(
  touch.implement((note) => ({ got: note === undefined ? 'nothing' : note.text })),
  create.implement((note) => ({ got: note.text })),
);

test('optional body: absent → undefined (raw, empty with a Content-Type, kitgen client); present → decoded and validated', async () => {
  const server = await startServer(routes);
  try {
    const post = (path: string, init: RequestInit = {}) => fetch(`${server.url}${path}`, { method: 'POST', ...init });
    assert.deepEqual(await (await post('/touch')).json(), { got: 'nothing' });
    assert.deepEqual(
      await (await post('/touch', { headers: { 'content-type': 'application/json' }, body: '' })).json(),
      { got: 'nothing' },
    );
    assert.deepEqual(
      await (await post('/touch', { headers: { 'content-type': 'application/json' }, body: '{"text":"hi"}' })).json(),
      { got: 'hi' },
    );
    const bad = await post('/touch', { headers: { 'content-type': 'application/json' }, body: '{"text":""}' });
    assert.equal(bad.status, 400, 'a body that is sent is still validated');
    const missing = await post('/notes');
    assert.equal(missing.status, 400, 'a required body is still required');
    assert.match(((await missing.json()) as { message: string }).message, /required but missing/);
    const call = EndpointExecutor.make({ baseUrl: server.url });
    assert.deepEqual(await call(touch, undefined), { got: 'nothing' });
    assert.deepEqual(await call(touch, { text: 'yo' }), { got: 'yo' });
  } finally {
    await server.shutdown();
  }
});

test('optional body: OpenAPIGen writes requestBody.required false; a required one true', () => {
  const doc = OpenAPIGen.fromEndpoints('Bodies', '1', touch, create).document as {
    paths: Record<string, { post: { requestBody: { required?: boolean } } }>;
  };
  assert.notEqual(doc.paths['/touch'].post.requestBody.required, true);
  assert.equal(doc.paths['/notes'].post.requestBody.required, true);
});
