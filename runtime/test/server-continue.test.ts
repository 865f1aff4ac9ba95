// Spec server behaviour 3: `100 Continue` only with acceptContinue=true, and never for a
// request the server will refuse (here: an announced body over the limit).
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { Body, Response, Route, RoutePattern } from '@kitgen/runtime';
import { RawConnection, rawRequest } from './support/rawHttp.ts';
import { startServer, type TestServer } from './support/testServer.ts';
import { curl, hasCurl } from './support/curl.ts';

const echo = Route.handled(
  RoutePattern.POST('echo'),
  async (request) => new Response(200, {}, Body.fromBytes(await request.body.asBytes(), 'application/octet-stream')),
);

let accepting: TestServer;
let byDefault: TestServer;
let small: TestServer;
before(async () => {
  accepting = await startServer(echo, (c) => c.withAcceptContinue(true));
  byDefault = await startServer(echo);
  small = await startServer(echo, (c) => c.withAcceptContinue(true).maxRequestBodySize(10));
});
after(async () => {
  await accepting.shutdown();
  await byDefault.shutdown();
  await small.shutdown();
});

const head = (length: number) => rawRequest('POST', '/echo', { 'Content-Length': length, Expect: '100-continue' });

test('acceptContinue=true: Expect: 100-continue gets "HTTP/1.1 100 Continue" before the body is sent', async () => {
  const c = await RawConnection.open(accepting.port);
  try {
    c.write(head(5));
    const interim = await c.response({ timeoutMs: 2000 });
    assert.equal(interim.statusLine, 'HTTP/1.1 100 Continue');
    c.write('hello');
    const final = await c.response();
    assert.equal(final.status, 200);
    assert.equal(final.body.toString(), 'hello');
    assert.notEqual(final.headers.connection?.toLowerCase(), 'close', 'after a 100 the connection may be reused');
  } finally {
    c.destroy();
  }
});

test('acceptContinue=false (default): no 100 Continue is sent; the body sent anyway gets the final response', async () => {
  const c = await RawConnection.open(byDefault.port);
  try {
    c.write(head(5));
    // Node would answer "100 Continue" at once; the server must stay silent.
    assert.equal(await c.waitForData(300), false, `unexpected bytes: ${c.pending.toString('latin1')}`);
    c.write('hello');
    const final = await c.response();
    assert.equal(final.status, 200);
    assert.equal(final.body.toString(), 'hello');
  } finally {
    c.destroy();
  }
});

test('acceptContinue=true and an announced body over the limit: a 413 instead of 100, connection closed', async () => {
  const c = await RawConnection.open(small.port);
  try {
    c.write(head(100));
    const r = await c.response({ timeoutMs: 2000 });
    assert.equal(r.status, 413);
    assert.equal(r.headers.connection?.toLowerCase(), 'close');
    assert.equal(await c.waitForClose(1000), true);
  } finally {
    c.destroy();
  }
});

test('acceptContinue=true and the default 1 MiB limit: Content-Length 2 MiB gets 413, not 100', async () => {
  const { response } = await RawConnection.exchange(accepting.port, head(2 * 1024 * 1024));
  assert.equal(response.status, 413);
});

test('curl: with acceptContinue the 100 arrives at once; without it curl waits out its expect timeout', async (t) => {
  if (!hasCurl()) return t.skip('curl not installed');
  const body = Buffer.alloc(2048, 'x');
  const args = (port: number) => [
    '-v',
    '--expect100-timeout',
    '1',
    '-H',
    'Expect: 100-continue',
    '--data-binary',
    '@-',
    `http://127.0.0.1:${port}/echo`,
  ];
  let started = Date.now();
  const yes = await curl(args(accepting.port), body);
  const yesMs = Date.now() - started;
  assert.equal(yes.code, 0, yes.stderr);
  assert.match(yes.stderr, /< HTTP\/1\.1 100 Continue/);
  assert.equal(yes.stdout.length, body.length);
  started = Date.now();
  const no = await curl(args(byDefault.port), body);
  const noMs = Date.now() - started;
  assert.equal(no.code, 0, no.stderr);
  assert.doesNotMatch(no.stderr, /100 Continue/);
  assert.ok(noMs >= 800, `curl should have waited ~1 s for a 100 that never came, took ${noMs} ms`);
  assert.equal(no.stdout.length, body.length);
  assert.ok(yesMs < noMs, `with a 100 curl sends at once (${yesMs} ms), without it waits (${noMs} ms)`);
});
