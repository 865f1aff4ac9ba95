// Responses declared with a family range (`image/*`, `audio/*`, `video/*`, `font/*`), as Jellyfin,
// ElevenLabs and Superset declare their downloads: the range is never the Content-Type. The type
// the handler names with `withMediaType` is sent; else the one the bytes' signature names; else
// the client's concrete choice inside the range; else the family's most common type.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Endpoint, EndpointExecutor, RoutePattern, Routes, Schema, withMediaType } from '@kitgen/runtime';
import { startServer } from './support/testServer.ts';

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
const mp3 = new Uint8Array([0x49, 0x44, 0x33, 4, 0, 0]);
const mp4 = new Uint8Array([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x6d, 0x70, 0x34, 0x32]);
const svg = new TextEncoder().encode('  <?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>');
const unknown = new Uint8Array([1, 2, 3]);

const image = Endpoint(RoutePattern.GET('image', 'kind')).out(Schema.Bytes(), { mediaTypes: ['image/*'] });
const audio = Endpoint(RoutePattern.GET('audio')).out(Schema.Bytes(), { mediaTypes: ['audio/*'] });
const media = Endpoint(RoutePattern.GET('media')).out(Schema.Bytes(), { mediaTypes: ['audio/*', 'video/*'] });
const font = Endpoint(RoutePattern.GET('font')).out(Schema.Bytes(), { mediaTypes: ['font/*'] });
const named = Endpoint(RoutePattern.GET('named')).out(Schema.Bytes(), { mediaTypes: ['image/*'] });
const misnamed = Endpoint(RoutePattern.GET('misnamed')).out(Schema.Bytes(), { mediaTypes: ['image/*'] });

const byKind: Record<string, Uint8Array> = { png, svg, unknown };
let kind = 'png';
const routes = Routes(
  image.implement(() => byKind[kind]),
  audio.implement(() => mp3),
  media.implement(() => mp4),
  font.implement(() => unknown),
  named.implement(() => withMediaType(new Uint8Array([9, 9]), 'image/jpeg')),
  misnamed.implement(() => withMediaType(new Uint8Array([9]), 'audio/mpeg')),
);

async function get(url: string, accept?: string): Promise<[number, string | null, number[]]> {
  const r = await fetch(url, accept === undefined ? {} : { headers: { accept } });
  return [r.status, r.headers.get('content-type'), [...new Uint8Array(await r.arrayBuffer())]];
}

test('family ranges: the signature of the bytes names the type, else the family default', async () => {
  const server = await startServer(routes);
  try {
    for (const [k, type] of [
      ['png', 'image/png'],
      ['svg', 'image/svg+xml'],
      ['unknown', 'image/png'],
    ]) {
      kind = k;
      for (const accept of [undefined, '*/*', 'image/*']) {
        const [status, contentType, body] = await get(`${server.url}/image/kind`, accept);
        assert.equal(status, 200);
        assert.equal(contentType, type, `${k}, Accept ${accept ?? 'none'}`);
        assert.deepEqual(body, [...byKind[k]]);
      }
    }
    assert.deepEqual((await get(`${server.url}/audio`)).slice(0, 2), [200, 'audio/mpeg']);
    assert.deepEqual((await get(`${server.url}/media`)).slice(0, 2), [200, 'audio/mp4']);
    assert.deepEqual((await get(`${server.url}/media`, 'video/*')).slice(0, 2), [200, 'video/mp4']);
    assert.deepEqual((await get(`${server.url}/font`)).slice(0, 2), [200, 'font/woff2']);
  } finally {
    await server.shutdown();
  }
});

test('family ranges: a concrete Accept inside the range is served, and names unknown bytes', async () => {
  const server = await startServer(routes);
  try {
    kind = 'unknown';
    assert.deepEqual(await get(`${server.url}/image/kind`, 'image/webp'), [200, 'image/webp', [1, 2, 3]]);
    assert.deepEqual((await get(`${server.url}/image/kind`, 'image/gif;q=0.4, image/avif')).slice(0, 2), [
      200,
      'image/avif',
    ]);
    kind = 'png';
    // The bytes say PNG: the client asked for any image and gets what they are.
    assert.deepEqual((await get(`${server.url}/image/kind`, 'image/webp, image/*;q=0.5')).slice(0, 2), [
      200,
      'image/png',
    ]);
    assert.equal((await get(`${server.url}/image/kind`, 'text/html'))[0], 406);
  } finally {
    await server.shutdown();
  }
});

test('family ranges: the type the handler names is sent; one outside the range is a 500', async () => {
  const server = await startServer(routes);
  try {
    assert.deepEqual(await get(`${server.url}/named`), [200, 'image/jpeg', [9, 9]]);
    assert.equal((await get(`${server.url}/misnamed`))[0], 500);
    assert.throws(() => withMediaType(new Uint8Array(), 'image/*'), /no concrete media type/);
    // The client reads a concrete type inside the declared range.
    const call = EndpointExecutor.make({ baseUrl: server.url });
    assert.deepEqual([...(await call(named, undefined))], [9, 9]);
    assert.deepEqual([...(await call(audio, undefined))], [...mp3]);
  } finally {
    await server.shutdown();
  }
});
