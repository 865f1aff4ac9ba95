// One content-type table: a file gets the same Content-Type whether a handler answers it with
// Body.fromFile or Middleware.serveDirectory serves it (checked over the wire for the latter).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Body, Middleware, Routes, fileMediaType } from '@kitgen/runtime';
import { serve, type Running } from './fixtures/middleware/helpers.ts';

const names = [
  'a.html',
  'a.htm',
  'a.css',
  'a.js',
  'a.mjs',
  'a.cjs',
  'a.json',
  'a.map',
  'a.webmanifest',
  'a.txt',
  'a.md',
  'a.csv',
  'a.xml',
  'a.yaml',
  'a.yml',
  'a.svg',
  'a.png',
  'a.jpg',
  'a.JPEG',
  'a.gif',
  'a.webp',
  'a.avif',
  'a.ico',
  'a.bmp',
  'a.woff',
  'a.woff2',
  'a.ttf',
  'a.otf',
  'a.wasm',
  'a.pdf',
  'a.zip',
  'a.gz',
  'a.tar',
  'a.mp3',
  'a.ogg',
  'a.wav',
  'a.mp4',
  'a.webm',
  'a.proto',
  'a.bin',
  'a.unknownext',
  'noext',
  'archive.tar.gz',
  'a.',
];

let root: string;
let server: Running;

before(async () => {
  root = mkdtempSync(join(tmpdir(), 'kitgen-mediatype-'));
  for (const name of names) writeFileSync(join(root, name), 'x');
  server = await serve(Routes.empty.pipe(Middleware.serveDirectory('files', root)));
});

after(async () => {
  await server?.close();
  rmSync(root, { recursive: true, force: true });
});

test('Body.fromFile and serveDirectory answer the same Content-Type for each extension', async () => {
  for (const name of names) {
    const res = await fetch(`${server.base}/files/${encodeURIComponent(name)}`);
    assert.equal(res.status, 200, name);
    await res.arrayBuffer();
    assert.equal(res.headers.get('content-type'), Body.fromFile(join(root, name)).contentType, name);
    assert.equal(res.headers.get('content-type'), fileMediaType(name), name);
  }
});

test('the table: text has a charset, unknown and missing extensions are bytes, a dot in a folder is no extension', () => {
  assert.equal(fileMediaType('a.json'), 'application/json; charset=utf-8');
  assert.equal(fileMediaType('A.HTML'), 'text/html; charset=utf-8');
  assert.equal(fileMediaType('archive.tar.gz'), 'application/gzip');
  assert.equal(fileMediaType('a.unknownext'), 'application/octet-stream');
  assert.equal(fileMediaType('Makefile'), 'application/octet-stream');
  assert.equal(fileMediaType('.env'), 'application/octet-stream');
  assert.equal(fileMediaType('site.d/Makefile'), 'application/octet-stream');
  assert.equal(fileMediaType('C:\\site.d\\page.css'), 'text/css; charset=utf-8');
});
