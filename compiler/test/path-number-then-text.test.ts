// A number path parameter followed directly by another (NASA NeoWs' `/api/projects/{id}{.format}`,
// `id` an int64, `.format` any text): the number's text ends where its digits do, so the route
// is served and `123.json` reads as `123` and `.json`; two texts side by side stay refused.
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
  info: { title: 'number then text', version: '1' },
  paths: {
    '/api/projects/{id}{.format}': {
      get: {
        operationId: 'getProject',
        parameters: [
          { name: 'id', in: 'path', required: true, schema: { type: 'integer', format: 'int64' } },
          { name: '.format', in: 'path', required: true, schema: { type: 'string' } },
        ],
        responses: {
          '200': { description: 'ok', content: { 'application/json': { schema: { type: 'string' } } } },
        },
      },
    },
    '/two/{a}{b}': {
      get: {
        operationId: 'twoTexts',
        parameters: [
          { name: 'a', in: 'path', required: true, schema: { type: 'string' } },
          { name: 'b', in: 'path', required: true, schema: { type: 'string' } },
        ],
        responses: { '200': { description: 'ok' } },
      },
    },
  },
};

test('a number path parameter followed directly by text is routed, split after its digits', async () => {
  const code = EndpointGen.fromOpenAPI(document, { targets: ['server'] });
  assert.deepEqual(
    code.api.operations.map((o) => o.ident),
    ['getProject'],
  );
  assert.match(code.warnings.map((w) => w.message).join('\n'), /"\/two\/\{a\}\{b\}" cannot be routed/);
  const dir = join(repoRoot, '.tmp', `path-number-then-text-${process.pid}`);
  try {
    const generated = await importGeneratedServer(code.files, dir);
    const server = await serve(
      generated.routes({
        // The second name is an identifier of kitgen's making (`.format` is none): read the values.
        getProject: (p: Record<string, unknown>) =>
          Object.values(p)
            .map((v) => `${typeof v}:${String(v)}`)
            .join('|'),
      }),
    );
    try {
      const ok = await fetch(`${server.url}/api/projects/123.json`);
      assert.equal(ok.status, 200);
      assert.equal(await ok.json(), 'bigint:123|string:.json');
      const bad = await fetch(`${server.url}/api/projects/abc.json`);
      assert.equal(bad.status, 400);
    } finally {
      await server.shutdown();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
