// The document's base path. `servers: [{url: https://api.example.com/v2/}]` makes the
// generated server serve its operations under /v2 (routes.nest), where a client given the
// server's URL with that path finds them; `routes(handlers, { basePath })` overrides it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { basePath, routes } from '../../fixtures/base-path/expected/server.js';
import { createClient } from '../../fixtures/base-path/expected/client.js';
import { serve } from './support/e2e.ts';

const items = new Map<string, { id: string; name: string }>([['1', { id: '1', name: 'one' }]]);
const handlers = {
  getItem: ({ id }: { id: string }) => items.get(id) ?? { id, name: '?' },
  createItem: ({ body }: { body: { id: string; name: string } }) => {
    items.set(body.id, body);
    return body;
  },
};

test('base path: the generated server serves under the path of the first server URL, and the client reaches it there', async () => {
  assert.equal(basePath, '/v2');
  const server = await serve(routes(handlers));
  try {
    const client = createClient({ baseUrl: `${server.url}/v2` });
    assert.deepEqual(await client.getItem({ id: '1' }), { id: '1', name: 'one' });
    assert.deepEqual(await client.createItem({ body: { id: '2', name: 'two' } }), { id: '2', name: 'two' });
    assert.equal((await fetch(`${server.url}/v2/items/2`)).status, 200);
    assert.equal((await fetch(`${server.url}/items/2`)).status, 404, 'nothing at the root');
  } finally {
    await server.shutdown();
  }
});

test('base path: routes(handlers, { basePath }) overrides it, "" serving at the root', async () => {
  for (const [mount, url] of [
    ['', '/items/1'],
    ['/api/v2', '/api/v2/items/1'],
  ] as const) {
    const server = await serve(routes(handlers, { basePath: mount }));
    try {
      const r = await fetch(`${server.url}${url}`);
      assert.equal(r.status, 200, url);
      assert.deepEqual(await r.json(), { id: '1', name: 'one' });
    } finally {
      await server.shutdown();
    }
  }
});
