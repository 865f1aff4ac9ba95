// A multipart response (xtrf's file downloads declare `multipart/form-data` and no schema): the
// handler's bytes, framed by it, go out with the boundary they open with in the Content-Type, so
// any multipart reader (fetch's `formData()` here) splits them; bytes that open with no delimiter
// line go out as they are.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { defineEndpoint, EndpointExecutor, Routes, Schema, type EndpointOf } from '@kitgen/runtime';
import { startServer } from './support/testServer.ts';

const download = defineEndpoint({
  method: 'GET',
  path: ['files', { param: 'id', codec: 'string', prop: 'id' }],
  operationId: 'download',
  output: { status: 200, body: Schema.Bytes(), mediaTypes: ['multipart/form-data'] },
}) as unknown as EndpointOf<{
  path: [string];
  params: { id: string };
  error: never;
  output: [Uint8Array];
  auth: 'None';
}>;

const framed = (boundary: string) =>
  [
    `--${boundary}`,
    'Content-Disposition: form-data; name="file"; filename="a.txt"',
    'Content-Type: text/plain',
    '',
    'hello',
    `--${boundary}`,
    'Content-Disposition: form-data; name="note"',
    '',
    'n1',
    `--${boundary}--`,
    '',
  ].join('\r\n');

const bodies: Record<string, string> = {
  plain: framed('b0undary-1'),
  quoted: framed('a b/c'),
  raw: 'not framed at all',
};

const routes = Routes(download.implement(({ id }) => new TextEncoder().encode(bodies[id])));

test('a multipart response names the boundary its body opens with', async () => {
  const server = await startServer(routes);
  try {
    const plain = await fetch(`${server.url}/files/plain`);
    assert.equal(plain.status, 200);
    assert.equal(plain.headers.get('content-type'), 'multipart/form-data; boundary=b0undary-1');
    const form = await plain.formData();
    assert.equal(form.get('note'), 'n1');
    assert.equal(await (form.get('file') as File).text(), 'hello');

    const quoted = await fetch(`${server.url}/files/quoted`);
    assert.equal(quoted.headers.get('content-type'), 'multipart/form-data; boundary="a b/c"');
    assert.equal((await quoted.formData()).get('note'), 'n1');

    const raw = await fetch(`${server.url}/files/raw`);
    assert.equal(raw.headers.get('content-type'), 'multipart/form-data');
    assert.equal(await raw.text(), 'not framed at all');

    // The generated client reads the answer as its bytes.
    const call = EndpointExecutor.make({ baseUrl: server.url });
    assert.equal(new TextDecoder().decode(await call(download, { id: 'plain' })), bodies.plain);
  } finally {
    await server.shutdown();
  }
});
