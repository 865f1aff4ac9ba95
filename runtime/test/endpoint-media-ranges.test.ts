// Endpoints declared with media types that carry parameters (`application/json; charset=utf-8`)
// or that are media ranges (`*/*`, `application/*`, `text/*`), over the wire: codecs are chosen by
// the essence of the media type; a range is never sent, the schema's concrete type is (JSON,
// text/plain for a string under any type, application/octet-stream for bytes); a body declared as
// any type is read in any Content-Type, as JSON when its schema is JSON-shaped. The executor reads
// the answers, and OpenAPI lists the media types as declared.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Endpoint, EndpointExecutor, OpenAPIGen, RoutePattern, Routes, Schema, Status } from '@kitgen/runtime';
import { startServer } from './support/testServer.ts';

const Item = Schema.Object({ id: Schema.Integer(), tags: Schema.Array(Schema.String()) });
const withCharset = Endpoint(RoutePattern.GET('charset')).out(Item, {
  mediaTypes: ['application/json; charset=utf-8'],
});
const withProfile = Endpoint(RoutePattern.POST('profile'))
  .in(Item, { mediaTypes: ['application/vnd.item+json; profile="v2"'] })
  .out(Item, { status: Status.Created, mediaTypes: ['application/vnd.item+json; profile="v2"'] });
const anyObject = Endpoint(RoutePattern.GET('any', 'object')).out(Item, { mediaTypes: ['*/*'] });
const anyString = Endpoint(RoutePattern.GET('any', 'string')).out(Schema.String(), { mediaTypes: ['*/*'] });
const anyBytes = Endpoint(RoutePattern.GET('any', 'bytes')).out(Schema.Bytes(), { mediaTypes: ['application/*'] });
const anyText = Endpoint(RoutePattern.GET('any', 'text')).out(Schema.String(), { mediaTypes: ['text/*'] });
const anyBody = Endpoint(RoutePattern.PUT('any'))
  .in(Item, { mediaTypes: ['*/*'] })
  .out(Item);
const anyBytesBody = Endpoint(RoutePattern.PUT('any', 'bytes'))
  .in(Schema.Bytes(), { mediaTypes: ['*/*'] })
  .out(Schema.Integer());

const item = { id: 1, tags: ['a'] };
const routes = Routes(
  withCharset.implement(() => item),
  withProfile.implement((v) => v),
  anyObject.implement(() => item),
  anyString.implement(() => 'hello'),
  anyBytes.implement(() => new Uint8Array([1, 2])),
  anyText.implement(() => 'note'),
  anyBody.implement((v) => v),
  anyBytesBody.implement((bytes) => bytes.byteLength),
);

test('media types with parameters and media ranges: what the server sends', async () => {
  const server = await startServer(routes);
  try {
    for (const [path, contentType, body] of [
      ['/charset', 'application/json; charset=utf-8', JSON.stringify(item)],
      ['/any/object', 'application/json', JSON.stringify(item)],
      ['/any/string', 'text/plain; charset=utf-8', 'hello'],
      ['/any/bytes', 'application/octet-stream', '\u0001\u0002'],
      ['/any/text', 'text/plain; charset=utf-8', 'note'],
    ]) {
      for (const accept of [undefined, '*/*', 'application/json, */*;q=0.5']) {
        const r = await fetch(`${server.url}${path}`, accept === undefined ? {} : { headers: { accept } });
        assert.equal(r.status, 200, `${path}: ${await r.clone().text()}`);
        assert.equal(r.headers.get('content-type'), contentType, `${path}, Accept ${accept ?? 'none'}`);
        assert.equal(await r.text(), body, path);
      }
    }
    const posted = await fetch(`${server.url}/profile`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(item),
    });
    assert.equal(posted.status, 201, await posted.clone().text());
    assert.equal(posted.headers.get('content-type'), 'application/vnd.item+json; profile="v2"');
    assert.deepEqual(await posted.json(), item);
  } finally {
    await server.shutdown();
  }
});

test('a body declared as any type: JSON-shaped ones are read as JSON in any Content-Type, bytes as they are', async () => {
  const server = await startServer(routes);
  try {
    for (const contentType of ['application/json', 'text/plain', 'application/xml', 'image/png']) {
      const r = await fetch(`${server.url}/any`, {
        method: 'PUT',
        headers: { 'content-type': contentType },
        body: JSON.stringify(item),
      });
      assert.equal(r.status, 200, `${contentType}: ${await r.clone().text()}`);
      assert.deepEqual(await r.json(), item);
      const bytes = await fetch(`${server.url}/any/bytes`, {
        method: 'PUT',
        headers: { 'content-type': contentType },
        body: 'abc',
      });
      assert.equal(bytes.status, 200, `${contentType}: ${await bytes.clone().text()}`);
      assert.equal(await bytes.json(), 3);
    }
    const notJson = await fetch(`${server.url}/any`, {
      method: 'PUT',
      headers: { 'content-type': 'text/plain' },
      body: 'id=1',
    });
    assert.equal(notJson.status, 400);
  } finally {
    await server.shutdown();
  }
});

test('the executor sends concrete types and reads every answer', async () => {
  const server = await startServer(routes);
  const sent: string[] = [];
  try {
    const call = EndpointExecutor.make({
      baseUrl: server.url,
      fetch: (url, init) => {
        sent.push(new Headers(init?.headers).get('content-type') ?? '');
        return fetch(url, init);
      },
    });
    assert.deepEqual(await call(withCharset, undefined), item);
    assert.deepEqual(await call(withProfile, item), item);
    assert.deepEqual(await call(anyObject, undefined), item);
    assert.equal(await call(anyString, undefined), 'hello');
    assert.deepEqual([...(await call(anyBytes, undefined))], [1, 2]);
    assert.equal(await call(anyText, undefined), 'note');
    assert.deepEqual(await call(anyBody, item), item);
    assert.equal(await call(anyBytesBody, new Uint8Array([9, 9])), 2);
    assert.deepEqual(
      sent.filter((s) => s !== ''),
      ['application/vnd.item+json; profile="v2"', 'application/json', 'application/octet-stream'],
    );
  } finally {
    await server.shutdown();
  }
});

test('OpenAPI lists the media types as declared, each described as the type it is sent as', () => {
  const doc = OpenAPIGen.fromEndpoints('t', '1', withCharset, anyObject, anyString, anyBytes, anyBody)
    .document as unknown as {
    paths: Record<
      string,
      Record<
        string,
        {
          requestBody?: { content: Record<string, { schema: unknown }> };
          responses: Record<string, { content: Record<string, { schema: unknown }> }>;
        }
      >
    >;
  };
  const content = (path: string, method = 'get') => doc.paths[path][method].responses['200'].content;
  assert.deepEqual(Object.keys(content('/charset')), ['application/json; charset=utf-8']);
  assert.deepEqual(Object.keys(content('/any/object')), ['*/*']);
  assert.deepEqual(content('/any/string')['*/*'].schema, { type: 'string' });
  assert.deepEqual(content('/any/bytes')['application/*'].schema, { type: 'string', format: 'binary' });
  assert.deepEqual(Object.keys(doc.paths['/any'].put.requestBody!.content), ['*/*']);
  const objectSchema = content('/any/object')['*/*'].schema as { $ref?: string; type?: string };
  assert.ok(objectSchema.$ref !== undefined || objectSchema.type === 'object', JSON.stringify(objectSchema));
});
