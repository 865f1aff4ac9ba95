// Malformed and smuggling-shaped requests answer 400 and close the connection, before any
// handler runs, and the server keeps serving the next client.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { Response, Route, RoutePattern } from '@kitgen/runtime';
import { RawConnection } from './support/rawHttp.ts';
import { startServer, type TestServer } from './support/testServer.ts';
import { nodeRequest } from './support/nodeHttp.ts';

let handled = 0;
const routes = [
  Route.handled(RoutePattern.POST('submit'), async (request) => {
    handled++;
    return Response.text(`got ${(await request.body.asBytes()).byteLength}`);
  }),
  Route.handled(RoutePattern.GET('ok'), () => Response.text('ok')),
];

let server: TestServer;
before(async () => {
  server = await startServer(routes);
});
after(async () => {
  await server.shutdown();
});

const cases: Record<string, string> = {
  'Content-Length and Transfer-Encoding together':
    'POST /submit HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\nGET /ok HTTP/1.1\r\nHost: x\r\n\r\n',
  'two differing Content-Length headers':
    'POST /submit HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello!',
  'a Content-Length list with differing values':
    'POST /submit HTTP/1.1\r\nHost: x\r\nContent-Length: 5, 6\r\n\r\nhello!',
  'a non-numeric Content-Length': 'POST /submit HTTP/1.1\r\nHost: x\r\nContent-Length: 5a\r\n\r\nhello',
  'a negative Content-Length': 'POST /submit HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n',
  'Transfer-Encoding not ending in chunked': 'POST /submit HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\nabc',
  'an obfuscated Transfer-Encoding': 'POST /submit HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: xchunked\r\n\r\n0\r\n\r\n',
  'Transfer-Encoding with whitespace before the colon':
    'POST /submit HTTP/1.1\r\nHost: x\r\nTransfer-Encoding : chunked\r\n\r\n0\r\n\r\n',
  'an invalid chunk size':
    'POST /submit HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nhello\r\n0\r\n\r\n',
  'a chunk size with a trailing space and junk':
    'POST /submit HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5 x\r\nhello\r\n0\r\n\r\n',
  'chunk data longer than its size':
    'POST /submit HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nhello\r\n0\r\n\r\n',
  'a control character in a header value': 'GET /ok HTTP/1.1\r\nHost: x\r\nX-Bad: a\x01b\r\n\r\n',
  'a space in a header name': 'GET /ok HTTP/1.1\r\nHost: x\r\nX Bad: a\r\n\r\n',
  'a header line without a colon': 'GET /ok HTTP/1.1\r\nHost: x\r\nNoColonHere\r\n\r\n',
  'obs-fold (a folded header line)': 'GET /ok HTTP/1.1\r\nHost: x\r\nX-Folded: a\r\n b\r\n\r\n',
  'a bare LF line ending in the head': 'GET /ok HTTP/1.1\nHost: x\n\n',
  'a bare CR in a header value': 'GET /ok HTTP/1.1\r\nHost: x\r\nX-Bad: a\rb\r\n\r\n',
  'a NUL in the request target': 'GET /o\x00k HTTP/1.1\r\nHost: x\r\n\r\n',
  'a space-separated junk request line': 'GET /ok junk HTTP/1.1\r\nHost: x\r\n\r\n',
  'an unknown HTTP version': 'GET /ok HTTP/3.7\r\nHost: x\r\n\r\n',
  'not HTTP at all': '\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03garbage\r\n\r\n',
  'HTTP/1.1 without Host': 'GET /ok HTTP/1.1\r\n\r\n',
};

for (const [name, bytes] of Object.entries(cases)) {
  test(`400 for ${name}; connection closed; the next client is served`, async () => {
    const before = handled;
    const c = await RawConnection.open(server.port);
    try {
      c.write(bytes);
      const r = await c.response();
      assert.equal(r.status, 400, r.raw.toString('latin1'));
      assert.equal(r.headers.connection?.toLowerCase(), 'close');
      assert.doesNotMatch(r.raw.toString('latin1'), /\bat\s|\.ts\b|node:|HPE_/);
      assert.equal(await c.waitForClose(2000), true, 'the connection must close');
      // Nothing after the refused part was taken as a request (no smuggled second response).
      assert.equal(c.pending.length, 0, `extra bytes: ${c.pending.toString('latin1')}`);
    } finally {
      c.destroy();
    }
    assert.equal(handled, before, 'the handler must not run for a malformed request');
    assert.equal((await nodeRequest(server.port, { path: '/ok' })).status, 200);
  });
}

test('a well-formed chunked request with the same server works (control)', async () => {
  const c = await RawConnection.open(server.port);
  try {
    c.write(
      'POST /submit HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\nGET /ok HTTP/1.1\r\nHost: x\r\n\r\n',
    );
    assert.equal((await c.response()).body.toString(), 'got 5');
    assert.equal((await c.response()).body.toString(), 'ok');
  } finally {
    c.destroy();
  }
});

test('a client that keeps sending after its 400 is cut off, and the 400 still arrives', async () => {
  const c = await RawConnection.open(server.port);
  try {
    c.write('GET /ok HTTP/1.1\r\nHost: x\r\nX Bad: a\r\n\r\n');
    const junk = Buffer.alloc(64 * 1024, 'j');
    for (let i = 0; i < 8; i++) c.write(junk);
    const r = await c.response();
    assert.equal(r.status, 400);
    assert.equal(await c.waitForClose(3000), true);
  } finally {
    c.destroy();
  }
});
