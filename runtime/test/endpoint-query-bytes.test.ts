// A query parameter or header of `format: byte` (Schema.Bytes) is base64 text on the wire, RFC
// 4648's standard alphabet with padding, as the client writes it: the handler gets the bytes.
// Hetras' `adults` and Azure DPS's `certificate.rawBytes` were refused whatever was sent.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Endpoint, EndpointExecutor, HttpCodec, RoutePattern, Routes, Schema } from '@kitgen/runtime';
import { startServer } from './support/testServer.ts';

test('base64 query values and headers are read as bytes; other text is refused naming the parameter', async () => {
  const endpoint = Endpoint(RoutePattern.GET('blob'))
    .query(HttpCodec.query('raw', Schema.Bytes()))
    .header(HttpCodec.header('x-sig', Schema.Bytes()).optional())
    .out(Schema.Unknown());
  const server = await startServer(
    Routes(endpoint.implement(([raw, sig]) => ({ raw: [...raw], sig: sig instanceof Uint8Array ? [...sig] : null }))),
  );
  try {
    const get = async (path: string, headers: Record<string, string> = {}) => {
      const response = await fetch(`${server.url}${path}`, { headers });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    assert.deepEqual((await get('/blob?raw=AQID%2B%2F8%3D')).body, { raw: [1, 2, 3, 251, 255], sig: null });
    assert.deepEqual((await get('/blob?raw=AQI%3D', { 'x-sig': 'AAE=' })).body, { raw: [1, 2], sig: [0, 1] });
    for (const bad of ['zz-invalid', 'AQI', '%25%25']) {
      const refused = await get(`/blob?raw=${bad}`);
      assert.equal(refused.status, 400, bad);
      assert.equal(refused.body.parameter, 'raw', bad);
    }
    // The client writes bytes as the server reads them.
    const call = EndpointExecutor.make({ baseUrl: server.url });
    assert.deepEqual(await call(endpoint, [new Uint8Array([9, 250, 251]), new Uint8Array([7])]), {
      raw: [9, 250, 251],
      sig: [7],
    });
  } finally {
    await server.shutdown();
  }
});
