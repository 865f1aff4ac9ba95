import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  Body,
  DecodeError,
  Form,
  FormField,
  Response,
  Route,
  RoutePattern,
  Routes,
  Server,
  type ServerConfig,
} from '@kitgen/runtime';
import { curl, hasCurl } from './support/curl.ts';

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

/** Starts the routes on 127.0.0.1 (any free port), runs `fn`, and always shuts the server down. */
async function withServer(
  routes: Routes,
  fn: (base: string) => Promise<void>,
  configure: (c: ServerConfig) => ServerConfig = (c) => c,
): Promise<void> {
  const server = Server.defaultWith((c) => configure(c.binding('127.0.0.1', 0)));
  const port = await Server.install(routes, server);
  try {
    await fn(`http://127.0.0.1:${port}`);
  } finally {
    await server.shutdown();
  }
}

/** Describes a whole form as JSON: what a client can check it sent. */
const describeForm = Route.handled(RoutePattern.POST('form'), async (req) => {
  const form = await req.body.asMultipartForm();
  return Response.json(
    form.fields.map((f) =>
      f._tag === 'Text'
        ? { name: f.name, text: f.value, type: f.contentType.fullType }
        : {
            name: f.name,
            filename: f.filename ?? null,
            type: f.contentType.fullType,
            size: f._tag === 'Binary' ? f.data.byteLength : -1,
            sha256: f._tag === 'Binary' ? sha256(f.data) : '',
          },
    ),
  );
});

test('a form posted by fetch with FormData (text and file) is decoded whole', async () => {
  const file = new Uint8Array(200_000).map((_, i) => (i * 31) & 0xff);
  await withServer(Routes(describeForm), async (base) => {
    const fd = new FormData();
    fd.append('title', 'Grüße');
    fd.append('upload', new Blob([file], { type: 'image/png' }), 'pic.png');
    fd.append('title', 'second');
    const res = await fetch(`${base}/form`, { method: 'POST', body: fd });
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), [
      { name: 'title', text: 'Grüße', type: 'text/plain' },
      { name: 'upload', filename: 'pic.png', type: 'image/png', size: file.byteLength, sha256: sha256(file) },
      { name: 'title', text: 'second', type: 'text/plain' },
    ]);
  });
});

test('a form posted by curl -F (text and file) is decoded whole', async (t) => {
  if (!hasCurl()) {
    t.skip('curl is not installed');
    return;
  }
  const dir = await mkdtemp(join(tmpdir(), 'kitgen-mp-'));
  t.after(() => rm(dir, { recursive: true, force: true }));
  const file = new Uint8Array(150_000).map((_, i) => (i * 13 + 5) & 0xff);
  const path = join(dir, 'report.bin');
  await writeFile(path, file);
  await withServer(Routes(describeForm), async (base) => {
    const r = await curl(['-F', 'note=hello world', '-F', `doc=@${path};type=application/pdf`, `${base}/form`]);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(JSON.parse(r.stdout.toString('utf8')), [
      { name: 'note', text: 'hello world', type: 'text/plain' },
      { name: 'doc', filename: 'report.bin', type: 'application/pdf', size: file.byteLength, sha256: sha256(file) },
    ]);
  });
});

test('a client built with Body.fromMultipartForm is understood by the server', async () => {
  await withServer(Routes(describeForm), async (base) => {
    const body = Body.fromMultipartForm(
      Form.of(
        FormField.textField('a', '1'),
        FormField.binaryField('b', new Uint8Array([1, 2, 3]), 'application/x-thing', 'b.thing'),
      ),
    );
    const res = await fetch(`${base}/form`, {
      method: 'POST',
      body: await body.asBytes(),
      headers: { 'content-type': body.contentType! },
    });
    assert.deepEqual(await res.json(), [
      { name: 'a', text: '1', type: 'text/plain' },
      {
        name: 'b',
        filename: 'b.thing',
        type: 'application/x-thing',
        size: 3,
        sha256: sha256(new Uint8Array([1, 2, 3])),
      },
    ]);
  });
});

test('with request streaming, a binary field is read chunk by chunk while the client is still sending', async () => {
  let firstChunkSeen!: () => void;
  const firstChunk = new Promise<void>((resolve) => (firstChunkSeen = resolve));
  const route = Route.handled(RoutePattern.POST('upload'), async (req) => {
    const seen: Array<{ name: string; chunks?: number; bytes?: number; sha256?: string; text?: string }> = [];
    for await (const field of req.body.asMultipartFormStream()) {
      if (field._tag === 'Text') {
        seen.push({ name: field.name, text: field.value });
        continue;
      }
      const hash = createHash('sha256');
      let chunks = 0;
      let bytes = 0;
      for await (const chunk of field.data) {
        if (chunks === 0) firstChunkSeen();
        chunks++;
        bytes += chunk.byteLength;
        hash.update(chunk);
      }
      seen.push({ name: field.name, chunks, bytes, sha256: hash.digest('hex') });
    }
    return Response.json(seen);
  });
  const boundary = 'wire-boundary';
  const piece = new Uint8Array(256 * 1024).map((_, i) => i & 0xff);
  const pieces = 16; // 4 MiB: more than the 1 MiB an aggregated body may hold
  const whole = createHash('sha256');
  for (let i = 0; i < pieces; i++) whole.update(piece);

  await withServer(
    Routes(route),
    async (base) => {
      const { port } = new URL(base);
      const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/upload',
            agent: false,
            headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'transfer-encoding': 'chunked' },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (d: Buffer) => chunks.push(d));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
          },
        );
        req.on('error', reject);
        (async () => {
          req.write(`--${boundary}\r\nContent-Disposition: form-data; name="label"\r\n\r\nbig one\r\n`);
          req.write(
            `--${boundary}\r\nContent-Disposition: form-data; name="blob"; filename="blob.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
          );
          req.write(piece);
          // The rest is sent only once the handler has read the first bytes of the file: an
          // implementation that waited for the whole body would never get there.
          let timer: NodeJS.Timeout | undefined;
          const outcome = await Promise.race([
            firstChunk.then(() => 'streamed'),
            new Promise((r) => (timer = setTimeout(() => r('timeout'), 5000))),
          ]);
          clearTimeout(timer);
          if (outcome !== 'streamed') {
            req.destroy(new Error('the handler did not see the file before the body was complete'));
            return;
          }
          for (let i = 1; i < pieces; i++) {
            if (!req.write(piece)) await new Promise((r) => req.once('drain', r));
          }
          req.end(`\r\n--${boundary}--\r\n`);
        })().catch(reject);
      });
      const res = await response;
      assert.equal(res.status, 200, res.body);
      const seen = JSON.parse(res.body) as Array<{
        name: string;
        chunks?: number;
        bytes?: number;
        sha256?: string;
        text?: string;
      }>;
      assert.equal(seen.length, 2);
      assert.deepEqual(seen[0], { name: 'label', text: 'big one' });
      assert.equal(seen[1].name, 'blob');
      assert.equal(seen[1].bytes, piece.byteLength * pieces);
      assert.equal(seen[1].sha256, whole.digest('hex'));
      assert.ok(seen[1].chunks! > 1, `delivered in ${seen[1].chunks} chunk(s)`);
    },
    (c) => c.enableRequestStreaming(),
  );
});

test('a bad form: the handler chooses the answer; left alone it is a 400 naming the problem', async () => {
  const chooses = Route.handled(RoutePattern.POST('chooses'), async (req) => {
    try {
      await req.body.asMultipartForm();
      return Response.text('ok');
    } catch (e) {
      if (e instanceof DecodeError) return Response.text(`cannot decode the form: ${e.message}`, 500);
      throw e;
    }
  });
  const leftAlone = Route.handled(RoutePattern.POST('plain'), async (req) =>
    Response.json((await req.body.asMultipartForm()).names()),
  );
  const limited = Route.handled(RoutePattern.POST('limited'), async (req) =>
    Response.json((await req.body.asMultipartForm({ maxParts: 1 })).names()),
  );
  await withServer(Routes(chooses, leftAlone, limited), async (base) => {
    const truncated = '--B\r\nContent-Disposition: form-data; name="a"\r\n\r\nvalue-without-end';
    const headers = { 'content-type': 'multipart/form-data; boundary=B' };
    const a = await fetch(`${base}/chooses`, { method: 'POST', body: truncated, headers });
    assert.equal(a.status, 500);
    assert.match(await a.text(), /^cannot decode the form: The multipart body is truncated/);

    const b = await fetch(`${base}/plain`, { method: 'POST', body: truncated, headers });
    assert.equal(b.status, 400);
    assert.match(((await b.json()) as { message: string }).message, /truncated/);

    const c = await fetch(`${base}/plain`, {
      method: 'POST',
      body: 'a=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    assert.equal(c.status, 400);
    assert.match(((await c.json()) as { message: string }).message, /not a multipart form/);

    const d = await fetch(`${base}/plain`, {
      method: 'POST',
      body: truncated,
      headers: { 'content-type': 'multipart/form-data' },
    });
    assert.equal(d.status, 400);
    assert.match(((await d.json()) as { message: string }).message, /no boundary/);

    const fd = new FormData();
    fd.append('one', '1');
    fd.append('two', '2');
    const e = await fetch(`${base}/limited`, { method: 'POST', body: fd });
    assert.equal(e.status, 413);
    assert.match(((await e.json()) as { message: string }).message, /more than 1 parts/);
    const fd1 = new FormData();
    fd1.append('one', '1');
    assert.deepEqual(await (await fetch(`${base}/limited`, { method: 'POST', body: fd1 })).json(), ['one']);
  });
});
