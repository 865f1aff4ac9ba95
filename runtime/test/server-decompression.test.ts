// Spec server behaviour 4: request decompression (gzip, zlib deflate, raw deflate only when
// non-strict, brotli), off by default, with the body limit applied to the decompressed size.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { Body, Response, Route, RoutePattern } from '@kitgen/runtime';
import { startServer, type TestServer } from './support/testServer.ts';
import { nodeRequest } from './support/nodeHttp.ts';
import { RawConnection, rawRequest } from './support/rawHttp.ts';
import { curl, hasCurl } from './support/curl.ts';

const echo = Route.handled(
  RoutePattern.POST('echo'),
  async (request) => new Response(200, {}, Body.fromBytes(await request.body.asBytes())),
);
const streamedLength = Route.handled(RoutePattern.POST('length'), async (request) => {
  let total = 0;
  for await (const chunk of request.body.asStream()) total += chunk.byteLength;
  return Response.text(String(total));
});

let strict: TestServer;
let nonStrict: TestServer;
let off: TestServer;
let streaming: TestServer;
before(async () => {
  strict = await startServer(echo, (c) => c.withRequestDecompression(true));
  nonStrict = await startServer(echo, (c) => c.withRequestDecompression(false));
  off = await startServer(echo);
  streaming = await startServer(streamedLength, (c) => c.withRequestDecompression(true).enableRequestStreaming());
});
after(async () => {
  for (const s of [strict, nonStrict, off, streaming]) await s.shutdown();
});

const text = Buffer.from('kitgen '.repeat(500));
const post = (port: number, encoding: string | undefined, body: Uint8Array, path = '/echo') =>
  nodeRequest(port, {
    method: 'POST',
    path,
    headers: encoding ? { 'content-encoding': encoding, 'content-type': 'text/plain' } : {},
    body,
  });

for (const [name, encode] of [
  ['gzip', gzipSync],
  ['deflate', deflateSync],
  ['br', brotliCompressSync],
] as const) {
  test(`${name}: the handler reads the decompressed body (strict and non-strict)`, async () => {
    for (const server of [strict, nonStrict]) {
      const res = await post(server.port, name, encode(text));
      assert.equal(res.status, 200, res.body.toString());
      assert.deepEqual(res.body, text);
    }
  });
}

test('x-gzip and a coding list (gzip, br) are undone in reverse order', async () => {
  assert.deepEqual((await post(strict.port, 'x-gzip', gzipSync(text))).body, text);
  const res = await post(strict.port, 'gzip, br', brotliCompressSync(gzipSync(text)));
  assert.equal(res.status, 200);
  assert.deepEqual(res.body, text);
});

test('raw deflate (no zlib wrapper): non-strict decompresses it, strict refuses it with 400', async () => {
  const raw = deflateRawSync(text);
  const ok = await post(nonStrict.port, 'deflate', raw);
  assert.equal(ok.status, 200);
  assert.deepEqual(ok.body, text);
  const refused = await post(strict.port, 'deflate', raw);
  assert.equal(refused.status, 400);
});

test('an unknown content coding is refused with 415 naming what is accepted', async () => {
  const res = await post(strict.port, 'zstd', Buffer.from('whatever'));
  assert.equal(res.status, 415);
  assert.match(String(res.headers['accept-encoding']), /gzip/);
});

test('bytes that are not what the coding says: 400', async () => {
  const res = await post(strict.port, 'gzip', Buffer.from('definitely not gzip'));
  assert.equal(res.status, 400);
  assert.doesNotMatch(res.body.toString(), /at .*\.ts|zlib|Error:/);
});

test('decompression off (default): the handler sees the compressed bytes as sent', async () => {
  const gz = gzipSync(text);
  const res = await post(off.port, 'gzip', gz);
  assert.equal(res.status, 200);
  assert.deepEqual(res.body, gz);
  // An unknown coding is not the server's business either.
  assert.equal((await post(off.port, 'zstd', Buffer.from('x'))).status, 200);
});

test('the body limit applies to the decompressed size: a 2 KiB gzip of 2 MiB gives 413', async () => {
  const bomb = gzipSync(Buffer.alloc(2 * 1024 * 1024));
  assert.ok(bomb.length < 4096);
  const res = await post(strict.port, 'gzip', bomb);
  assert.equal(res.status, 413);
  assert.equal(res.headers.connection, 'close');
  // Just under the limit decompresses fine.
  const fits = gzipSync(Buffer.alloc(1024 * 1024 - 1));
  const ok = await post(strict.port, 'gzip', fits);
  assert.equal(ok.status, 200);
  assert.equal(ok.body.length, 1024 * 1024 - 1);
});

test('a large bomb (32 MiB of zeros) is cut at the limit promptly, not inflated to the end', async () => {
  const bomb = gzipSync(Buffer.alloc(32 * 1024 * 1024));
  const started = Date.now();
  const res = await post(strict.port, 'gzip', bomb);
  assert.equal(res.status, 413);
  assert.ok(Date.now() - started < 2000, `took ${Date.now() - started} ms`);
});

test('a body corrupted halfway through a large gzip stream answers 400 (no hang)', async () => {
  const roomy = await startServer(echo, (c) => c.withRequestDecompression(true).maxRequestBodySize(16 * 1024 * 1024));
  try {
    const data = Buffer.alloc(8 * 1024 * 1024);
    for (let i = 0; i < data.length; i += 4) data.writeUInt32LE((i * 2654435761) >>> 0, i);
    const gz = gzipSync(data, { level: 1 });
    gz.fill(0xff, gz.length >> 1, (gz.length >> 1) + 64);
    const res = await post(roomy.port, 'gzip', gz);
    assert.equal(res.status, 400);
  } finally {
    await roomy.shutdown();
  }
});

test('the limit also holds when the compressed body arrives chunked, and the server keeps serving', async () => {
  const bomb = gzipSync(Buffer.alloc(3 * 1024 * 1024));
  const chunked = Buffer.concat([Buffer.from(`${bomb.length.toString(16)}\r\n`), bomb, Buffer.from('\r\n0\r\n\r\n')]);
  const { response, closed } = await RawConnection.exchange(
    strict.port,
    rawRequest('POST', '/echo', { 'Transfer-Encoding': 'chunked', 'Content-Encoding': 'gzip' }, chunked),
  );
  assert.equal(response.status, 413);
  assert.equal(closed, true);
  assert.equal((await post(strict.port, 'gzip', gzipSync(text))).status, 200);
});

test('request streaming with decompression: the stream yields decompressed bytes', async () => {
  const big = Buffer.alloc(5 * 1024 * 1024, 'a');
  const res = await post(streaming.port, 'gzip', gzipSync(big), '/length');
  assert.equal(res.status, 200);
  assert.equal(res.body.toString(), String(big.length));
});

test('curl sends a gzip body with Content-Encoding: the handler reads it decompressed', async (t) => {
  if (!hasCurl()) return t.skip('curl not installed');
  const r = await curl(['-H', 'Content-Encoding: gzip', '--data-binary', '@-', `${strict.url}/echo`], gzipSync(text));
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(r.stdout, text);
});
