// A handler's answer can carry headers that belong to the connection (a published document
// declares `Transfer-Encoding: chunked` among a response's headers); the server frames the body
// itself, so they are left out and the message stays valid HTTP/1.1 for any client.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { Response, Route, RoutePattern } from '@kitgen/runtime';
import { startServer } from './support/testServer.ts';

/** The raw response head, as a strict HTTP/1.1 parser (undici's, behind fetch) would refuse it. */
function rawHead(
  port: number,
  path: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

test("a handler's Transfer-Encoding, Keep-Alive, Upgrade and TE are left out; its other headers stay", async () => {
  const answer = () =>
    Response.json({ ok: true })
      .setHeader('transfer-encoding', 'chunked')
      .setHeader('keep-alive', 'timeout=5')
      .setHeader('upgrade', 'h2c')
      .setHeader('te', 'trailers')
      .setHeader('x-vtex-operation-id', 'abc');
  const server = await startServer([Route.handled(RoutePattern.GET('sku'), answer)]);
  try {
    const r = await fetch(`${server.url}/sku`);
    assert.equal(r.status, 200);
    assert.deepEqual(await r.json(), { ok: true });
    assert.equal(r.headers.get('x-vtex-operation-id'), 'abc');
    const raw = await rawHead(server.port, '/sku');
    assert.equal(raw.headers['transfer-encoding'], undefined);
    assert.equal(raw.headers['upgrade'], undefined);
    assert.equal(raw.headers['te'], undefined);
    assert.equal(raw.headers['content-length'], String(Buffer.byteLength('{"ok":true}')));
    assert.equal(raw.body, '{"ok":true}');
  } finally {
    await server.shutdown();
  }
});
