// request-body-timeout: a client that sends a request head and then part of its body, or none,
// must not hold the connection and the body's buffer for Node's 300 s request timeout. An
// aggregated body must be complete within request-header-timeout + request-body-timeout of the
// request's first byte: 408 with `connection: close` after, the handler never runs, and the
// server serves on. Streamed bodies keep the 300 s bound (their handlers read at their own pace).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import {
  ConfigError,
  Duration,
  Response,
  Route,
  RoutePattern,
  Routes,
  ServerConfig,
  loadServerConfig,
} from '@kitgen/runtime';
import { startServer, sleep } from './support/testServer.ts';

let calls = 0;
const routes = Routes(
  Route.handled(RoutePattern.POST('echo'), async (request) => {
    calls++;
    return Response.json({ length: (await request.body.asBytes()).byteLength });
  }),
);

/** Short timeouts so that the tests take seconds: 1 s for the head, 1 s more for the body. */
const short = (c: ServerConfig) =>
  c.withRequestHeaderTimeout(Duration.millis(1000)).withRequestBodyTimeout(Duration.millis(1000));

/**
 * Writes `parts` to a raw connection `gapMs` apart, then half-closes it if `end` (a stalled
 * client keeps it open), and resolves with all the server sent and when the connection closed.
 */
function rawExchange(
  port: number,
  parts: readonly string[],
  gapMs: number,
  end: boolean,
): Promise<{ text: string; ms: number }> {
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve({ text, ms: performance.now() - started }));
    socket.on('connect', async () => {
      for (const [i, part] of parts.entries()) {
        if (i > 0) await sleep(gapMs);
        if (socket.destroyed) return;
        socket.write(part);
      }
      if (end && !socket.destroyed) socket.end();
    });
  });
}

const head = (length: number | 'chunked') =>
  `POST /echo HTTP/1.1\r\nHost: a.example\r\n${length === 'chunked' ? 'Transfer-Encoding: chunked' : `Content-Length: ${length}`}\r\n\r\n`;

test('request-body-timeout: default 30 s, from LIB_HTTP_SERVER_REQUEST_BODY_TIMEOUT and the builder; zero is refused', () => {
  assert.equal(ServerConfig.default.requestBodyTimeout, 30_000);
  assert.equal(loadServerConfig({ LIB_HTTP_SERVER_REQUEST_BODY_TIMEOUT: '5s' }).requestBodyTimeout, 5000);
  assert.equal(ServerConfig.default.withRequestBodyTimeout(Duration.seconds(2)).requestBodyTimeout, 2000);
  assert.throws(
    () => loadServerConfig({ LIB_HTTP_SERVER_REQUEST_BODY_TIMEOUT: '0s' }),
    (error: unknown) =>
      error instanceof ConfigError &&
      error.problems.join('\n') ===
        'LIB_HTTP_SERVER_REQUEST_BODY_TIMEOUT: expected a duration above zero such as 500ms, 2s, 1m or 1h, got "0s"',
  );
  assert.throws(() => ServerConfig.default.withRequestBodyTimeout(0), {
    name: 'RangeError',
    message: 'Server.Config.requestBodyTimeout: expected a duration above zero, got 0',
  });
});

test('a body that stalls half-way, or never starts, gets 408 with connection: close once both timeouts pass; the handler never runs', async () => {
  const server = await startServer(routes, short);
  try {
    const before = calls;
    const stalls: ReadonlyArray<readonly [string, readonly string[]]> = [
      ['half a Content-Length body', [head(100) + 'x'.repeat(50)]],
      ['no body at all', [head(100)]],
      ['a chunked body without its last chunk', [head('chunked') + '5\r\nhello\r\n']],
    ];
    const results = await Promise.all(stalls.map(([, parts]) => rawExchange(server.port, parts, 0, false)));
    for (const [i, [label]] of stalls.entries()) {
      const { text, ms } = results[i];
      assert.match(text, /^HTTP\/1\.1 408 Request Timeout\r\n/, `${label}: ${text}`);
      assert.match(text, /\r\nconnection: close\r\n/i, label);
      const body = JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) as { message: string };
      assert.equal(
        body.message,
        'The request body did not arrive in time: a request with a body must be complete within 2000 ms of its first byte',
        label,
      );
      // Node checks its timers every second: cut between 2 and about 3 s after the first byte.
      assert.ok(ms >= 1900 && ms < 3500, `${label}: cut after ${ms.toFixed(0)} ms`);
    }
    assert.equal(calls, before, 'no handler ran');
    const ok = await fetch(`${server.url}/echo`, { method: 'POST', body: 'still serving' });
    assert.equal(ok.status, 200);
    assert.deepEqual(await ok.json(), { length: 13 });
  } finally {
    await server.shutdown();
  }
});

test('a slow body that is complete in time is served', async () => {
  const server = await startServer(routes, short);
  try {
    // Five pieces 250 ms apart: the last arrives ~1 s after the first byte, within the 2 s.
    const { text } = await rawExchange(server.port, [head(20), 'aaaa', 'bbbb', 'cccc', 'dddd', 'eeee'], 250, true);
    assert.match(text, /^HTTP\/1\.1 200 OK\r\n/, text);
    assert.ok(text.endsWith('{"length":20}'), text);
  } finally {
    await server.shutdown();
  }
});

test('with request streaming on, a body slower than both timeouts is still read to its end', async () => {
  const server = await startServer(routes, (c) => short(c).enableRequestStreaming());
  try {
    // The last piece arrives ~2.4 s after the first byte: past 1 s + 1 s, within the 300 s bound.
    const { text } = await rawExchange(server.port, [head(12), 'aaaa', 'bbbb', 'cccc'], 1200, true);
    assert.match(text, /^HTTP\/1\.1 200 OK\r\n/, text);
    assert.ok(text.endsWith('{"length":12}'), text);
  } finally {
    await server.shutdown();
  }
});
