// Bytes in a query parameter through both client writers (fixtures/query-styles' thumbnail):
// `format: byte` travels as base64, as the server reads it. The per-operation function
// (operations.js) and createClient's method send the same query, and the handler gets the bytes
// the caller gave; a value that is no base64 is refused naming the parameter. (`format: binary`
// parameters, the text itself, are no compiled function's: RequestWriter writes only text,
// numbers and booleans, so an operation with bytes goes through the executor's encodeRequest.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from '@kitgen/runtime/client';
import { routes } from '../../fixtures/query-styles/expected/server.js';
import { createClient } from '../../fixtures/query-styles/expected/client.js';
import { thumbnail } from '../../fixtures/query-styles/expected/operations.js';
import { serve } from './support/e2e.ts';

const handlers = {
  search: () => [],
  thumbnail: ({ checksum }: { checksum: Uint8Array }) => Buffer.from(checksum).toString('hex'),
};

test('bytes in the query: the operation function and the client send what the server reads', async () => {
  const server = await serve(routes(handlers));
  const urls: string[] = [];
  const recording: typeof fetch = (input, init) => {
    urls.push(String(input instanceof Request ? input.url : input).replace(server.url, ''));
    return fetch(input, init);
  };
  try {
    const checksum = new Uint8Array([0, 255, 16]);
    assert.equal(await thumbnail(connect({ baseUrl: server.url, fetch: recording }), { checksum }), '00ff10');
    assert.equal(await createClient({ baseUrl: server.url, fetch: recording }).thumbnail({ checksum }), '00ff10');
    assert.deepEqual(urls, ['/thumbnails?checksum=AP8Q', '/thumbnails?checksum=AP8Q'], 'both send the same query');

    const bad = await fetch(`${server.url}/thumbnails?checksum=%25%25`);
    assert.equal(bad.status, 400);
    assert.match(((await bad.json()) as { message: string }).message, /query parameter 'checksum'/);
  } finally {
    await server.shutdown();
  }
});
