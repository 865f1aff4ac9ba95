// A generated server refuses a request without the credentials its operation's `security`
// requires (presence only: whether a key is valid is the handler's to decide), with 401, a
// challenge naming what to send and a message naming it; anonymous alternatives stay open.
// fixtures/security: apiKeys in a header, a query parameter and a cookie, bearer, basic, `{}`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { declaredSecurity, routes } from '../../fixtures/security/expected/server.js';
import { serve } from './support/e2e.ts';

const who = (name: string) => () => ({ who: name });
const handlers = {
  whoAmI: who('me'),
  adminArea: who('admin'),
  withHeaderKey: (input: { headerKey?: string }) => ({ who: `header ${input.headerKey}` }),
  withQueryKey: (input: { queryKey?: string }) => ({ who: `query ${input.queryKey}` }),
  withCookieKey: (input: { cookieKey?: string }) => ({ who: `cookie ${input.cookieKey}` }),
  withOauth: who('oauth'),
  withOidc: who('oidc'),
  publicArea: who('public'),
  optionalAuth: who('maybe'),
};

test('declaredSecurity lists the apiKey operations only: bearer and basic alone are the auth type', () => {
  assert.deepEqual(Object.keys(declaredSecurity), ['withHeaderKey', 'withQueryKey', 'withCookieKey']);
});

test('a missing apiKey answers 401 naming it, with a challenge; a present one reaches the handler', async () => {
  const server = await serve(routes(handlers));
  try {
    const refused = await fetch(`${server.url}/keys/header`);
    assert.equal(refused.status, 401);
    assert.equal(refused.headers.get('www-authenticate'), 'ApiKey realm="kitgen", in="header", name="X-API-Key"');
    assert.deepEqual(await refused.json(), {
      error: 'Unauthorized',
      message: "Authentication required: send header 'X-API-Key'",
    });
    const empty = await fetch(`${server.url}/keys/header`, { headers: { 'x-api-key': '' } });
    assert.equal(empty.status, 401, 'an empty key is no key');
    const sent = await fetch(`${server.url}/keys/header`, { headers: { 'x-api-key': 'k1' } });
    assert.equal(sent.status, 200);
    assert.deepEqual(await sent.json(), { who: 'header k1' });

    const noQuery = await fetch(`${server.url}/keys/query?other=1`);
    assert.equal(noQuery.status, 401);
    assert.match(((await noQuery.json()) as { message: string }).message, /query parameter 'api_key'/);
    assert.deepEqual(await (await fetch(`${server.url}/keys/query?api_key=k2`)).json(), { who: 'query k2' });

    const noCookie = await fetch(`${server.url}/keys/cookie`, { headers: { cookie: 'other=1' } });
    assert.equal(noCookie.status, 401);
    assert.equal(noCookie.headers.get('www-authenticate'), 'ApiKey realm="kitgen", in="cookie", name="SESSION_ID"');
    assert.deepEqual(
      await (await fetch(`${server.url}/keys/cookie`, { headers: { cookie: 'SESSION_ID=k3' } })).json(),
      { who: 'cookie k3' },
    );
  } finally {
    await server.shutdown();
  }
});

test('bearer and basic refuse as before; `security: []` and an alternative `{}` need nothing', async () => {
  const server = await serve(routes(handlers));
  try {
    const bearer = await fetch(`${server.url}/me`);
    assert.equal(bearer.status, 401);
    assert.equal(bearer.headers.get('www-authenticate'), 'Bearer realm="kitgen"');
    assert.deepEqual(await bearer.json(), { error: 'Unauthorized', message: 'Authentication required' });
    const basic = await fetch(`${server.url}/admin`, { headers: { authorization: 'Bearer t' } });
    assert.equal(basic.status, 401);
    assert.equal(basic.headers.get('www-authenticate'), 'Basic realm="kitgen", charset="UTF-8"');
    assert.equal((await fetch(`${server.url}/public`)).status, 200);
    assert.equal((await fetch(`${server.url}/maybe`)).status, 200);
  } finally {
    await server.shutdown();
  }
});
