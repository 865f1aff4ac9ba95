// Media types published documents use that have no codec of their own, over the wire with the
// generated server of fixtures/vendor-media-types: a vendor type over a JSON value is JSON labelled
// with that type (goa's errors used to go out as application/json, GitHub's objects had no codec);
// an image upload whose schema is a nullable base64 string is the image's bytes (it was 415, no
// codec); two operations of one path are told apart by their body's media type (the bytes overload
// was 415); an error declared as `application/octet-stream` carries the runtime's error as JSON
// text in that type, one declared `application/text` the message as text, and one declared as an
// image (which cannot hold it) is the runtime's JSON.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { routes } from '../../fixtures/vendor-media-types/expected/server.js';
import { createClient } from '../../fixtures/vendor-media-types/expected/client.js';
import { serve } from './support/e2e.ts';

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 1, 2, 255]);
const uploads: Array<{ name: string; body: Uint8Array | undefined }> = [];
const handlers = {
  getPoint: ({ id }: { id: number }) => ({ id, name: `point ${id}` }),
  analyzeUrl: ({ body }: { body: { url: string } }) => ({ tags: ['url', body.url] }),
  analyzeStream: ({ body }: { body: Uint8Array }) => ({ tags: ['bytes', String(body.byteLength)] }),
  upload: ({ name, body }: { name: string; body?: Uint8Array }) => {
    uploads.push({ name, body });
    return `${body?.byteLength ?? 0} bytes`;
  },
  qrCode: () => png,
};

test('vendor media types: a vendor type over a JSON value is JSON labelled with it, its errors too', async () => {
  const server = await serve(routes(handlers));
  try {
    const got = await fetch(`${server.url}/points/7`);
    assert.equal(got.status, 200, await got.clone().text());
    assert.equal(got.headers.get('content-type'), 'application/vnd.github.object');
    assert.deepEqual(JSON.parse(await got.text()), { id: 7, name: 'point 7' });

    const bad = await fetch(`${server.url}/points/seven`);
    assert.equal(bad.status, 400);
    assert.equal(
      bad.headers.get('content-type'),
      'application/vnd.goa.error',
      'the declared error type, not application/json',
    );
    const error = JSON.parse(await bad.text()) as Record<string, string>;
    assert.deepEqual(Object.keys(error).sort(), ['code', 'detail', 'id', 'status']);
    assert.equal(error.status, '400');
    assert.match(error.detail, /id/, 'the message names the parameter');

    const client = createClient({ baseUrl: server.url });
    assert.deepEqual(await client.getPoint({ id: 3 }), { id: 3, name: 'point 3' });
  } finally {
    await server.shutdown();
  }
});

test('vendor media types: operations of one path are told apart by the media type of their body', async () => {
  const server = await serve(routes(handlers));
  try {
    const json = await fetch(`${server.url}/analyze`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"url":"https://x/y.png"}',
    });
    assert.equal(json.status, 200, await json.clone().text());
    assert.deepEqual(await json.json(), { tags: ['url', 'https://x/y.png'] });

    const bytes = await fetch(`${server.url}/analyze`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: png,
    });
    assert.equal(bytes.status, 200, await bytes.clone().text());
    assert.deepEqual(await bytes.json(), { tags: ['bytes', String(png.byteLength)] });

    const neither = await fetch(`${server.url}/analyze`, {
      method: 'POST',
      headers: { 'content-type': 'text/csv' },
      body: 'a,b',
    });
    assert.equal(neither.status, 415, 'a type neither reads: the first operation refuses it');
    assert.equal(
      neither.headers.get('content-type'),
      'application/octet-stream',
      'in the type its errors are declared in',
    );
    const refusal = JSON.parse(new TextDecoder().decode(await neither.arrayBuffer())) as {
      error: string;
      message: string;
    };
    assert.equal(refusal.error, 'Unsupported Media Type');
    assert.match(refusal.message, /text\/csv/);

    const badJson = await fetch(`${server.url}/analyze`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    assert.equal(badJson.status, 400);
    assert.equal(badJson.headers.get('content-type'), 'application/octet-stream');
    assert.match(JSON.parse(await badJson.text()).message as string, /url/, 'the message names the missing field');
  } finally {
    await server.shutdown();
  }
});

test('vendor media types: an image upload is its bytes; application/text is text', async () => {
  const server = await serve(routes(handlers));
  try {
    uploads.length = 0;
    for (const type of ['image/jpeg', 'image/png']) {
      const r = await fetch(`${server.url}/uploads/a`, { method: 'PUT', headers: { 'content-type': type }, body: png });
      assert.equal(r.status, 200, `${type}: ${await r.clone().text()}`);
      assert.equal(r.headers.get('content-type'), 'application/text');
      assert.equal(await r.text(), `${png.byteLength} bytes`);
    }
    assert.deepEqual(
      uploads.map((u) => [...(u.body ?? [])]),
      [[...png], [...png]],
      'the handler got the bytes sent, not their base64 reading',
    );

    const refused = await fetch(`${server.url}/uploads/a`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    assert.equal(refused.status, 415);
    assert.equal(refused.headers.get('content-type'), 'application/text', 'the declared error type');
    assert.match(await refused.text(), /application\/json/, 'the message as text');
  } finally {
    await server.shutdown();
  }
});

test('vendor media types: an error declared as an image cannot hold the refusal, which goes as JSON', async () => {
  const server = await serve(routes(handlers));
  try {
    const ok = await fetch(`${server.url}/codes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"text":"hi"}',
    });
    assert.equal(ok.status, 200);
    assert.equal(ok.headers.get('content-type'), 'image/png');
    assert.deepEqual(new Uint8Array(await ok.arrayBuffer()), png);

    const bad = await fetch(`${server.url}/codes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    assert.equal(bad.status, 400);
    assert.equal(bad.headers.get('content-type'), 'application/json');
    assert.match(((await bad.json()) as { message: string }).message, /text/);
  } finally {
    await server.shutdown();
  }
});
