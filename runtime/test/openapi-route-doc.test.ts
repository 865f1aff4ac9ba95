// `RoutePattern ?? Doc.p(text)` (here `pattern.doc(…)`): the spec lets a doc be attached to the
// route as to a parameter, an output or the endpoint. The route's doc is the operation's
// description in OpenAPI, after the endpoint's own; read here from the document the docs UI
// serves.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  Doc,
  DocsUI,
  Endpoint,
  OpenAPIGen,
  PathCodec,
  RoutePattern,
  Schema,
  type OpenAPIDocument,
} from '@kitgen/runtime';
import { startServer } from './support/testServer.ts';
import { nodeRequest } from './support/nodeHttp.ts';

const routeOnly = Endpoint(
  RoutePattern.GET('users', PathCodec.int('id')).doc(Doc.p('Looks a user up by id. Cached for a minute.')),
).out(Schema.String());
const both = Endpoint(RoutePattern.DELETE('users', PathCodec.int('id')).doc('Removes the user for good.'))
  .doc(Doc.p('Deletes a user.'))
  .out(Schema.String());
const twice = Endpoint(RoutePattern.POST('users').doc('First paragraph.').doc(Doc.p('Second paragraph.'))).out(
  Schema.String(),
);
const none = Endpoint(RoutePattern.PUT('users', PathCodec.int('id'))).out(Schema.String());

test('a route pattern doc is the operation description, after the endpoint doc; the summary is its first sentence', async () => {
  const api = OpenAPIGen.fromEndpoints('Users', '1.0.0', routeOnly, both, twice, none);
  const server = await startServer(DocsUI.routes('docs', api));
  try {
    const r = await nodeRequest(server.port, { path: '/docs/openapi.json' });
    assert.equal(r.status, 200);
    const doc = JSON.parse(r.body.toString()) as OpenAPIDocument;
    const get = doc.paths?.['/users/{id}']?.get;
    assert.equal(get?.description, 'Looks a user up by id. Cached for a minute.');
    assert.equal(get?.summary, 'Looks a user up by id.');
    const del = doc.paths?.['/users/{id}']?.delete;
    assert.equal(del?.description, 'Deletes a user.\n\nRemoves the user for good.');
    assert.equal(del?.summary, 'Deletes a user.');
    assert.equal(doc.paths?.['/users']?.post?.description, 'First paragraph.\n\nSecond paragraph.');
    const put = doc.paths?.['/users/{id}']?.put;
    assert.equal(put?.description, undefined, 'no doc, no description');
    assert.equal(put?.summary, 'PUT /users/{id}');
  } finally {
    await server.shutdown();
  }
});

test('a documented pattern routes as the undocumented one does', () => {
  const plain = RoutePattern.GET('users', PathCodec.int('id'));
  const documented = plain.doc('text');
  assert.equal(documented.openApiPath, plain.openApiPath);
  assert.equal(documented.format([5]), '/users/5');
  assert.equal(documented.method, 'GET');
  assert.equal(plain.description, undefined, 'doc returns a new pattern');
});
