// An endpoint given its operation's `security` (alternatives, each a list of credentials) lets a
// request through when any one alternative is complete, and otherwise answers 401 naming every
// alternative, with a challenge for each: presence only, validity is the handler's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  Endpoint,
  Request,
  RoutePattern,
  Routes,
  Schema,
  routesFromHandlers,
  type SecurityRequirements,
} from '@kitgen/runtime';

const table = {
  either: Endpoint(RoutePattern.GET('either')).auth('Bearer').out(Schema.String()),
};
const security: SecurityRequirements = [
  [{ scheme: 'Bearer' }],
  [
    { in: 'header', name: 'X-Key' },
    { in: 'query', name: 'tenant' },
  ],
];

function app(): Routes {
  return routesFromHandlers(
    table,
    { either: (_input, context) => (context.auth === undefined ? 'by key' : 'by token') },
    { security: { either: security } },
  );
}

test('any complete alternative passes; the auth type no longer refuses by itself', async () => {
  const routes = app();
  const byToken = await routes.run(Request.get('/either', { authorization: 'Bearer t' }));
  assert.equal(byToken.status, 200);
  assert.equal(await byToken.body.asString(), '"by token"');
  const byKey = await routes.run(Request.get('/either?tenant=a', { 'x-key': 'k' }));
  assert.equal(byKey.status, 200);
  assert.equal(await byKey.body.asString(), '"by key"');
});

test('an incomplete alternative is refused with 401, every alternative named and challenged', async () => {
  const routes = app();
  for (const request of [
    Request.get('/either', { 'x-key': 'k' }),
    Request.get('/either', { authorization: 'Basic dTpw' }),
    Request.get('/either'),
  ]) {
    const r = await routes.run(request);
    assert.equal(r.status, 401);
    assert.equal(
      r.headers.get('www-authenticate'),
      'Bearer realm="kitgen", ApiKey realm="kitgen", in="header", name="X-Key", ApiKey realm="kitgen", in="query", name="tenant"',
    );
    assert.deepEqual(JSON.parse(await r.body.asString()), {
      error: 'Unauthorized',
      message: "Authentication required: send Bearer credentials, or header 'X-Key' and query parameter 'tenant'",
    });
  }
});

test('an anonymous alternative (an empty one) requires nothing', async () => {
  const routes = routesFromHandlers(
    table,
    { either: () => 'open' },
    { security: { either: [[{ in: 'header', name: 'X-Key' }], []] } },
  );
  assert.equal((await routes.run(Request.get('/either'))).status, 200);
});
