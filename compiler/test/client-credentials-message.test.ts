// The executor's "no credentials" message names the option the generated createClient takes
// (`bearer`, `basic`), since that is what a user of the generated client calls.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createClient } from '../../fixtures/security/expected/client.js';

test('a generated client without credentials is told the createClient option to give', async () => {
  const client = createClient({ baseUrl: 'http://127.0.0.1:9', fetch: async () => new Response('{}') });
  await assert.rejects(client.whoAmI(), (error: Error) => {
    assert.match(
      error.message,
      /^GET \/me: the endpoint requires Bearer credentials; give `bearer: token` to createClient \(or `auth: \{ bearer: token \}` to EndpointExecutor\.make\)$/,
    );
    return true;
  });
  await assert.rejects(client.adminArea(), (error: Error) => {
    assert.match(
      error.message,
      /^GET \/admin: the endpoint requires Basic credentials; give `basic: \{ username, password \}` to createClient \(or `auth: \{ basic: \{ username, password \} \}` to EndpointExecutor\.make\)$/,
    );
    return true;
  });
});
