// Spec server behaviour 5: response compression when enabled, chosen from Accept-Encoding,
// with Content-Encoding and Vary; off by default; never a body on HEAD, 204 or 304.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { gunzipSync, inflateSync, brotliDecompressSync } from 'node:zlib';
import {
  Body,
  CompressionOption,
  Response,
  ResponseCompressionConfig,
  Route,
  RoutePattern,
  Server,
} from '@kitgen/runtime';
import { startServer, type TestServer } from './support/testServer.ts';
import { nodeRequest } from './support/nodeHttp.ts';
import { RawConnection, rawRequest } from './support/rawHttp.ts';
import { curl, hasCurl } from './support/curl.ts';

const page = 'kitgen compresses responses. '.repeat(200);
const routes = [
  Route.handled(RoutePattern.GET('page'), () => Response.text(page)),
  Route.handled(RoutePattern.GET('small'), () => Response.text('tiny')),
  Route.handled(RoutePattern.GET('bytes'), () => new Response(200, {}, Body.fromBytes(Buffer.from(page)))),
  Route.handled(
    RoutePattern.GET('stream'),
    () =>
      new Response(
        200,
        {},
        Body.fromStream(
          (async function* () {
            for (let i = 0; i < 50; i++) yield Buffer.from(`line ${i} of a streamed body\n`);
          })(),
          { contentType: 'text/plain' },
        ),
      ),
  ),
  Route.handled(RoutePattern.GET('varied'), () => Response.text(page).setHeader('vary', 'origin')),
  Route.handled(
    RoutePattern.GET('encoded'),
    () => new Response(200, { 'content-encoding': 'identity' }, Body.fromString(page)),
  ),
  Route.handled(RoutePattern.GET('nocontent'), () => Response.status(204)),
  Route.handled(RoutePattern.GET('notmodified'), () => new Response(304, { etag: '"v1"' })),
];
const streamed = Array.from({ length: 50 }, (_, i) => `line ${i} of a streamed body\n`).join('');

let on: TestServer;
let off: TestServer;
let threshold: TestServer;
let brotli: TestServer;
before(async () => {
  on = await startServer(routes, (c) => c.withResponseCompression());
  off = await startServer(routes);
  threshold = await startServer(routes, (c) =>
    c.withResponseCompression({ contentThreshold: 1000, options: [CompressionOption.gzip()] }),
  );
  brotli = await startServer(routes, (c) =>
    c.withResponseCompression({ contentThreshold: 0, options: [CompressionOption.brotli(), CompressionOption.gzip()] }),
  );
});
after(async () => {
  for (const s of [on, off, threshold, brotli]) await s.shutdown();
});

const get = (server: TestServer, path: string, acceptEncoding?: string, method = 'GET') =>
  nodeRequest(server.port, {
    method,
    path,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

test('gzip: content-encoding gzip, vary accept-encoding, and it decompresses to the original', async () => {
  const res = await get(on, '/page', 'gzip');
  assert.equal(res.status, 200);
  assert.equal(res.headers['content-encoding'], 'gzip');
  assert.match(String(res.headers.vary), /accept-encoding/i);
  assert.equal(Number(res.headers['content-length']), res.body.length);
  assert.ok(res.body.length < page.length / 5);
  assert.equal(gunzipSync(res.body).toString(), page);
  assert.equal(res.headers['content-type'], 'text/plain; charset=utf-8');
});

test("Server.Config.ResponseCompressionConfig.default (the spec's path) is the default a server compresses with", async () => {
  assert.equal(Server.Config.ResponseCompressionConfig.default, ResponseCompressionConfig.default);
  const server = await startServer(routes, (c) =>
    c.copy({ responseCompression: Server.Config.ResponseCompressionConfig.default }),
  );
  try {
    const res = await get(server, '/page', 'deflate, gzip');
    assert.equal(res.headers['content-encoding'], 'gzip', 'gzip first, as the default lists it');
    assert.equal(gunzipSync(res.body).toString(), page);
  } finally {
    await server.shutdown();
  }
});

test('deflate: content-encoding deflate, decompresses to the original', async () => {
  const res = await get(on, '/bytes', 'deflate');
  assert.equal(res.headers['content-encoding'], 'deflate');
  assert.equal(inflateSync(res.body).toString(), page);
});

test('q-values: gzip;q=0 is never chosen; the higher q wins; * counts', async () => {
  const refused = await get(on, '/page', 'gzip;q=0');
  assert.equal(refused.headers['content-encoding'], undefined);
  assert.equal(refused.body.toString(), page);
  assert.match(String(refused.headers.vary), /accept-encoding/i, 'the answer still depended on Accept-Encoding');
  assert.equal((await get(on, '/page', 'gzip;q=0, deflate')).headers['content-encoding'], 'deflate');
  assert.equal((await get(on, '/page', 'gzip;q=0.2, deflate;q=0.9')).headers['content-encoding'], 'deflate');
  assert.equal((await get(on, '/page', 'GZIP;Q=0.5')).headers['content-encoding'], 'gzip');
  assert.equal((await get(on, '/page', '*')).headers['content-encoding'], 'gzip');
  assert.equal((await get(on, '/page', 'identity')).headers['content-encoding'], undefined);
  assert.equal(
    (await get(on, '/page', 'br')).headers['content-encoding'],
    undefined,
    'br is not in the default options',
  );
  assert.equal((await get(on, '/page')).headers['content-encoding'], undefined, 'no Accept-Encoding, no compression');
});

test('brotli when configured', async () => {
  const res = await get(brotli, '/page', 'gzip, br');
  assert.equal(res.headers['content-encoding'], 'br');
  assert.equal(brotliDecompressSync(res.body).toString(), page);
});

test('contentThreshold: smaller bodies go uncompressed, larger ones compressed', async () => {
  const small = await get(threshold, '/small', 'gzip');
  assert.equal(small.headers['content-encoding'], undefined);
  assert.equal(small.body.toString(), 'tiny');
  const large = await get(threshold, '/page', 'gzip');
  assert.equal(large.headers['content-encoding'], 'gzip');
  assert.equal(gunzipSync(large.body).toString(), page);
});

test('off by default: no content-encoding and the body as written', async () => {
  const res = await get(off, '/page', 'gzip, deflate, br');
  assert.equal(res.headers['content-encoding'], undefined);
  assert.equal(res.headers.vary, undefined);
  assert.equal(res.body.toString(), page);
});

test('streamed bodies are compressed on the fly (chunked)', async () => {
  const res = await get(on, '/stream', 'gzip');
  assert.equal(res.headers['content-encoding'], 'gzip');
  assert.equal(res.headers['transfer-encoding'], 'chunked');
  assert.equal(gunzipSync(res.body).toString(), streamed);
  const plain = await get(off, '/stream', 'gzip');
  assert.equal(plain.body.toString(), streamed);
});

test("a handler's own Content-Encoding is left alone; its Vary is kept and extended", async () => {
  const encoded = await get(on, '/encoded', 'gzip');
  assert.equal(encoded.headers['content-encoding'], 'identity');
  assert.equal(encoded.body.toString(), page);
  const varied = await get(on, '/varied', 'gzip');
  assert.equal(varied.headers['content-encoding'], 'gzip');
  const vary = String(varied.headers.vary)
    .toLowerCase()
    .split(/\s*,\s*/)
    .sort();
  assert.deepEqual(vary, ['accept-encoding', 'origin']);
});

test('HEAD on a compressible GET route: headers only, no body bytes on the wire', async () => {
  const c = await RawConnection.open(on.port);
  try {
    c.write(rawRequest('HEAD', '/page', { 'Accept-Encoding': 'gzip' }));
    const head = await c.response({ head: true });
    assert.equal(head.status, 200);
    // Whatever follows the head must be the next response, not body bytes.
    c.write(rawRequest('GET', '/small'));
    const next = await c.response();
    assert.equal(next.statusLine, 'HTTP/1.1 200 OK');
    assert.equal(next.body.toString(), 'tiny');
    c.write(rawRequest('HEAD', '/stream', { 'Accept-Encoding': 'gzip' }));
    assert.equal((await c.response({ head: true })).status, 200);
    c.write(rawRequest('GET', '/small'));
    assert.equal((await c.response()).body.toString(), 'tiny');
  } finally {
    c.destroy();
  }
});

test('204 and 304 carry no body and no content-encoding', async () => {
  const c = await RawConnection.open(on.port);
  try {
    for (const path of ['/nocontent', '/notmodified']) {
      c.write(rawRequest('GET', path, { 'Accept-Encoding': 'gzip' }));
      const r = await c.response();
      assert.ok(r.status === 204 || r.status === 304);
      assert.equal(r.headers['content-encoding'], undefined);
      assert.equal(r.headers['transfer-encoding'], undefined);
      c.write(rawRequest('GET', '/small'));
      assert.equal((await c.response()).body.toString(), 'tiny', `bytes after ${path} were not the next response`);
    }
  } finally {
    c.destroy();
  }
});

test('curl --compressed decodes what the server sent', async (t) => {
  if (!hasCurl()) return t.skip('curl not installed');
  for (const path of ['/page', '/stream']) {
    const r = await curl(['--compressed', '-w', '%header{content-encoding}', `${on.url}${path}`]);
    assert.equal(r.code, 0, r.stderr);
    // -w appends the response's Content-Encoding after the decoded body.
    const out = r.stdout.toString();
    const m = /(gzip|deflate)$/.exec(out);
    assert.ok(m, `no content-encoding reported: ${out.slice(-40)}`);
    assert.equal(out.slice(0, m.index), path === '/page' ? page : streamed);
  }
});
