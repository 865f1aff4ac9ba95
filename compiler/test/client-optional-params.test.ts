// A client method's params object may be left out exactly when nothing in it is required
// (`{} extends Params`): no required parameter and no required body. Over the wire with the
// generated server and client of the request-bodies fixture, and checked by tsc from a user's file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { routes } from '../../fixtures/request-bodies/expected/server.js';
import { createClient } from '../../fixtures/request-bodies/expected/client.js';
import { repoRoot } from './support/fixtures.ts';
import { serve, typeCheckFolder } from './support/e2e.ts';

test('an operation whose only body is optional is called with no argument, and sends no body', async () => {
  const bodies: unknown[] = [];
  const server = await serve(
    routes({
      saveDraft: async (input) => {
        bodies.push(input.body);
        return input.body === undefined ? { received: false } : { received: true, title: input.body.title };
      },
    }),
  );
  try {
    const client = createClient({ baseUrl: server.url });
    assert.deepEqual(await client.saveDraft(), { received: false });
    assert.deepEqual(await client.saveDraft({}), { received: false });
    assert.deepEqual(await client.saveDraft({ body: { title: 'Plan' } }), { received: true, title: 'Plan' });
    assert.deepEqual(bodies, [undefined, undefined, { title: 'Plan' }]);
  } finally {
    await server.shutdown();
  }
});

test('tsc: a method may be called without params only when none is required', { timeout: 120_000 }, async () => {
  const dir = join(repoRoot, '.tmp', 'client-optional-params');
  await mkdir(dir, { recursive: true });
  await writeFile(
    join(dir, 'main.ts'),
    `import { createClient } from '../../fixtures/request-bodies/expected/client.js';
const client = createClient({ baseUrl: 'http://localhost:8080' });
export const draft: Promise<{ received: boolean; title?: string }> = client.saveDraft();
// @ts-expect-error createNote's body is required
export const note = client.createNote();
// @ts-expect-error a wrong body is still rejected
export const wrong = client.saveDraft({ body: { title: 1 } });
`,
  );
  const checked = await typeCheckFolder(dir, ['main.ts']);
  assert.equal(checked.status, 0, checked.output);
});
