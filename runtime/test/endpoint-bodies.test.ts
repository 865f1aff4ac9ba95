// Endpoint request bodies over the wire: JSON, form, text, bytes, multipart parts, 415 and 400s.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Endpoint, RoutePattern, Schema, Routes, Doc, type Route } from '@kitgen/runtime';
import { startServer } from './support/testServer.ts';
import { curl, hasCurl } from './support/curl.ts';

async function serve(routes: Route[], fn: (url: string) => Promise<void>): Promise<void> {
  const server = await startServer(Routes(...routes));
  try {
    await fn(server.url);
  } finally {
    await server.shutdown();
  }
}

const User = Schema.Object({
  name: Schema.String(),
  age: Schema.Integer({ minimum: 0 }),
  tags: Schema.Optional(Schema.Array(Schema.String())),
});

test('a JSON body is decoded and validated; errors name the JSON pointer', async () => {
  const e = Endpoint(RoutePattern.POST('users')).in(User, Doc.p('the new user')).out(User, 201);
  await serve([e.implement((u) => u)], async (url) => {
    const ok = await fetch(`${url}/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Ada', age: 36 }),
    });
    assert.equal(ok.status, 201);
    assert.deepEqual(
      await ok.json(),
      { name: 'Ada', age: 36 },
      'the absent optional tags admit no null: absent stays absent',
    );
    const bad = await fetch(`${url}/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Ada', age: -1 }),
    });
    assert.equal(bad.status, 400);
    const body = (await bad.json()) as Record<string, string>;
    assert.equal(body.pointer, '/age');
    assert.match(body.message, /\/age/);
    const syntax = await fetch(`${url}/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name": ',
    });
    assert.equal(syntax.status, 400);
    assert.match(((await syntax.json()) as { message: string }).message, /invalid JSON/);
    const wrongType = await fetch(`${url}/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/xml' },
      body: '<user/>',
    });
    assert.equal(wrongType.status, 415);
    const empty = await fetch(`${url}/users`, { method: 'POST', headers: { 'content-type': 'application/json' } });
    assert.equal(empty.status, 400);
  });
});

test('the unnamed body follows Content-Type among several declared media types', async () => {
  const Form = Schema.Object({ q: Schema.String(), n: Schema.Integer() });
  const e = Endpoint(RoutePattern.POST('search'))
    .in(Form, { mediaTypes: ['application/json', 'application/x-www-form-urlencoded'] })
    .out(Form);
  await serve([e.implement((f) => f)], async (url) => {
    const json = await fetch(`${url}/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"q":"x","n":2}',
    });
    assert.deepEqual(await json.json(), { q: 'x', n: 2 });
    const form = await fetch(`${url}/search`, { method: 'POST', body: new URLSearchParams({ q: 'y', n: '3' }) });
    assert.deepEqual(await form.json(), { q: 'y', n: 3 });
  });
});

test('text and octet-stream bodies', async () => {
  const text = Endpoint(RoutePattern.POST('text'))
    .in(Schema.String({ maxLength: 5 }), { mediaType: 'text/plain' })
    .out(Schema.String(), 200, 'text/plain');
  const bytes = Endpoint(RoutePattern.POST('bytes')).in(Schema.Bytes()).out(Schema.Bytes());
  await serve([text.implement((t) => t.toUpperCase()), bytes.implement((b) => b.slice().reverse())], async (url) => {
    const r = await fetch(`${url}/text`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'hello' });
    assert.equal(r.headers.get('content-type'), 'text/plain; charset=utf-8');
    assert.equal(await r.text(), 'HELLO');
    assert.equal(
      (await fetch(`${url}/text`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'too long' }))
        .status,
      400,
    );
    const b = await fetch(`${url}/bytes`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: new Uint8Array([1, 2, 3]),
    });
    assert.equal(b.headers.get('content-type'), 'application/octet-stream');
    assert.deepEqual([...new Uint8Array(await b.arrayBuffer())], [3, 2, 1]);
  });
});

test('named in() calls are parts of a multipart/form-data body (rule 3)', async () => {
  const Meta = Schema.Object({ title: Schema.String() });
  const e = Endpoint(RoutePattern.POST('upload'))
    .in(Schema.String(), 'description')
    .in(Schema.Integer(), 'count')
    .in(Meta, 'meta')
    .in(Schema.Bytes(), 'file')
    .out(Schema.Unknown());
  const route = e.implement(([description, count, meta, file]) => ({
    description,
    count,
    title: meta.title,
    size: file.byteLength,
    first: file[0],
  }));
  await serve([route], async (url) => {
    const form = new FormData();
    form.append('description', 'a photo');
    form.append('count', '2');
    form.append('meta', new Blob([JSON.stringify({ title: 'Sunset' })], { type: 'application/json' }));
    form.append('file', new Blob([new Uint8Array([9, 8, 7])], { type: 'image/png' }), 'p.png');
    const r = await fetch(`${url}/upload`, { method: 'POST', body: form });
    assert.equal(r.status, 200, await r.clone().text());
    assert.deepEqual(await r.json(), { description: 'a photo', count: 2, title: 'Sunset', size: 3, first: 9 });
    const partial = new FormData();
    partial.append('description', 'x');
    const missing = await fetch(`${url}/upload`, { method: 'POST', body: partial });
    assert.equal(missing.status, 400);
    assert.match(((await missing.json()) as { message: string }).message, /multipart part 'count'/);
    const notMultipart = await fetch(`${url}/upload`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    assert.equal(notMultipart.status, 415);
  });
});

test('multipart parts sent by curl -F', async (t) => {
  if (!hasCurl()) return t.skip('curl not installed');
  const e = Endpoint(RoutePattern.POST('f'))
    .in(Schema.String(), 'name')
    .in(Schema.Bytes(), 'data')
    .out(Schema.Unknown());
  await serve([e.implement(([name, data]) => ({ name, text: Buffer.from(data).toString() }))], async (url) => {
    const r = await curl(
      ['-F', 'name=Ada', '-F', 'data=@-;filename=d.txt;type=text/plain', `${url}/f`],
      new TextEncoder().encode('file body'),
    );
    assert.deepEqual(JSON.parse(r.stdout.toString()), { name: 'Ada', text: 'file body' });
  });
});
