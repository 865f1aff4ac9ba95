// Truora declares `PUT /v1/hooks/{hook_id}` answering `application/x-www-form-urlencoded`. An answer
// whose optional fields are all left out is an empty form: zero bytes, still of that media type,
// so it goes out with its Content-Type. Only a response built without a body goes without one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { defineEndpoint, Response, Route, RoutePattern, Routes, Schema, Server } from '@kitgen/runtime';

const Hook = Schema.Unsafe<{ url?: string; events?: string[] }>({
  type: 'object',
  properties: { url: { type: 'string' }, events: { type: 'array', items: { type: 'string' } } },
});
const updateHook = defineEndpoint({
  method: 'PUT',
  path: ['hooks', { param: 'id', codec: 'string', prop: 'id' }],
  output: { status: 200, body: Hook, mediaTypes: ['application/x-www-form-urlencoded'] },
});

test('an empty form answer keeps its Content-Type; a response without a body has none', async () => {
  const server = Server.defaultWith((c) => c.binding('127.0.0.1', 0));
  const routes = Routes(
    // Without its generated `.d.ts` the declaration types the handler loosely: the input is `{ id }`,
    // the answer the Hook value.
    updateHook.implement((input) =>
      (input as unknown as { id: string }).id === 'full'
        ? ({ url: 'https://x.test/h', events: ['a', 'b'] } as never)
        : ({} as never),
    ),
    Route.handled(RoutePattern.GET('nothing'), () => Response.ok()),
  );
  const port = await Server.install(routes, server);
  try {
    const empty = await fetch(`http://127.0.0.1:${port}/hooks/empty`, { method: 'PUT' });
    assert.equal(empty.status, 200);
    assert.equal(empty.headers.get('content-type'), 'application/x-www-form-urlencoded');
    assert.equal(await empty.text(), '');
    const full = await fetch(`http://127.0.0.1:${port}/hooks/full`, { method: 'PUT' });
    assert.equal(full.headers.get('content-type'), 'application/x-www-form-urlencoded');
    assert.equal(await full.text(), 'url=https%3A%2F%2Fx.test%2Fh&events=a&events=b');
    const nothing = await fetch(`http://127.0.0.1:${port}/nothing`);
    assert.equal(nothing.status, 200);
    assert.equal(nothing.headers.get('content-type'), null);
  } finally {
    await server.shutdown();
  }
});
