import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  Body,
  DecodeError,
  Either,
  HttpError,
  MediaType,
  Response,
  Route,
  RoutePattern,
  Routes,
  Server,
  fileMediaType,
  type BinaryCodec,
} from '@kitgen/runtime';

/** Newline-separated decimal integers: a small real codec to drive `Body#to` and friends. */
const lines: BinaryCodec<number> = {
  mediaType: MediaType.of('text/x-integer'),
  encode: (n) => new TextEncoder().encode(`${n}\n`),
  decode(bytes) {
    const text = new TextDecoder().decode(bytes).trim();
    return /^-?\d+$/.test(text)
      ? Either.right(Number(text))
      : Either.left(new DecodeError(`not an integer: "${text}"`, { expected: 'an integer' }));
  },
  async *streamEncoder(values) {
    for await (const n of values) yield lines.encode(n);
  },
  async *streamDecoder(bytes) {
    let rest = '';
    const decoder = new TextDecoder();
    for await (const chunk of bytes) {
      rest += decoder.decode(chunk, { stream: true });
      const parts = rest.split('\n');
      rest = parts.pop()!;
      for (const p of parts) {
        const r = lines.decode(new TextEncoder().encode(p));
        if (r._tag === 'left') throw r.left;
        yield r.right;
      }
    }
    if (rest.trim() !== '') throw new DecodeError('truncated integer stream');
  },
};

async function collect(stream: AsyncIterable<Uint8Array>): Promise<string> {
  const chunks: Uint8Array[] = [];
  for await (const c of stream) chunks.push(c);
  return Buffer.concat(chunks).toString('utf8');
}

async function* chunksOf(...parts: string[]): AsyncGenerator<Uint8Array> {
  for (const p of parts) yield new TextEncoder().encode(p);
}

test('fromString: UTF-8 text/plain, readable as text, bytes and stream, repeatedly', async () => {
  const body = Body.fromString('grüße');
  assert.equal(body.contentType, 'text/plain; charset=utf-8');
  assert.equal(await body.asString(), 'grüße');
  assert.deepEqual(Buffer.from(await body.asBytes()), Buffer.from('grüße', 'utf8'));
  assert.equal(await collect(body.asStream()), 'grüße');
  assert.equal(await collect(body.asStream()), 'grüße');
  assert.equal(Body.fromString('{}', 'application/json').contentType, 'application/json');
});

test('fromBytes and empty: known length, isEmpty', async () => {
  const body = Body.fromBytes(new Uint8Array([1, 2, 3]));
  assert.equal(body.contentType, 'application/octet-stream');
  assert.equal(body.contentLength, 3);
  assert.equal(body.isEmpty, false);
  assert.deepEqual([...(await body.asBytes())], [1, 2, 3]);
  assert.ok(Body.fromBytes(new Uint8Array(0)).isEmpty);
  assert.ok(Body.empty.isEmpty);
  assert.equal(await Body.empty.asString(), '');
  assert.equal((await Body.empty.asBytes()).byteLength, 0);
  assert.equal(await collect(Body.empty.asStream()), '');
});

test('fromStream: read once; a second read is refused', async () => {
  const body = Body.fromStream(chunksOf('ab', 'cd'), { contentType: 'text/csv', length: 4 });
  assert.equal(body.contentType, 'text/csv');
  assert.equal(body.contentLength, 4);
  assert.equal(await body.asString(), 'abcd');
  await assert.rejects(body.asString(), (e: unknown) => e instanceof HttpError && /already consumed/.test(e.message));
  assert.equal(Body.fromStream(chunksOf()).contentType, 'application/octet-stream');
});

test('fromFile: media type from the extension unless given, content read on each use', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'kitgen-body-'));
  t.after(() => rm(dir, { recursive: true, force: true }));
  const json = join(dir, 'data.json');
  await writeFile(json, '{"a":1}');
  const body = Body.fromFile(json);
  assert.equal(body.contentType, 'application/json; charset=utf-8');
  assert.equal(await body.fileSize(), 7);
  assert.equal(await body.asString(), '{"a":1}');
  assert.equal(await collect(body.asStream()), '{"a":1}');
  assert.equal(Body.fromFile(json, 'text/plain').contentType, 'text/plain');
  assert.equal(Body.fromFile(join(dir, 'page.HTML')).contentType, 'text/html; charset=utf-8');
  assert.equal(Body.fromFile(join(dir, 'logo.png')).contentType, 'image/png');
  assert.equal(Body.fromFile(join(dir, 'archive.unknownext')).contentType, 'application/octet-stream');
  assert.equal(Body.fromFile(join(dir, 'Makefile')).contentType, 'application/octet-stream');
  assert.equal(fileMediaType('x/y/app.min.js'), 'text/javascript; charset=utf-8');
  assert.equal(fileMediaType('font.woff2'), 'font/woff2');
  await assert.rejects(Body.fromFile(join(dir, 'missing.txt')).asString(), /ENOENT/);
});

test("to(codec) decodes, and a bad body rejects with the codec's DecodeError", async () => {
  assert.equal(await Body.fromString('42').to(lines), 42);
  assert.equal(await Body.fromStream(chunksOf('-', '7')).to(lines), -7);
  await assert.rejects(
    Body.fromString('4x2').to(lines),
    (e: unknown) => e instanceof DecodeError && e.expected === 'an integer',
  );
});

test("from(value, codec) takes the codec's media type; fromValues and toStream stream", async () => {
  const body = Body.from(5, lines);
  assert.equal(body.contentType, 'text/x-integer');
  assert.equal(await body.asString(), '5\n');
  const values = Body.fromValues(
    (async function* () {
      yield 1;
      yield 2;
      yield 3;
    })(),
    lines,
  );
  const out: number[] = [];
  for await (const n of Body.fromStream(values.asStream()).toStream(lines)) out.push(n);
  assert.deepEqual(out, [1, 2, 3]);
  await assert.rejects(async () => {
    for await (const _ of Body.fromString('1\n2\nx\n').toStream(lines));
  }, DecodeError);
});

test('withContentType changes only the media type', async () => {
  const body = Body.fromString('a,b').withContentType('text/csv');
  assert.equal(body.contentType, 'text/csv');
  assert.equal(await body.asString(), 'a,b');
});

test('over the wire: file, stream and string bodies arrive with their type and length', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'kitgen-body-'));
  t.after(() => rm(dir, { recursive: true, force: true }));
  const css = join(dir, 'site.css');
  await writeFile(css, 'body { color: red }');
  const routes = Routes(
    Route.handled(RoutePattern.GET('file'), () => new Response(200, {}, Body.fromFile(css))),
    Route.handled(
      RoutePattern.GET('stream'),
      () => new Response(200, {}, Body.fromStream(chunksOf('a', 'b', 'c'), { contentType: 'text/csv' })),
    ),
    Route.handled(RoutePattern.POST('echo'), async (req) =>
      Response.json({ got: await req.body.asString(), type: req.body.contentType ?? null }),
    ),
  );
  const server = Server.defaultWith((c) => c.binding('127.0.0.1', 0));
  const port = await Server.install(routes, server);
  try {
    const file = await fetch(`http://127.0.0.1:${port}/file`);
    assert.equal(file.headers.get('content-type'), 'text/css; charset=utf-8');
    assert.equal(file.headers.get('content-length'), '19');
    assert.equal(await file.text(), 'body { color: red }');
    const stream = await fetch(`http://127.0.0.1:${port}/stream`);
    assert.equal(stream.headers.get('content-type'), 'text/csv');
    assert.equal(await stream.text(), 'abc');
    const echo = await fetch(`http://127.0.0.1:${port}/echo`, {
      method: 'POST',
      body: 'ünï',
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    });
    assert.deepEqual(await echo.json(), { got: 'ünï', type: 'text/plain; charset=utf-8' });
  } finally {
    await server.shutdown();
  }
});
