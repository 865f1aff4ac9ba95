// readOnly and writeOnly over the wire (fixtures/read-write-only): a request must carry a
// required writeOnly property even when its schema has no readOnly one (Jira's
// `FieldConfigurationDetails`, whose required `name` is writeOnly, took `{}`), and may leave
// out a required readOnly one; an answer may leave the writeOnly one out.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { routes } from '../../fixtures/read-write-only/expected/server.js';
import { serve } from './support/e2e.ts';

const handlers = {
  createSession: ({ body }: { body: { user: string; password: string } }) => ({ user: body.user }),
  createUser: ({ body }: { body: { name: string; password: string } }) => ({
    id: 1,
    name: body.name,
    createdAt: new Date('2026-11-28T00:00:00Z'),
  }),
  createTeam: ({ body }: { body: unknown }) => body,
  createAccount: ({ body }: { body: { owner: string } }) => ({ id: 'a1', owner: body.owner }),
};

const post = (url: string, body: unknown) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

test('a required writeOnly property is demanded in a request, and may be absent from the answer', async () => {
  const server = await serve(routes(handlers as never));
  try {
    for (const body of [{}, { user: 'ada' }]) {
      const r = await post(`${server.url}/sessions`, body);
      const text = await r.text();
      assert.equal(r.status, 400, text);
      assert.match(text, /password/, 'the refusal names the missing writeOnly property');
    }
    const ok = await post(`${server.url}/sessions`, { user: 'ada', password: 'pw' });
    assert.equal(ok.status, 201);
    assert.deepEqual(await ok.json(), { user: 'ada' });
    // A readOnly `id` and `createdAt` are left out of the request; writeOnly `password` is not.
    const user = await post(`${server.url}/users`, { name: 'ada', password: 'pw' });
    assert.equal(user.status, 201, await user.clone().text());
    const noPassword = await post(`${server.url}/users`, { name: 'ada' });
    assert.equal(noPassword.status, 400);
    assert.match(await noPassword.text(), /password/);
  } finally {
    await server.shutdown();
  }
});
