// A command line of a large API (400 endpoints with parameters and bodies) runs one command,
// lists every command in its help and builds a command's own help on demand. How fast one call
// starts is a benchmark's figure, not a timed assertion here (a loaded CI machine is no clock).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Endpoint, HttpCliApp, HttpCodec, PathCodec, RoutePattern, Schema, type AnyEndpoint } from '@kitgen/runtime';

const endpoints: AnyEndpoint[] = Array.from({ length: 400 }, (_, i) =>
  Endpoint(RoutePattern.POST(`things${i}`, PathCodec.int('id')))
    .query(HttpCodec.query('limit', Schema.Integer()).optional())
    .in(
      Schema.Object({
        name: Schema.String({ description: 'the name' }),
        tags: Schema.Array(Schema.String()),
        size: Schema.Optional(Schema.Integer()),
      }),
    )
    .out(Schema.Object({ id: Schema.Integer() }))
    .operationId(`createThing${i}`)
    .doc(`Create thing ${i}`),
);

test('one call of a 400-operation CLI answers; help still lists every command', async () => {
  const fetch = async () => new Response('{"id":7}', { status: 200, headers: { 'content-type': 'application/json' } });
  const app = HttpCliApp.fromEndpoints({
    name: 'big',
    version: '1',
    summary: 's',
    host: '127.0.0.1',
    port: 9,
    endpoints,
    executor: { fetch },
  });
  let out = '';
  let err = '';
  const io = {
    stdout: { write: (c: string | Uint8Array) => (out += String(c)) },
    stderr: { write: (c: string | Uint8Array) => ((err += String(c)), true) },
    stdin: (async function* () {})(),
  };
  const code = await app.cliApp.run(['create-thing399', '--id', '1', '--.name', 'x', '--.tags', 'a'], io);
  assert.equal(code, 0, err);
  assert.match(out, /"id": ?7/);
  out = '';
  assert.equal(await app.cliApp.run(['--help'], { ...io, columns: 200 }), 0);
  assert.equal(
    out.match(/^ {2}create-thing\d+ \[options\] +Create thing \d+ \(POST \/things\d+\/\{id\}\)$/gm)?.length,
    400,
  );
  out = '';
  assert.equal(await app.cliApp.run(['help', 'create-thing5'], io), 0);
  assert.match(out, /Usage: big create-thing5 --id <integer>/);
});
