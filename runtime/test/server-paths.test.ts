// Routing on the wire: request targets are canonicalised before routing (dot segments, encoded
// `/` `\` NUL, empty segments refused with 400), HEAD is answered for GET routes without a
// body, and a path known under other methods answers 405 with Allow.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { Body, Response, Route, RoutePattern, PathCodec } from '@kitgen/runtime';
import { RawConnection, rawRequest } from './support/rawHttp.ts';
import { startServer, type TestServer } from './support/testServer.ts';
import { curl, hasCurl } from './support/curl.ts';

let hits: string[] = [];
const routes = [
  Route.handled(RoutePattern.GET('a', 'b'), () => {
    hits.push('/a/b');
    return Response.text('a/b');
  }),
  Route.handled(RoutePattern.GET('b'), () => {
    hits.push('/b');
    return Response.text('b');
  }),
  Route.handled(RoutePattern.GET('files', PathCodec.string('name')), (_r, name) => {
    hits.push(`/files/${name}`);
    return Response.text(`file ${name}`);
  }),
  Route.handled(RoutePattern.GET('page'), () => Response.html('<p>'.repeat(300))),
  Route.handled(
    RoutePattern.GET('streamed'),
    () =>
      new Response(
        200,
        {},
        Body.fromStream(
          (async function* () {
            hits.push('producer ran');
            yield Buffer.from('streamed body');
          })(),
          { contentType: 'text/plain' },
        ),
      ),
  ),
  Route.handled(RoutePattern.POST('items'), () => Response.text('created', 201)),
  Route.handled(RoutePattern.DELETE('items'), () => Response.status(204)),
];

let server: TestServer;
before(async () => {
  server = await startServer(routes);
});
after(async () => {
  await server.shutdown();
});

const refused = [
  '/a/../b',
  '/a/./b',
  '/%2e%2e/b',
  '/a/%2E%2E/b',
  '/a/%2e/b',
  '/a%2Fb',
  '/a%2fb',
  '/files/x%2F..%2F..%2Fetc',
  '/a%5Cb',
  '/a\\b',
  '//a/b',
  '/a//b',
  '/files/x%00',
  '/files/%zz',
];

for (const target of refused) {
  test(`path ${JSON.stringify(target)}: 400 before routing, no handler runs`, async () => {
    hits = [];
    const { response } = await RawConnection.exchange(server.port, rawRequest('GET', target), { closeWaitMs: 0 });
    assert.equal(response.status, 400, response.raw.toString('latin1'));
    assert.match(response.body.toString(), /Malformed request path/);
    assert.deepEqual(hits, []);
  });
}

test('canonical forms are served: a trailing slash, percent-encoded ordinary characters', async () => {
  hits = [];
  for (const [target, body] of [
    ['/a/b/', 'a/b'],
    ['/%61/b', 'a/b'],
    ['/files/hello%20world', 'file hello world'],
    ['/b?x=/../', 'b'],
  ]) {
    const { response } = await RawConnection.exchange(server.port, rawRequest('GET', target), { closeWaitMs: 0 });
    assert.equal(response.status, 200, target);
    assert.equal(response.body.toString(), body);
  }
});

test('curl --path-as-is sends dot segments unchanged; the server refuses them', async (t) => {
  if (!hasCurl()) return t.skip('curl not installed');
  const r = await curl(['--path-as-is', '-o', '/dev/null', '-w', '%{http_code}', `${server.url}/a/../b`]);
  assert.equal(r.stdout.toString(), '400');
});

test('HEAD on a GET route: the GET headers (with content-length), no body', async () => {
  const c = await RawConnection.open(server.port);
  try {
    c.write(rawRequest('GET', '/page'));
    const get = await c.response();
    c.write(rawRequest('HEAD', '/page'));
    const head = await c.response({ head: true });
    assert.equal(head.status, 200);
    assert.equal(head.headers['content-length'], get.headers['content-length']);
    assert.equal(head.headers['content-type'], 'text/html; charset=utf-8');
    // No body bytes: the next thing on the wire is the next response.
    hits = [];
    c.write(rawRequest('HEAD', '/streamed'));
    const streamedHead = await c.response({ head: true });
    assert.equal(streamedHead.status, 200);
    assert.deepEqual(hits, [], "a HEAD must not run the body's producer");
    assert.equal(streamedHead.headers['transfer-encoding'], undefined, 'no chunked framing without a body');
    c.write(rawRequest('GET', '/b'));
    const next = await c.response();
    assert.equal(next.statusLine, 'HTTP/1.1 200 OK');
    assert.equal(next.body.toString(), 'b');
  } finally {
    c.destroy();
  }
});

test('405 with Allow for a path known under other methods; 404 for an unknown path', async () => {
  const { response } = await RawConnection.exchange(server.port, rawRequest('PUT', '/items', { 'Content-Length': 0 }), {
    closeWaitMs: 0,
  });
  assert.equal(response.status, 405);
  assert.equal(response.headers.allow, 'POST, DELETE');
  const get = await RawConnection.exchange(server.port, rawRequest('POST', '/b', { 'Content-Length': 0 }), {
    closeWaitMs: 0,
  });
  assert.equal(get.response.status, 405);
  assert.equal(get.response.headers.allow, 'GET, HEAD');
  const missing = await RawConnection.exchange(server.port, rawRequest('GET', '/missing'), { closeWaitMs: 0 });
  assert.equal(missing.response.status, 404);
});

test('absolute-form request targets are routed by their path', async () => {
  const { response } = await RawConnection.exchange(server.port, rawRequest('GET', 'http://localhost/a/b'), {
    closeWaitMs: 0,
  });
  assert.equal(response.status, 200);
  assert.equal(response.body.toString(), 'a/b');
});
