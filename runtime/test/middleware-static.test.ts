// Middleware.serveDirectory and serveResources: content types, ETag and
// Last-Modified with 304, Range, HEAD, no listing by default, and a traversal matrix of hostile
// paths (sent byte for byte over raw sockets, and with curl --path-as-is) that leaks nothing.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Middleware, Request, Response, Route, RoutePattern, Routes } from '@kitgen/runtime';
import { rawGet, rawRequest, serve, type Running } from './fixtures/middleware/helpers.ts';

const run = promisify(execFile);
const SECRET = 'TOP-SECRET-OUTSIDE-THE-ROOT';
let base: string;
let root: string;
let server: Running;
let big: Buffer;
const mtime = new Date('2024-05-06T07:08:09Z');

before(async () => {
  base = mkdtempSync(join(tmpdir(), 'kitgen-static-'));
  root = join(base, 'root');
  const outside = join(base, 'outside');
  mkdirSync(join(root, 'sub', 'deeper'), { recursive: true });
  mkdirSync(join(root, 'emptydir'));
  mkdirSync(join(root, '.hidden'));
  mkdirSync(join(root, 'docs'));
  mkdirSync(outside);
  writeFileSync(join(base, 'secret.txt'), SECRET);
  writeFileSync(join(outside, 'secret.txt'), SECRET);
  const files: Record<string, string | Buffer> = {
    'index.html': '<!doctype html><title>home</title>',
    'hello.txt': 'hello world\n',
    'app.js': 'console.log(1)',
    'module.mjs': 'export {}',
    'style.css': 'p{}',
    'data.json': '{"a":1}',
    'logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    'image.png': Buffer.from('89504e470d0a1a0a', 'hex'),
    'photo.JPG': Buffer.from('ffd8ffe0', 'hex'),
    'font.woff2': Buffer.from('774f4632', 'hex'),
    'app.wasm': Buffer.from('0061736d', 'hex'),
    'unknown.xyz': 'who knows',
    noext: 'plain bytes',
    'empty.txt': '',
    'sub/page.html': '<p>sub</p>',
    'sub/deeper/file.txt': 'deep',
    'docs/<b>&"x".txt': 'odd name',
    '.env': `PASSWORD=${SECRET}`,
    '.hidden/x.txt': SECRET,
  };
  for (const [name, content] of Object.entries(files)) writeFileSync(join(root, name), content);
  big = randomBytes(1024 * 1024 + 17);
  writeFileSync(join(root, 'big.bin'), big);
  utimesSync(join(root, 'hello.txt'), mtime, mtime);
  symlinkSync('hello.txt', join(root, 'link-inside'));
  symlinkSync(join(outside, 'secret.txt'), join(root, 'link-outside'));
  symlinkSync('../outside', join(root, 'link-dir-outside'));
  symlinkSync('/etc/passwd', join(root, 'link-abs'));
  symlinkSync('../secret.txt', join(root, 'sub', 'up-link'));
  const special = Routes(
    Route.handled(RoutePattern.GET('static', 'special'), () => Response.text('a route, not a file')),
  );
  server = await serve(
    special.pipe(
      Middleware.serveDirectory('static', root),
      Middleware.serveDirectory('browse', join(root, 'docs'), { listing: true, index: false }),
    ),
  );
});

after(async () => {
  await server?.close();
  rmSync(base, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server.base}${path}`, { headers });

test('files are served with their content types; unknown types are octet-stream; nosniff', async () => {
  const cases: Array<[string, string]> = [
    ['hello.txt', 'text/plain; charset=utf-8'],
    ['index.html', 'text/html; charset=utf-8'],
    ['app.js', 'text/javascript; charset=utf-8'],
    ['module.mjs', 'text/javascript; charset=utf-8'],
    ['style.css', 'text/css; charset=utf-8'],
    ['data.json', 'application/json; charset=utf-8'],
    ['logo.svg', 'image/svg+xml'],
    ['image.png', 'image/png'],
    ['photo.JPG', 'image/jpeg'],
    ['font.woff2', 'font/woff2'],
    ['app.wasm', 'application/wasm'],
    ['unknown.xyz', 'application/octet-stream'],
    ['noext', 'application/octet-stream'],
    ['sub/page.html', 'text/html; charset=utf-8'],
    ['sub/deeper/file.txt', 'text/plain; charset=utf-8'],
  ];
  for (const [name, type] of cases) {
    const res = await get(`/static/${name}`);
    assert.equal(res.status, 200, name);
    assert.equal(res.headers.get('content-type'), type, name);
    assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(res.headers.get('accept-ranges'), 'bytes');
  }
  assert.equal(await (await get('/static/hello.txt')).text(), 'hello world\n');
  const empty = await get('/static/empty.txt');
  assert.equal(empty.status, 200);
  assert.equal(await empty.text(), '');
  const bin = Buffer.from(await (await get('/static/big.bin')).arrayBuffer());
  assert.equal(createHash('sha256').update(bin).digest('hex'), createHash('sha256').update(big).digest('hex'));
  // Routes win over files on the same path; the index serves directories.
  assert.equal(await (await get('/static/special')).text(), 'a route, not a file');
  assert.match(await (await get('/static')).text(), /<title>home/);
  assert.match(await (await get('/static/')).text(), /<title>home/);
  assert.equal(await (await get('/static/link-inside')).text(), 'hello world\n', 'a symlink inside the root is fine');
  assert.equal((await get('/static/missing.txt')).status, 404);
  assert.equal((await fetch(`${server.base}/static/hello.txt`, { method: 'POST' })).status, 405);
});

test('ETag and Last-Modified; If-None-Match and If-Modified-Since answer 304 without a body', async () => {
  const res = await get('/static/hello.txt');
  const etag = res.headers.get('etag')!;
  const lastModified = res.headers.get('last-modified')!;
  assert.match(etag, /^"[0-9a-f]+-[0-9a-f]+"$/);
  assert.equal(lastModified, mtime.toUTCString());

  for (const headers of [
    { 'if-none-match': etag },
    { 'if-none-match': `W/${etag}` },
    { 'if-none-match': `"other", ${etag}` },
    { 'if-none-match': '*' },
    { 'if-modified-since': lastModified },
    { 'if-modified-since': new Date(mtime.getTime() + 60_000).toUTCString() },
  ]) {
    const raw = await rawGet(
      server.port,
      '/static/hello.txt',
      Object.entries(headers)
        .map(([k, v]) => `${k}: ${v}\r\n`)
        .join(''),
    );
    assert.equal(raw.status, 304, JSON.stringify(headers));
    assert.equal(raw.body, '');
    assert.equal(raw.headers.etag, etag);
    assert.equal(raw.headers['last-modified'], lastModified);
  }
  const fresh: Array<Record<string, string>> = [
    { 'if-none-match': '"nope"' },
    { 'if-modified-since': new Date(mtime.getTime() - 60_000).toUTCString() },
    { 'if-modified-since': 'not a date' },
    { 'if-none-match': '"nope"', 'if-modified-since': lastModified },
  ];
  for (const headers of fresh) {
    const r = await get('/static/hello.txt', headers);
    assert.equal(r.status, 200, JSON.stringify(headers));
    assert.equal(await r.text(), 'hello world\n');
  }
});

test('Range requests: 206 with Content-Range, suffix and open ranges, 416 when unsatisfiable, If-Range', async () => {
  const full = await get('/static/hello.txt');
  const etag = full.headers.get('etag')!;
  const lastModified = full.headers.get('last-modified')!;
  const cases: Array<[Record<string, string>, number, string, string | null]> = [
    [{ range: 'bytes=0-4' }, 206, 'hello', 'bytes 0-4/12'],
    [{ range: 'bytes=6-' }, 206, 'world\n', 'bytes 6-11/12'],
    [{ range: 'bytes=-6' }, 206, 'world\n', 'bytes 6-11/12'],
    [{ range: 'bytes=6-100' }, 206, 'world\n', 'bytes 6-11/12'],
    [{ range: 'bytes=-100' }, 206, 'hello world\n', 'bytes 0-11/12'],
    [{ range: 'bytes=11-11' }, 206, '\n', 'bytes 11-11/12'],
    [{ range: 'bytes=12-' }, 416, '', 'bytes */12'],
    [{ range: 'bytes=-0' }, 416, '', 'bytes */12'],
    [{ range: 'bytes=5-2' }, 200, 'hello world\n', null],
    [{ range: 'bytes=0-1,4-5' }, 200, 'hello world\n', null],
    [{ range: 'items=0-1' }, 200, 'hello world\n', null],
    [{ range: 'bytes=x-y' }, 200, 'hello world\n', null],
    [{ range: 'bytes=0-4', 'if-range': etag }, 206, 'hello', 'bytes 0-4/12'],
    [{ range: 'bytes=0-4', 'if-range': lastModified }, 206, 'hello', 'bytes 0-4/12'],
    [{ range: 'bytes=0-4', 'if-range': '"stale"' }, 200, 'hello world\n', null],
    [{ range: 'bytes=0-4', 'if-range': `W/${etag}` }, 200, 'hello world\n', null],
    [{ range: 'bytes=0-4', 'if-range': new Date(0).toUTCString() }, 200, 'hello world\n', null],
  ];
  for (const [headers, status, body, contentRange] of cases) {
    const r = await get('/static/hello.txt', headers);
    assert.equal(r.status, status, JSON.stringify(headers));
    assert.equal(await r.text(), body, JSON.stringify(headers));
    assert.equal(r.headers.get('content-range'), contentRange, JSON.stringify(headers));
    if (status === 206) assert.equal(r.headers.get('content-length'), String(Buffer.byteLength(body)));
  }
  const slice = Buffer.from(await (await get('/static/big.bin', { range: 'bytes=1000000-1048592' })).arrayBuffer());
  assert.ok(slice.equals(big.subarray(1000000, 1048593)));
});

test('HEAD: headers and length, no body', async () => {
  const raw = await rawRequest(server.port, `HEAD /static/big.bin HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
  assert.equal(raw.status, 200);
  assert.equal(raw.headers['content-length'], String(big.length));
  assert.ok(raw.headers.etag);
  assert.equal(raw.body, '');
});

test('no directory listing by default; an opt-in listing escapes names and hides dotfiles', async () => {
  for (const dir of ['/static/sub', '/static/sub/', '/static/emptydir', '/static/sub/deeper']) {
    const r = await get(dir);
    assert.equal(r.status, 404, dir);
    assert.doesNotMatch(await r.text(), /page\.html|file\.txt/);
  }
  const listing = await get('/browse/');
  assert.equal(listing.status, 200);
  const html = await listing.text();
  assert.match(html, /&#60;b&#62;&#38;&#34;x&#34;\.txt/);
  assert.doesNotMatch(html, /<b>/);
  assert.match(html, /href="\/browse\/%3Cb%3E%26%22x%22\.txt"/);
  assert.equal(await (await get('/browse/%3Cb%3E%26%22x%22.txt')).text(), 'odd name');
});

// Each of these must answer 400 or 404 and reveal nothing outside the root (nor any dotfile).
const hostile: string[] = [
  '/static/../secret.txt',
  '/static/../outside/secret.txt',
  '/static/..%2foutside%2fsecret.txt',
  '/static/..%2Fsecret.txt',
  '/static/%2e%2e/outside/secret.txt',
  '/static/%2E%2E/secret.txt',
  '/static/%2e%2e%2fsecret.txt',
  '/static/.%2e/secret.txt',
  '/static/%2e./secret.txt',
  '/static/sub/../../secret.txt',
  '/static/sub/%2e%2e/%2e%2e/secret.txt',
  '/static/sub/..%2f..%2fsecret.txt',
  '/static/./../secret.txt',
  '/static/..%5csecret.txt',
  '/static/%5c..%5coutside%5csecret.txt',
  '/static/..\\secret.txt',
  '/static//etc/passwd',
  '//etc/passwd',
  '/static/%2fetc%2fpasswd',
  '/static/%2Fetc/passwd',
  '/static/%00/etc/passwd',
  '/static/hello.txt%00.html',
  '/static/..%00/secret.txt',
  '/static/%c0%ae%c0%ae/secret.txt',
  '/static/%c0%ae%c0%ae%c0%afsecret.txt',
  '/static/..%c0%afsecret.txt',
  '/static/%e0%80%ae%e0%80%ae/secret.txt',
  '/static/%c1%9c..%c1%9csecret.txt',
  '/static/%252e%252e/secret.txt',
  '/static/..%252fsecret.txt',
  '/static/%u002e%u002e/secret.txt',
  '/static/..%e2%88%95secret.txt',
  '/static/..%ef%bc%8fsecret.txt',
  '/static/..;/secret.txt',
  '/static/.../secret.txt',
  '/static/link-outside',
  '/static/link-dir-outside/secret.txt',
  '/static/link-dir-outside/',
  '/static/link-abs',
  '/static/sub/up-link',
  '/static/.env',
  '/static/.hidden/x.txt',
  '/static/%2eenv',
  '/static/etc/passwd',
  '/etc/passwd',
  'http://127.0.0.1/static/../secret.txt',
  'file:///etc/passwd',
  '/static/C:%5cWindows%5cwin.ini',
  '/browse/../secret.txt',
  '/browse/%2e%2e/hello.txt',
];

test(`traversal matrix: ${hostile.length} hostile paths over raw sockets leak nothing`, async () => {
  assert.ok(hostile.length >= 30);
  for (const path of hostile) {
    const res = await rawGet(server.port, path);
    assert.ok(res.status === 400 || res.status === 404, `${path} answered ${res.status}`);
    assert.ok(!res.raw.includes(SECRET), `${path} leaked the secret`);
    assert.doesNotMatch(res.raw, /root:x?:0:0|PASSWORD=/, path);
    assert.ok(!res.raw.includes(base), `${path} revealed a file system path`);
  }
  // The secrets exist and the server serves files, so the refusals above are not vacuous.
  assert.equal((await rawGet(server.port, '/static/hello.txt')).status, 200);
});

test('the file handler itself refuses hostile paths, whatever routing lets through (second line of defence)', async () => {
  // The route's handler is called directly with hostile path parameters, as if the router (or a
  // careless updateURL) had passed them on: canonicalisation is not what keeps files safe.
  const route = Routes().pipe(Middleware.serveDirectory('static', root)).routes[0];
  const texts = [
    '../secret.txt',
    '..',
    '../outside/secret.txt',
    'sub/../../secret.txt',
    '/etc/passwd',
    '//etc/passwd',
    'sub//../../secret.txt',
    '..\\secret.txt',
    'sub\\..\\..\\secret.txt',
    'hello.txt\u0000.html',
    '\u0000',
    '.',
    './../secret.txt',
    '.env',
    '.hidden/x.txt',
    'link-outside',
    'link-dir-outside/secret.txt',
    'link-abs',
    'sub/up-link',
    'sub/\u001b[2J',
  ];
  for (const text of texts) {
    const request = new Request({ method: 'GET', url: '/static/x' });
    request.params = [text];
    const response = await route.handler(request);
    assert.equal(response.status, 404, JSON.stringify(text));
    assert.ok(!(await response.body.asString()).includes(SECRET), text);
  }
  const ok = new Request({ method: 'GET', url: '/static/hello.txt' });
  ok.params = ['hello.txt'];
  assert.equal((await route.handler(ok)).status, 200);
});

test('traversal with curl --path-as-is and encoded variants', async (t) => {
  const tries = [
    '/static/../secret.txt',
    '/static/%2e%2e/secret.txt',
    '/static/link-outside',
    '/static/..%2fsecret.txt',
    '/static/%c0%ae%c0%ae/secret.txt',
  ];
  for (const path of tries) {
    try {
      const { stdout } = await run('curl', ['-s', '--path-as-is', '-w', '\n%{http_code}', `${server.base}${path}`]);
      const code = stdout.slice(stdout.lastIndexOf('\n') + 1);
      assert.ok(code === '400' || code === '404', `${path}: ${code}`);
      assert.ok(!stdout.includes(SECRET), path);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return t.skip('curl not installed');
      throw e;
    }
  }
});

test('serveResources serves the files shipped under a resource prefix', async () => {
  const fromModule = Routes().pipe(
    Middleware.serveResources('assets', 'fixtures/middleware/public', { from: import.meta.url }),
  );
  const fromDir = Routes().pipe(
    Middleware.serveResources('res', 'public', { from: new URL('./fixtures/middleware/', import.meta.url).pathname }),
  );
  const fromCwd = Routes().pipe(Middleware.serveResources('cwd', 'runtime/test/fixtures/middleware/public'));
  const s = await serve(fromModule.concat(fromDir, fromCwd));
  try {
    for (const prefix of ['assets', 'res', 'cwd']) {
      const hello = await fetch(`${s.base}/${prefix}/hello.txt`);
      assert.equal(hello.status, 200, prefix);
      assert.equal(await hello.text(), 'Hello from resources\n');
      const css = await fetch(`${s.base}/${prefix}/css/site.css`);
      assert.equal(css.headers.get('content-type'), 'text/css; charset=utf-8');
      assert.ok(css.headers.get('etag'));
      assert.match(await (await fetch(`${s.base}/${prefix}/`)).text(), /<title>resources/);
      assert.equal((await fetch(`${s.base}/${prefix}/css/`)).status, 404, 'no listing');
      for (const path of ['/../helpers.ts', '/%2e%2e/helpers.ts', '/..%2fhelpers.ts', '/%c0%ae%c0%ae/helpers.ts']) {
        const r = await rawGet(s.port, `/${prefix}${path}`);
        assert.ok(r.status === 400 || r.status === 404, `${prefix}${path}: ${r.status}`);
        assert.doesNotMatch(r.raw, /captureLogs/);
      }
    }
  } finally {
    await s.close();
  }
});
