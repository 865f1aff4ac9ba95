// A `default` error declared without a body but with a required header (ably's: `x-ably-serverid`,
// a server's own id, which nothing in the runtime's failure can fill): the runtime's own 400 goes
// out without a body, as declared, and generation warns that the header is left unmet.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { EndpointGen } from '../src/index.ts';
import { repoRoot } from './support/fixtures.ts';
import { serve } from './support/e2e.ts';
import { importGeneratedServer } from './support/generatedServer.ts';

const document = {
  openapi: '3.0.3',
  info: { title: 'bodiless errors', version: '1' },
  paths: {
    '/messages': {
      get: {
        operationId: 'listMessages',
        parameters: [{ name: 'format', in: 'query', schema: { type: 'string', enum: ['json', 'msgpack'] } }],
        responses: {
          '200': { description: 'ok', content: { 'application/json': { schema: { type: 'string' } } } },
          default: {
            description: 'Error',
            headers: {
              'x-ably-errorcode': { schema: { type: 'integer' } },
              'x-ably-serverid': { required: true, schema: { type: 'string' } },
            },
          },
        },
      },
    },
  },
};

test('a bodiless declared error with a required header: no body, and a warning naming the header', async () => {
  const code = EndpointGen.fromOpenAPI(document, { targets: ['server'] });
  assert.match(
    code.warnings.map((w) => w.message).join('\n'),
    /listMessages \(400: a required header \(x-ably-serverid\)\)/,
  );
  const dir = join(repoRoot, '.tmp', `error-bodiless-header-${process.pid}`);
  try {
    const generated = await importGeneratedServer(code.files, dir);
    const server = await serve(generated.routes({ listMessages: () => 'ok' }));
    try {
      const bad = await fetch(`${server.url}/messages?format=zz-invalid`);
      assert.equal(bad.status, 400);
      assert.equal(await bad.text(), '');
      assert.equal(bad.headers.get('content-type'), null);
    } finally {
      await server.shutdown();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
