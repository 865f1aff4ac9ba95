// Spec server behaviour 6: with request streaming the handler reads the body as it arrives;
// without it bodies are aggregated first, up to 1 MiB (413 above, announced or chunked).
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { Body, Response, Route, RoutePattern } from '@kitgen/runtime';
import { RawConnection, rawRequest } from './support/rawHttp.ts';
import { deferred, startServer, within, type TestServer } from './support/testServer.ts';
import { nodeRequest } from './support/nodeHttp.ts';

/** Signals the test when the handler has read its first chunk (or just started, when aggregated). */
let firstChunk = deferred<string>();
let handlerStarted = deferred();
const routes = [
  Route.handled(RoutePattern.POST('upload'), async (request) => {
    handlerStarted.resolve();
    const parts: string[] = [];
    for await (const chunk of request.body.asStream()) {
      if (parts.length === 0) firstChunk.resolve(Buffer.from(chunk).toString());
      parts.push(Buffer.from(chunk).toString());
    }
    return Response.json({ chunks: parts.length, text: parts.join('') });
  }),
  Route.handled(RoutePattern.POST('peek'), async (request) => {
    for await (const chunk of request.body.asStream()) return Response.text(`first ${chunk.byteLength > 0}`);
    return Response.text('empty');
  }),
  Route.handled(RoutePattern.POST('ignore'), () => Response.text('ignored')),
  Route.handled(RoutePattern.GET('ok'), () => Response.text('ok')),
  Route.handled(RoutePattern.POST('size'), async (request) =>
    Response.text(String((await request.body.asBytes()).byteLength)),
  ),
  Route.handled(
    RoutePattern.POST('echo'),
    (request) =>
      new Response(200, {}, Body.fromStream(request.body.asStream(), { contentType: 'application/octet-stream' })),
  ),
];

let streaming: TestServer;
let aggregated: TestServer;
before(async () => {
  streaming = await startServer(routes, (c) => c.enableRequestStreaming());
  aggregated = await startServer(routes);
});
after(async () => {
  await streaming.shutdown();
  await aggregated.shutdown();
});

const MiB = 1024 * 1024;

test('streaming: the handler sees the first chunk before the client has sent the rest (Content-Length)', async () => {
  firstChunk = deferred();
  const c = await RawConnection.open(streaming.port);
  try {
    c.write(rawRequest('POST', '/upload', { 'Content-Length': 10 }, 'hello'));
    assert.equal(await within(firstChunk.promise, 2000), 'hello', 'the handler never saw the first half');
    c.write('world');
    const r = await c.response();
    assert.equal(r.status, 200);
    assert.deepEqual(JSON.parse(r.body.toString()), { chunks: 2, text: 'helloworld' });
  } finally {
    c.destroy();
  }
});

test('streaming: the same with a chunked body', async () => {
  firstChunk = deferred();
  const c = await RawConnection.open(streaming.port);
  try {
    c.write(rawRequest('POST', '/upload', { 'Transfer-Encoding': 'chunked' }, '5\r\nhello\r\n'));
    assert.equal(await within(firstChunk.promise, 2000), 'hello');
    c.write('6\r\n world\r\n0\r\n\r\n');
    const r = await c.response();
    assert.deepEqual(JSON.parse(r.body.toString()), { chunks: 2, text: 'hello world' });
  } finally {
    c.destroy();
  }
});

test('streaming: a body far over the aggregation limit streams through (echoed back)', async () => {
  const big = Buffer.alloc(8 * MiB, 'z');
  const res = await nodeRequest(streaming.port, { method: 'POST', path: '/echo', body: big });
  assert.equal(res.status, 200);
  assert.equal(res.body.length, big.length);
});

for (const path of ['/peek', '/ignore']) {
  test(`streaming: a handler that answers without reading all its body (${path}) leaves the connection usable`, async () => {
    const c = await RawConnection.open(streaming.port);
    try {
      const big = Buffer.alloc(4 * MiB, 'x');
      c.write(rawRequest('POST', path, { 'Content-Length': big.length }));
      c.write(big);
      const r = await c.response();
      assert.equal(r.status, 200);
      c.write(rawRequest('GET', '/ok'));
      const next = await c.response({ timeoutMs: 3000 });
      assert.equal(next.body.toString(), 'ok');
    } finally {
      c.destroy();
    }
  });
}

test('aggregated (default): the handler does not run until the whole body has arrived', async () => {
  handlerStarted = deferred();
  const c = await RawConnection.open(aggregated.port);
  try {
    c.write(rawRequest('POST', '/upload', { 'Content-Length': 10 }, 'hello'));
    assert.equal(await within(handlerStarted.promise, 300), 'timeout', 'the handler ran on half a body');
    c.write('world');
    const r = await c.response();
    assert.deepEqual(JSON.parse(r.body.toString()), { chunks: 1, text: 'helloworld' });
  } finally {
    c.destroy();
  }
});

for (const framing of ['Content-Length', 'chunked'] as const) {
  test(`aggregated: a client gone half-way through a body (${framing}): the handler never runs, the server keeps serving`, async () => {
    handlerStarted = deferred();
    const c = await RawConnection.open(aggregated.port);
    c.write(
      framing === 'chunked'
        ? rawRequest('POST', '/upload', { 'Transfer-Encoding': 'chunked' }, '5\r\nhello\r\n')
        : rawRequest('POST', '/upload', { 'Content-Length': 10 }, 'hello'),
    );
    await new Promise((r) => setTimeout(r, 50));
    c.destroy();
    assert.equal(await within(handlerStarted.promise, 300), 'timeout', 'the handler ran on half a body');
    assert.equal(
      (await nodeRequest(aggregated.port, { method: 'POST', path: '/size', body: 'still here' })).body.toString(),
      '10',
    );
  });
}

test('aggregated: exactly 1 MiB is accepted, by Content-Length and chunked', async () => {
  const body = Buffer.alloc(MiB, 'a');
  assert.equal(
    (await nodeRequest(aggregated.port, { method: 'POST', path: '/size', body })).body.toString(),
    String(MiB),
  );
  const chunked = await nodeRequest(aggregated.port, {
    method: 'POST',
    path: '/size',
    headers: { 'transfer-encoding': 'chunked' },
    body,
  });
  assert.equal(chunked.body.toString(), String(MiB));
});

test('aggregated: Content-Length over 1 MiB is refused with 413 without reading the body', async () => {
  const c = await RawConnection.open(aggregated.port);
  try {
    // Only the head is sent: the answer cannot depend on reading the body.
    c.write(rawRequest('POST', '/size', { 'Content-Length': MiB + 1 }));
    const r = await c.response({ timeoutMs: 2000 });
    assert.equal(r.status, 413);
    assert.equal(r.headers.connection?.toLowerCase(), 'close');
    assert.equal(await c.waitForClose(1000), true);
  } finally {
    c.destroy();
  }
});

test('aggregated: a chunked body growing over 1 MiB gets 413 and the server keeps serving', async () => {
  const c = await RawConnection.open(aggregated.port);
  try {
    c.write(rawRequest('POST', '/size', { 'Transfer-Encoding': 'chunked' }));
    const piece = Buffer.alloc(64 * 1024, 'b');
    const chunk = Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')]);
    // 17 × 64 KiB = 1.0625 MiB, never terminated: the server must answer without the end.
    for (let i = 0; i < 17; i++) c.write(chunk);
    const r = await c.response({ timeoutMs: 3000 });
    assert.equal(r.status, 413);
    assert.equal(r.headers.connection?.toLowerCase(), 'close');
    assert.equal(await c.waitForClose(1000), true);
  } finally {
    c.destroy();
  }
  assert.equal(
    (await nodeRequest(aggregated.port, { method: 'POST', path: '/size', body: 'ok' })).body.toString(),
    '2',
  );
});

test('aggregated with a smaller limit (maxRequestBodySize): 413 above it', async () => {
  const s = await startServer(routes, (c) => c.maxRequestBodySize(100));
  try {
    assert.equal((await nodeRequest(s.port, { method: 'POST', path: '/size', body: Buffer.alloc(100) })).status, 200);
    assert.equal((await nodeRequest(s.port, { method: 'POST', path: '/size', body: Buffer.alloc(101) })).status, 413);
  } finally {
    await s.shutdown();
  }
});
