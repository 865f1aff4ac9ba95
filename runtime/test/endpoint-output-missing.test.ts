// A handler that gives no value where its response declares a JSON body: a 500 whose log names
// what is missing (it was a TypeError where the bytes are written), and the server keeps serving.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Endpoint, RoutePattern, Routes, Schema, Server } from '@kitgen/runtime';
import { captureLogs, eventually } from './fixtures/middleware/helpers.ts';

test('a handler giving no value for a declared JSON body is a 500 naming the response', async () => {
  const logs = captureLogs('warn');
  const missing = Endpoint(RoutePattern.GET('missing')).out(Schema.Object({ a: Schema.Optional(Schema.String()) }));
  const given = Endpoint(RoutePattern.GET('given')).out(Schema.String());
  const server = Server.defaultWith((c) => c.binding('127.0.0.1', 0));
  const port = await Server.install(
    Routes(
      missing.implement(() => undefined as never),
      given.implement(() => 'here'),
    ),
    server,
  );
  try {
    const r = await fetch(`http://127.0.0.1:${port}/missing`);
    assert.equal(r.status, 500);
    assert.doesNotMatch(await r.text(), /at |TypeError|handler gave/);
    await eventually(() => logs.lines.some((l) => JSON.stringify(l).includes('the handler gave no value')));
    const line = logs.lines.find((l) => JSON.stringify(l).includes('the handler gave no value'));
    assert.match(JSON.stringify(line), /the 200 response's application\/json body/);
    const ok = await fetch(`http://127.0.0.1:${port}/given`);
    assert.equal(`${ok.status} ${await ok.text()}`, '200 "here"');
  } finally {
    logs.restore();
    await server.shutdown();
  }
});
