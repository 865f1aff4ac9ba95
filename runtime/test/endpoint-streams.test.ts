// Streamed bodies on endpoints: NDJSON in and out, arrays with treatStreamsAsArrays.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Endpoint, RoutePattern, Schema, Routes, CodecConfig } from '@kitgen/runtime';
import { startServer } from './support/testServer.ts';

const Item = Schema.Object({ n: Schema.Integer() });

test('inStream and outStream carry values as NDJSON, or one array with treatStreamsAsArrays', async () => {
  const doubled = Endpoint(RoutePattern.POST('double')).inStream(Item).outStream(Item);
  const route = doubled.implement(async function* (items) {
    for await (const item of items) yield { n: item.n * 2 };
  });
  const routes = Routes(route).concat(
    Routes(
      Endpoint(RoutePattern.POST('arr'))
        .inStream(Item)
        .outStream(Item)
        .implement(async function* (items) {
          for await (const item of items) yield { n: item.n + 1 };
        }),
    ).pipe(CodecConfig.withConfig(CodecConfig({ treatStreamsAsArrays: true }))),
  );
  const server = await startServer(routes, (c) => c.enableRequestStreaming());
  try {
    const r = await fetch(`${server.url}/double`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"n":1}\n{"n":2}\n',
    });
    assert.equal(r.status, 200);
    assert.equal(await r.text(), '{"n":2}\n{"n":4}\n');
    const a = await fetch(`${server.url}/arr`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '[{"n":1},{"n":5}]',
    });
    assert.equal(await a.text(), '[{"n":2},{"n":6}]');
    // Item 2 fails after the response has started: the stream is cut short (the connection may
    // close before or after the status line, so the request or the body read may fail).
    const text = await fetch(`${server.url}/double`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"n":1}\n{"n":"x"}\n',
    })
      .then((bad) => bad.text())
      .catch(() => 'cut');
    assert.notEqual(text, '{"n":2}\n{"n":4}\n');
    assert.doesNotMatch(text, /"n":4/);
  } finally {
    await server.shutdown();
  }
});
