// Size limits of the request head: 414 over maxInitialLineLength (4096 by default), 431 over
// maxHeaderSize (8192), also beyond what Node's own parser accepts; the connection closes and
// the server keeps serving.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { Response, Route, RoutePattern, PathCodec } from '@kitgen/runtime';
import { RawConnection } from './support/rawHttp.ts';
import { startServer, type TestServer } from './support/testServer.ts';
import { nodeRequest } from './support/nodeHttp.ts';
import { curl, hasCurl } from './support/curl.ts';

const routes = [
  Route.handled(RoutePattern.GET('echo', PathCodec.string('rest')), (_r, rest) => Response.text(String(rest.length))),
  Route.handled(RoutePattern.GET('ok'), () => Response.text('ok')),
];

let server: TestServer;
let tight: TestServer;
before(async () => {
  server = await startServer(routes);
  tight = await startServer(routes, (c) => c.withMaxInitialLineLength(100).withMaxHeaderSize(200));
});
after(async () => {
  await server.shutdown();
  await tight.shutdown();
});

/** A GET request line of exactly `length` bytes (without CRLF). */
const lineOf = (length: number) => {
  const fixed = 'GET /echo/ HTTP/1.1'.length;
  return `GET /echo/${'a'.repeat(length - fixed)} HTTP/1.1`;
};
const send = (s: TestServer, head: string) => RawConnection.exchange(s.port, `${head}\r\n\r\n`, { closeWaitMs: 200 });

async function stillServing(s: TestServer) {
  const r = await nodeRequest(s.port, { path: '/ok' });
  assert.equal(r.status, 200);
}

test('a request line of exactly 4096 bytes is served', async () => {
  const { response } = await send(server, `${lineOf(4096)}\r\nHost: x`);
  assert.equal(response.status, 200);
  assert.equal(response.body.toString(), String(4096 - 'GET /echo/ HTTP/1.1'.length));
});

for (const length of [4097, 8000, 12_000, 13_000, 20_000, 70_000]) {
  test(`a request line of ${length} bytes: 414, connection closed, server still serving`, async () => {
    const { response, closed } = await send(server, `${lineOf(length)}\r\nHost: x`);
    assert.equal(response.status, 414);
    assert.equal(closed, true);
    await stillServing(server);
  });
}

test('a request line over the limit and no line end in sight (client still sending): 414', async () => {
  const c = await RawConnection.open(server.port);
  try {
    c.write(`GET /echo/${'b'.repeat(30_000)}`);
    const r = await c.response();
    assert.equal(r.status, 414);
    assert.equal(await c.waitForClose(1000), true);
  } finally {
    c.destroy();
  }
});

test('a request line sent in small pieces over the limit: 414', async () => {
  const c = await RawConnection.open(server.port);
  try {
    c.write('GET /echo/');
    for (let i = 0; i < 40; i++) {
      c.write('c'.repeat(1000));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const r = await c.response();
    assert.equal(r.status, 414);
  } finally {
    c.destroy();
  }
});

/** Headers of about `size` bytes, as `X-Fill-n: vvvv\r\n` lines. */
const headersOf = (size: number) => {
  const lines: string[] = ['Host: x'];
  let total = 'Host: x\r\n'.length;
  for (let i = 0; total < size; i++) {
    const line = `X-Fill-${i}: ${'v'.repeat(Math.min(200, Math.max(1, size - total - 14)))}`;
    lines.push(line);
    total += line.length + 2;
  }
  return lines.join('\r\n');
};

test('headers of about 8000 bytes are served', async () => {
  const { response } = await send(server, `GET /ok HTTP/1.1\r\n${headersOf(8000)}`);
  assert.equal(response.status, 200);
});

for (const size of [8300, 12_500, 20_000, 70_000]) {
  test(`headers of about ${size} bytes: 431, connection closed, server still serving`, async () => {
    const { response, closed } = await send(server, `GET /ok HTTP/1.1\r\n${headersOf(size)}`);
    assert.equal(response.status, 431);
    assert.equal(closed, true);
    await stillServing(server);
  });
}

test('a cookie far over the limit, sent in pieces: 431', async () => {
  const c = await RawConnection.open(server.port);
  try {
    c.write('GET /ok HTTP/1.1\r\nHost: x\r\nCookie: ');
    for (let i = 0; i < 80; i++) {
      c.write(Array.from({ length: 50 }, (_, j) => `c${i}_${j}=v`).join('; ') + '; ');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const r = await c.response();
    assert.equal(r.status, 431);
  } finally {
    c.destroy();
  }
});

test('a header section far over the limit, many lines sent in pieces: 431', async () => {
  const c = await RawConnection.open(server.port);
  try {
    c.write('GET /ok HTTP/1.1\r\nHost: x\r\n');
    for (let i = 0; i < 40; i++) {
      c.write(`X-Fill-${i}: ${'g'.repeat(1000)}\r\n`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const r = await c.response();
    assert.equal(r.status, 431);
  } finally {
    c.destroy();
  }
});

test('configured limits: maxInitialLineLength 100 and maxHeaderSize 200', async () => {
  assert.equal((await send(tight, `${lineOf(100)}\r\nHost: x`)).response.status, 200);
  assert.equal((await send(tight, `${lineOf(101)}\r\nHost: x`)).response.status, 414);
  assert.equal((await send(tight, `GET /ok HTTP/1.1\r\n${headersOf(150)}`)).response.status, 200);
  assert.equal((await send(tight, `GET /ok HTTP/1.1\r\n${headersOf(260)}`)).response.status, 431);
  assert.equal((await send(tight, `${lineOf(300)}\r\n${headersOf(150)}`)).response.status, 414);
});

test('the refusals carry no stack trace or internals', async () => {
  const { response } = await send(server, `${lineOf(20_000)}\r\nHost: x`);
  assert.doesNotMatch(response.raw.toString('latin1'), /\bat\s|\.ts\b|node:|HPE_/);
});

test('curl with an over-long URL and an over-large header', async (t) => {
  if (!hasCurl()) return t.skip('curl not installed');
  const longUrl = await curl(['-o', '/dev/null', '-w', '%{http_code}', `${server.url}/echo/${'e'.repeat(5000)}`]);
  assert.equal(longUrl.stdout.toString(), '414');
  const bigHeader = await curl([
    '-o',
    '/dev/null',
    '-w',
    '%{http_code}',
    '-H',
    `X-Big: ${'f'.repeat(9000)}`,
    `${server.url}/ok`,
  ]);
  assert.equal(bigHeader.stdout.toString(), '431');
});
