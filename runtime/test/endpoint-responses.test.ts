// Responses.of: several statuses with bodies and headers as { status, body, headers } values.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Endpoint, RoutePattern, PathCodec, HttpCodec, Schema, Responses, Routes } from '@kitgen/runtime';
import { startServer } from './support/testServer.ts';

const Pet = Schema.Object({ id: Schema.Integer(), name: Schema.String() });
const Problem = Schema.Object({ code: Schema.Integer(), message: Schema.String() });
type Pet = { id: number; name: string };
type Problem = { code: number; message: string };

type Ok =
  { status: 200; body: Pet; headers: { rateLimit: number | undefined } } | { status: 201; body: Pet } | { status: 204 };
type Failure = { status: 404; body: Problem } | { status: 500; body: Problem };

test('Responses.of answers each declared status with its body and headers', async () => {
  const e = Endpoint(RoutePattern.PUT('pets', PathCodec.int('id')))
    .outCodec(
      Responses.of<Ok>({
        200: { body: Pet, headers: { rateLimit: HttpCodec.header('x-rate-limit', Schema.Integer()).optional() } },
        201: { body: Pet },
        204: {},
      }),
    )
    .outErrorCodec(Responses.of<Failure>({ 404: { body: Problem }, default: { body: Problem } }));
  const route = e.implement((id): Ok | ReturnType<typeof e.fail> => {
    if (id === 1) return { status: 200, body: { id, name: 'kept' }, headers: { rateLimit: 99 } };
    if (id === 2) return { status: 201, body: { id, name: 'new' } };
    if (id === 3) return { status: 204 };
    if (id === 4) throw e.fail({ status: 404, body: { code: 4, message: 'gone' } });
    return e.fail({ status: 500, body: { code: 5, message: 'broken' } });
  });
  const server = await startServer(Routes(route));
  try {
    const put = (id: number) => fetch(`${server.url}/pets/${id}`, { method: 'PUT' });
    const a = await put(1);
    assert.equal(a.status, 200);
    assert.equal(a.headers.get('x-rate-limit'), '99');
    assert.deepEqual(await a.json(), { id: 1, name: 'kept' });
    const b = await put(2);
    assert.equal(b.status, 201);
    assert.equal(b.headers.get('x-rate-limit'), null);
    const c = await put(3);
    assert.equal(c.status, 204);
    const d = await put(4);
    assert.equal(d.status, 404);
    assert.deepEqual(await d.json(), { code: 4, message: 'gone' });
    const f = await put(5);
    assert.equal(f.status, 500);
    assert.deepEqual(await f.json(), { code: 5, message: 'broken' });
  } finally {
    await server.shutdown();
  }
});
