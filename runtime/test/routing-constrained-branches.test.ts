// Two operations of one path whose parameter has the same codec kind but other bounds (lgtm's
// PUT `/projects/{project-id}/…` with `minimum: 1`, its GET without): each keeps its own, so the
// GET takes `0` rather than the request falling through to a broader path
// (`/projects/{provider}/{org}/{name}`) whose handler it is not.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  Endpoint,
  HttpCodec,
  PathCodec,
  RoutePattern,
  Routes,
  routesFromHandlers,
  Schema,
  Server,
} from '@kitgen/runtime';

const put = Endpoint(
  RoutePattern.PUT('projects', PathCodec.long('id').constrain({ minimum: 1 }), 'settings', 'config'),
).out(Schema.String());
const get = Endpoint(RoutePattern.GET('projects', PathCodec.long('id'), 'settings', 'config')).out(Schema.String());
const bySlug = Endpoint(
  RoutePattern.GET('projects', PathCodec.string('provider'), PathCodec.string('org'), PathCodec.string('name')),
).out(Schema.String());

test('a bound of one operation is not applied to another of the same path and codec kind', async () => {
  const server = Server.defaultWith((c) => c.binding('127.0.0.1', 0));
  const routes = Routes(
    put.implement((id) => `put ${id}`),
    get.implement((id) => `get ${id}`),
    bySlug.implement(([provider, org, name]) => `slug ${provider}/${org}/${name}`),
  );
  const port = await Server.install(routes, server);
  const call = async (method: string, path: string) => {
    const r = await fetch(`http://127.0.0.1:${port}${path}`, { method });
    return `${r.status} ${await r.text()}`;
  };
  try {
    assert.equal(await call('GET', '/projects/0/settings/config'), '200 "get 0"');
    assert.equal(await call('PUT', '/projects/7/settings/config'), '200 "put 7"');
    assert.match(
      await call('PUT', '/projects/0/settings/config'),
      /^400 .*path parameter 'id': expected a 64-bit integer, at least 1/,
    );
    assert.equal(await call('GET', '/projects/gh/settings/x'), '200 "slug gh/settings/x"');
  } finally {
    await server.shutdown();
  }
});

// Amazon Chime's `POST /accounts/{accountId}/users/{userId}` is five operations told apart by
// `?operation=…`; two declare the parameters without Chime's `pattern`. Those of one method and
// path share one leaf of the trie whatever their codecs, so every one of them is offered the request.
test('operations of one method and path with differently bounded parameters are all offered a request', async () => {
  const patterned = PathCodec.string('userId').constrain({ pattern: '.*\\S.*' });
  const operations = {
    associate: Endpoint(RoutePattern.POST('users', PathCodec.string('userId')))
      .query(HttpCodec.query('operation', Schema.Literal('associate')))
      .out(Schema.String()),
    update: Endpoint(RoutePattern.POST('users', patterned)).out(Schema.String()),
    logout: Endpoint(RoutePattern.POST('users', patterned))
      .query(HttpCodec.query('operation', Schema.Literal('logout')))
      .out(Schema.String()),
  };
  const server = Server.defaultWith((c) => c.binding('127.0.0.1', 0));
  const routes = routesFromHandlers(
    operations,
    {
      associate: ([id]) => `associate ${id}`,
      update: (id) => `update ${id}`,
      logout: ([id]) => `logout ${id}`,
    },
    {
      selectors: {
        associate: { carries: [{ in: 'query', name: 'operation', value: 'associate' }] },
        update: { lacks: [{ in: 'query', name: 'operation' }] },
        logout: { carries: [{ in: 'query', name: 'operation', value: 'logout' }] },
      },
    },
  );
  const port = await Server.install(routes, server);
  const call = async (path: string) => {
    const r = await fetch(`http://127.0.0.1:${port}${path}`, { method: 'POST' });
    return `${r.status} ${await r.text()}`;
  };
  try {
    assert.equal(await call('/users/u1?operation=logout'), '200 "logout u1"');
    assert.equal(await call('/users/u1'), '200 "update u1"');
    assert.equal(await call('/users/u1?operation=associate'), '200 "associate u1"');
    assert.match(await call('/users/u1?operation=other'), /^400 .*query parameter 'operation'/);
  } finally {
    await server.shutdown();
  }
});
