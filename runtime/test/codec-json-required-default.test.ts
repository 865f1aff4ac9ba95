// A body field's `default` over the wire: it fills an optional field left out, never a required
// one (a document's `required` wins: the absent field is refused with a 400 naming it).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Endpoint, RoutePattern, Schema, Routes } from '@kitgen/runtime';
import { startServer } from './support/testServer.ts';

test('a required field with a default is refused when absent; an optional one is filled', async () => {
  const Mark = Schema.Unsafe<{ status: string; note?: string }>({
    type: 'object',
    properties: {
      status: { type: 'string', enum: ['read'], default: 'read' },
      note: { type: 'string', default: 'none' },
    },
    required: ['status'],
  });
  const e = Endpoint(RoutePattern.PUT('messages')).in(Mark).out(Schema.Unknown());
  const server = await startServer(Routes(e.implement((body) => body)));
  const put = (body: unknown) =>
    fetch(`${server.url}/messages`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  try {
    const absent = await put({});
    assert.equal(absent.status, 400);
    const refusal = (await absent.json()) as Record<string, string>;
    assert.match(refusal.message, /status/);
    const given = await put({ status: 'read' });
    assert.equal(given.status, 200);
    assert.deepEqual(await given.json(), { status: 'read', note: 'none' });
  } finally {
    await server.shutdown();
  }
});
