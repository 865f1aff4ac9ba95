// Multipart parts the form's schema does not require (Zoom's, OpenAI's, Salesforce Einstein's
// uploads): a request leaving them out is valid, the handler gets no property for them, the client
// leaves them out of the body, and OpenAPIGen lists only the required ones in the form's
// `required`. Over the wire, as generated code declares them (`defineEndpoint`'s part specs) and
// through the builder (`inOptional` with a name).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  defineEndpoint,
  Endpoint,
  EndpointExecutor,
  OpenAPIGen,
  RoutePattern,
  Routes,
  Schema,
  type BodyVariant,
  type EndpointOf,
} from '@kitgen/runtime';
import { startServer } from './support/testServer.ts';

const Meta = Schema.Object({ author: Schema.String() });
type Upload = { file: Uint8Array; note?: string; tags?: string[]; meta?: { author: string } };

const upload = defineEndpoint({
  method: 'POST',
  path: ['uploads'],
  operationId: 'upload',
  body: {
    prop: 'body',
    parts: [
      { name: 'file', schema: Schema.Bytes(), mediaTypes: ['application/octet-stream'] },
      { name: 'note', schema: Schema.String(), optional: true },
      { name: 'tags', schema: Schema.Array(Schema.String()), optional: true },
      { name: 'meta', schema: Meta, mediaTypes: ['application/json'], optional: true },
    ],
  },
  output: { status: 200, body: Schema.Unknown() },
}) as unknown as EndpointOf<{ path: []; params: { body: Upload }; error: never; output: [unknown]; auth: 'None' }>;

type Attach =
  BodyVariant<'application/json', { url: string }> | BodyVariant<'multipart/form-data', { caption?: string }>;
const attach = defineEndpoint({
  method: 'POST',
  path: ['attach'],
  operationId: 'attach',
  body: {
    prop: 'body',
    variants: {
      'application/json': { schema: Schema.Object({ url: Schema.String() }) },
      'multipart/form-data': { parts: [{ name: 'caption', schema: Schema.String(), optional: true }] },
    },
  },
  output: { status: 200, body: Schema.Unknown() },
}) as unknown as EndpointOf<{ path: []; params: { body: Attach }; error: never; output: [unknown]; auth: 'None' }>;

// Budget Insight's `GET /webauth`: a form of optional parts, which a request may leave out whole
// (its requestBody is not required).
const webauth = defineEndpoint({
  method: 'GET',
  path: ['webauth'],
  operationId: 'webauth',
  body: { prop: 'body', optional: true, parts: [{ name: 'client_id', schema: Schema.Integer(), optional: true }] },
  output: { status: 200, body: Schema.Unknown() },
}) as unknown as EndpointOf<{
  path: [];
  params: { body: { client_id?: number } };
  error: never;
  output: [unknown];
  auth: 'None';
}>;

// The same form, required whole (the document's requestBody says `required: true`).
const consent = defineEndpoint({
  method: 'POST',
  path: ['consent'],
  operationId: 'consent',
  body: { prop: 'body', parts: [{ name: 'client_id', schema: Schema.Integer(), optional: true }] },
  output: { status: 200, body: Schema.Unknown() },
}) as unknown as typeof webauth;

const built = Endpoint(RoutePattern.POST('built'))
  .in(Schema.String(), 'title')
  .inOptional(Schema.Integer(), { name: 'count' })
  .out(Schema.Unknown());

const routes = Routes(
  upload.implement(({ body }) => ({ keys: Object.keys(body), size: body.file.byteLength, ...body, file: undefined })),
  attach.implement(({ body }) => ({ mediaType: body.mediaType, keys: Object.keys(body.value), value: body.value })),
  built.implement(([title, count]) => ({ title, count: count ?? 'absent' })),
  webauth.implement(({ body }) => ({ keys: Object.keys(body) })),
  consent.implement(({ body }) => ({ keys: Object.keys(body) })),
);

const file = () => new Blob([new Uint8Array([1, 2, 3])], { type: 'application/octet-stream' });

test('multipart: an optional part left out is valid and absent; a required one is still refused', async () => {
  const server = await startServer(routes);
  try {
    const post = (path: string, fill: (form: FormData) => void) => {
      const form = new FormData();
      fill(form);
      return fetch(`${server.url}/${path}`, { method: 'POST', body: form });
    };
    const only = await post('uploads', (f) => f.append('file', file(), 'a.bin'));
    assert.equal(only.status, 200, await only.clone().text());
    assert.deepEqual(await only.json(), { keys: ['file'], size: 3 }, 'no property for a part not sent');

    const all = await post('uploads', (f) => {
      f.append('file', file(), 'a.bin');
      f.append('note', 'hello');
      f.append('tags', 'x');
      f.append('tags', 'y');
      f.append('meta', new Blob(['{"author":"me"}'], { type: 'application/json' }));
    });
    assert.equal(all.status, 200, await all.clone().text());
    assert.deepEqual(await all.json(), {
      keys: ['file', 'note', 'tags', 'meta'],
      size: 3,
      note: 'hello',
      tags: ['x', 'y'],
      meta: { author: 'me' },
    });

    // A part sent wrong is refused even though it could have been left out.
    const wrongMeta = await post('uploads', (f) => {
      f.append('file', file(), 'a.bin');
      f.append('meta', new Blob(['{"author":1}'], { type: 'application/json' }));
    });
    assert.equal(wrongMeta.status, 400);
    assert.match(((await wrongMeta.json()) as { message: string }).message, /meta/);

    // No body at all (no Content-Type): a form that may be left out has none of its parts; a
    // required form is still refused.
    const bodiless = await fetch(`${server.url}/webauth`);
    assert.equal(bodiless.status, 200, await bodiless.clone().text());
    assert.deepEqual(await bodiless.json(), { keys: [] });
    const emptyUpload = await fetch(`${server.url}/uploads`, { method: 'POST' });
    assert.equal(emptyUpload.status, 415);
    const emptyConsent = await fetch(`${server.url}/consent`, { method: 'POST' });
    assert.equal(emptyConsent.status, 415, 'a required form of optional parts (XTRF uploads)');
    // The multipart variant of a body in several media types does not take a bodiless request.
    const noVariant = await fetch(`${server.url}/attach`, { method: 'POST' });
    assert.equal(noVariant.status, 400);
    assert.match(((await noVariant.json()) as { message: string }).message, /body.*required but missing/);
    const notForm = await fetch(`${server.url}/webauth`, { headers: { 'content-type': 'text/plain' } });
    assert.equal(notForm.status, 415, 'a Content-Type that is no form is still refused');

    const noFile = await post('uploads', (f) => f.append('note', 'hello'));
    assert.equal(noFile.status, 400);
    assert.match(((await noFile.json()) as { message: string }).message, /multipart part 'file'.*required but missing/);

    // A multipart variant of a body in several media types: its optional part too.
    const bare = await post('attach', (f) => f.append('other', 'ignored'));
    assert.equal(bare.status, 200, await bare.clone().text());
    assert.deepEqual(await bare.json(), { mediaType: 'multipart/form-data', keys: [], value: {} });

    // The builder: `inOptional` with a name is an optional part.
    const noCount = await post('built', (f) => f.append('title', 't'));
    assert.deepEqual(await noCount.json(), { title: 't', count: 'absent' });
    const count = await post('built', (f) => {
      f.append('title', 't');
      f.append('count', '4');
    });
    assert.deepEqual(await count.json(), { title: 't', count: 4 });
  } finally {
    await server.shutdown();
  }
});

test('multipart: a raw body without the optional sections, as curl sends it', async () => {
  const server = await startServer(routes);
  try {
    const boundary = 'xYzZY';
    const body = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="file"; filename="a.bin"',
      'Content-Type: application/octet-stream',
      '',
      'abcd',
      `--${boundary}`,
      'Content-Disposition: form-data; name="tags"',
      '',
      'only',
      `--${boundary}--`,
      '',
    ].join('\r\n');
    const res = await fetch(`${server.url}/uploads`, {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
    });
    assert.equal(res.status, 200, await res.clone().text());
    assert.deepEqual(await res.json(), { keys: ['file', 'tags'], size: 4, tags: ['only'] });
  } finally {
    await server.shutdown();
  }
});

test('multipart: the client leaves absent optional parts out of the body', async () => {
  const server = await startServer(routes);
  try {
    const call = EndpointExecutor.make({ baseUrl: server.url });
    const bytes = new Uint8Array([9, 8]);
    assert.deepEqual(await call(upload, { body: { file: bytes } }), { keys: ['file'], size: 2 });
    assert.deepEqual(await call(upload, { body: { file: bytes, note: 'n', meta: { author: 'a' } } }), {
      keys: ['file', 'note', 'meta'],
      size: 2,
      note: 'n',
      meta: { author: 'a' },
    });
    assert.deepEqual(await call(attach, { body: { mediaType: 'multipart/form-data', value: {} } }), {
      mediaType: 'multipart/form-data',
      keys: [],
      value: {},
    });
    assert.deepEqual(await call(built, ['t', undefined]), { title: 't', count: 'absent' });
    // A required part left out is refused before anything is sent.
    await assert.rejects(call(upload, { body: { note: 'n' } as never }), /multipart part 'file': required but missing/);
  } finally {
    await server.shutdown();
  }
});

test('multipart: OpenAPIGen lists only the required parts in the form schema', () => {
  const doc = OpenAPIGen.fromEndpoints('Uploads', '1.0.0', upload, built).document;
  const form = (path: string) => {
    const body = doc.paths?.[path]?.post?.requestBody as {
      required?: boolean;
      content: Record<string, { schema: { required?: string[]; properties: object } }>;
    };
    return { required: body.required, schema: body.content['multipart/form-data'].schema };
  };
  const uploads = form('/uploads');
  assert.equal(uploads.required, true, 'the form itself is still required');
  assert.deepEqual(uploads.schema.required, ['file']);
  assert.deepEqual(Object.keys(uploads.schema.properties), ['file', 'note', 'tags', 'meta']);
  assert.deepEqual(form('/built').schema.required, ['title']);
  const webauthBody = OpenAPIGen.fromEndpoints('Auth', '1.0.0', webauth).document.paths?.['/webauth']?.get
    ?.requestBody as { required?: boolean };
  assert.equal(webauthBody.required, undefined, 'a form that may be left out whole is not required');
});
