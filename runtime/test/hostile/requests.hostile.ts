// Hostile suite, malformed and smuggling-shaped requests: each case is written byte for byte
// on its own connection to a server built from the public API (support/hostileApp.ts), and
// must get its status — kitgen's JSON error for every 4xx — with no handler run at all.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { exchange } from './support/exchange.ts';
import { startHostile } from './support/hostileServer.ts';

const CRLF = '\r\n';
/** A request head from lines, ended by the empty line. */
const head = (...lines: string[]) => lines.join(CRLF) + CRLF + CRLF;
const GET = (target = '/users/1', version = 'HTTP/1.1') => `GET ${target} ${version}`;
const POST = 'POST /echo HTTP/1.1';
const HOST = 'Host: a.example';

const bigWindowBrotli = brotliCompressSync(Buffer.alloc(64, 1), { params: { [constants.BROTLI_PARAM_LGWIN]: 24 } });

/** Every case: a name, the exact bytes, and the status RFC 9110/9112 call for. */
const corpus: ReadonlyArray<readonly [string, string | Buffer, number]> = [
  // Framing and smuggling (RFC 9112 §6): 400 and the connection closed.
  ['CL then TE', head(POST, HOST, 'Content-Length: 5', 'Transfer-Encoding: chunked') + '0\r\n\r\n', 400],
  ['TE then CL', head(POST, HOST, 'Transfer-Encoding: chunked', 'Content-Length: 5') + '0\r\n\r\n', 400],
  ['two different Content-Lengths', head(POST, HOST, 'Content-Length: 4', 'Content-Length: 5') + 'abcde', 400],
  ['Content-Length list', head(POST, HOST, 'Content-Length: 4, 5') + 'abcde', 400],
  ['Content-Length not a number', head(POST, HOST, 'Content-Length: abc'), 400],
  ['negative Content-Length', head(POST, HOST, 'Content-Length: -1'), 400],
  ['Content-Length with a sign', head(POST, HOST, 'Content-Length: +4') + 'abcd', 400],
  ['Content-Length in exponent form', head(POST, HOST, 'Content-Length: 1e3'), 400],
  [
    'Transfer-Encoding not ending in chunked',
    head(POST, HOST, 'Transfer-Encoding: chunked, identity') + '0\r\n\r\n',
    400,
  ],
  ['unknown Transfer-Encoding', head(POST, HOST, 'Transfer-Encoding: xchunked') + '0\r\n\r\n', 400],
  ['Transfer-Encoding folded (obs-fold)', head(POST, HOST, 'Transfer-Encoding:', ' chunked') + '0\r\n\r\n', 400],
  ['obs-fold in an ordinary header', head(GET(), HOST, 'X-A: a', ' b'), 400],
  ['bare LF line ends', `${GET()}\n${HOST}\n\n`, 400],
  ['bare CR inside a header value', head(GET(), HOST, 'X-A: a\rb'), 400],
  ['NUL inside a header value', head(GET(), HOST, 'X-A: a\0b'), 400],
  ['space before the colon', head(GET(), 'Host : a.example'), 400],
  ['invalid character in a header name', head(GET(), HOST, 'X(A): b'), 400],
  ['chunk size not hex', head(POST, HOST, 'Transfer-Encoding: chunked') + 'zz\r\nab\r\n0\r\n\r\n', 400],
  [
    'chunk size overflowing',
    head(POST, HOST, 'Transfer-Encoding: chunked') + 'fffffffffffffffffff\r\nab\r\n0\r\n\r\n',
    400,
  ],
  ['chunk data longer than its size', head(POST, HOST, 'Transfer-Encoding: chunked') + '2\r\nabcdef\r\n0\r\n\r\n', 400],
  // (Two spaces between request-line words are accepted: RFC 9112 §3 lets a recipient split on whitespace.)
  ['Content-Length with a space among its digits', head(POST, HOST, 'Content-Length: 1 2') + 'a'.repeat(12), 400],
  [
    'chunked body without its last chunk, then a new request',
    head(POST, HOST, 'Transfer-Encoding: chunked') + '3\r\nabc\r\nGET /users/2 HTTP/1.1\r\n\r\n',
    400,
  ],
  ['lower-case method', head('get /users/1 HTTP/1.1', HOST), 400],
  ['method with a symbol', head('G@T /users/1 HTTP/1.1', HOST), 400],
  ['space inside the target', head('GET /users/1 x HTTP/1.1', HOST), 400],
  // Host (RFC 9112 §3.2) and version (§2.3).
  ['two Host lines', head(GET(), 'Host: a.example', 'Host: b.example'), 400],
  ['two equal Host lines', head(GET(), HOST, HOST), 400],
  ['Host with a space', head(GET(), 'Host: a b'), 400],
  ['Host with a path', head(GET(), 'Host: x/../y'), 400],
  ['Host with userinfo', head(GET(), 'Host: user@x'), 400],
  ['Host with a query', head(GET(), 'Host: x?y'), 400],
  ['Host with non-ASCII text', head(GET(), 'Host: \xe9.example'), 400],
  ['HTTP/1.1 without Host', head(GET()), 400],
  ['HTTP/2.0 in a request line', head(GET('/users/1', 'HTTP/2.0'), HOST), 400],
  ['HTTP/3.0 in a request line', head(GET('/users/1', 'HTTP/3.0'), HOST), 400],
  ['HTTP/0.9 in a request line', head(GET('/users/1', 'HTTP/0.9'), HOST), 400],
  ['request line without a version', `GET /users/1${CRLF}${CRLF}`, 400],
  ['protocol name other than HTTP', head(GET('/users/1', 'HTTPS/1.1'), HOST), 400],
  ['version with letters', head(GET('/users/1', 'HTTP/1.x'), HOST), 400],
  [
    'WebSocket upgrade without Host',
    head(
      'GET /ws HTTP/1.1',
      'Connection: Upgrade',
      'Upgrade: websocket',
      'Sec-WebSocket-Version: 13',
      'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
    ),
    400,
  ],
  [
    'WebSocket upgrade with two Host lines',
    head(
      'GET /ws HTTP/1.1',
      HOST,
      'Host: b.example',
      'Connection: Upgrade',
      'Upgrade: websocket',
      'Sec-WebSocket-Version: 13',
      'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
    ),
    400,
  ],
  // Size limits (defaults: 4096-byte request line, 8192-byte headers, 1 MiB body).
  ['request line over the limit', head(GET(`/users/${'a'.repeat(5000)}`), HOST), 414],
  ['header section over the limit', head(GET(), HOST, `X-Big: ${'b'.repeat(9000)}`), 431],
  ['announced body over the limit', head(POST, HOST, 'Content-Length: 2000000'), 413],
  ['100-continue with a body over the limit', head(POST, HOST, 'Expect: 100-continue', 'Content-Length: 2000000'), 413],
  // Content codings (request decompression on, non-strict).
  ['unknown Content-Encoding', head(POST, HOST, 'Content-Encoding: zstd', 'Content-Length: 4') + 'abcd', 415],
  ['gzip body that is not gzip', head(POST, HOST, 'Content-Encoding: gzip', 'Content-Length: 8') + 'notgzip!', 400],
  [
    'brotli body declaring a 16 MiB window',
    Buffer.concat([
      Buffer.from(head(POST, HOST, 'Content-Encoding: br', `Content-Length: ${bigWindowBrotli.length}`)),
      bigWindowBrotli,
    ]),
    415,
  ],
];

test(`hostile requests: ${corpus.length} malformed or smuggling-shaped requests get their status and no handler runs`, async () => {
  assert.ok(corpus.length >= 40);
  const server = await startHostile({ LIB_HTTP_SERVER_REQUEST_DECOMPRESSION: 'non-strict' });
  try {
    const wrong: string[] = [];
    for (const [name, bytes, expected] of corpus) {
      const r = await exchange(server.port, bytes);
      const body = r.text.slice(r.text.indexOf('\r\n\r\n') + 4);
      if (r.status !== expected)
        wrong.push(`${name}: expected ${expected}, got ${r.status || r.ended} ${JSON.stringify(r.text.slice(0, 80))}`);
      else if (!/^\{"error":/.test(body))
        wrong.push(`${name}: ${expected} without kitgen's JSON error body: ${JSON.stringify(body.slice(0, 80))}`);
      else if (/\n\s+at /.test(body)) wrong.push(`${name}: the body shows a stack trace`);
      else if (expected === 413 && !r.text.startsWith('HTTP/1.1 413 Content Too Large\r\n'))
        wrong.push(
          `${name}: status line ${JSON.stringify(r.text.split('\r\n')[0])}, not RFC 9110's "Content Too Large"`,
        );
    }
    assert.deepEqual(wrong, []);
    assert.equal(await server.calls(), 0, 'no handler may run for a refused request');
    // And the server still serves.
    const ok = await exchange(server.port, head(GET(), HOST, 'Connection: close'));
    assert.equal(ok.status, 200);
  } finally {
    await server.stop();
  }
});

test('hostile requests: what RFC 9112 allows is still served (HTTP/1.0 without Host, an IPv6 or empty Host, absolute form, a gzip body)', async () => {
  const server = await startHostile({ LIB_HTTP_SERVER_REQUEST_DECOMPRESSION: 'strict' });
  try {
    for (const [name, bytes] of [
      ['HTTP/1.0 without Host', head(GET('/users/1', 'HTTP/1.0'))],
      ['IPv6 literal Host with a port', head(GET(), 'Host: [::1]:8080', 'Connection: close')],
      ['empty Host (no authority)', head(GET(), 'Host:', 'Connection: close')],
      ['absolute-form target', head(GET('http://a.example/users/1'), HOST, 'Connection: close')],
    ] as const) {
      const r = await exchange(server.port, bytes);
      assert.equal(r.status, 200, `${name}: ${r.text.slice(0, 120)}`);
    }
    assert.equal(await server.calls(), 4);
    // A gzip body within the limits is decompressed and read.
    const gz = gzipSync('hello');
    const r = await exchange(
      server.port,
      Buffer.concat([
        Buffer.from(head(POST, HOST, 'Content-Encoding: gzip', `Content-Length: ${gz.length}`, 'Connection: close')),
        gz,
      ]),
    );
    assert.equal(r.status, 200);
    assert.match(r.text, /\{"length":5\}$/);
  } finally {
    await server.stop();
  }
});
