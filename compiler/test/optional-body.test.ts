// A request body the document does not require (`requestBody.required` absent, so
// false) is optional in the generated params type, the generated client leaves it out, and the
// generated server hands the handler `undefined` (fixtures/null-schema: POST /items/{collection}).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { routes } from '../../fixtures/null-schema/expected/server.js';
import { createClient } from '../../fixtures/null-schema/expected/client.js';
import { serve } from './support/e2e.ts';

test('optional request body: the generated client may omit it and the handler gets undefined; a sent one arrives', async () => {
  const seen: unknown[] = [];
  const server = await serve(
    routes({
      createItem: (input) => {
        seen.push(input.body);
        return { collection: input.collection, hadBody: input.body !== undefined };
      },
    }),
  );
  try {
    const client = createClient({ baseUrl: server.url });
    assert.deepEqual(await client.createItem({ collection: 'c' }), { collection: 'c', hadBody: false });
    assert.deepEqual(await client.createItem({ collection: 'c', body: { any: 1 } }), {
      collection: 'c',
      hadBody: true,
    });
    const raw = await fetch(`${server.url}/items/c`, { method: 'POST' });
    assert.equal(raw.status, 200, 'a POST without a body is accepted');
    assert.deepEqual(seen, [undefined, { any: 1 }, undefined]);
  } finally {
    await server.shutdown();
  }
});
