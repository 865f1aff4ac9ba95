// A declared `text/xml` error (SimpleDB's, whose objects kitgen's model reads as text): the
// runtime's own 400 goes out in that media type as a minimal XML document, S3's
// `<Error><Code/><Message/></Error>`, with the request's text escaped so the document stays
// well-formed, rather than as the runtime's JSON or as bare text labelled XML.
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
  info: { title: 'xml errors', version: '1' },
  paths: {
    '/things': {
      get: {
        operationId: 'listThings',
        parameters: [{ name: 'limit', in: 'query', required: true, schema: { type: 'integer' } }],
        responses: {
          '200': { description: 'ok', content: { 'text/xml': { schema: { type: 'string' } } } },
          '400': {
            description: 'MissingParameter',
            content: {
              'text/xml': {
                schema: { type: 'object', properties: { BoxUsage: { type: 'number' } } },
              },
            },
          },
        },
      },
    },
  },
};

test('a text/xml declared error gets the failure as a minimal XML document', async () => {
  const code = EndpointGen.fromOpenAPI(document, { targets: ['server'] });
  const dir = join(repoRoot, '.tmp', `declared-errors-xml-${process.pid}`);
  try {
    const generated = await importGeneratedServer(code.files, dir);
    const server = await serve(generated.routes({ listThings: () => '<things/>' }));
    try {
      const ok = await fetch(`${server.url}/things?limit=2`);
      assert.equal(ok.status, 200);
      const bad = await fetch(`${server.url}/things?limit=%3C1%3E%26`);
      assert.equal(bad.status, 400);
      assert.equal(bad.headers.get('content-type'), 'text/xml; charset=utf-8');
      const text = await bad.text();
      const match =
        /^<\?xml version="1\.0" encoding="UTF-8"\?><Error><Code>(KITGEN_ERR_[A-Z_]+)<\/Code><Message>([^<>]*)<\/Message><\/Error>$/.exec(
          text,
        );
      assert.ok(match, text);
      assert.match(match[2], /limit/);
      assert.match(match[2], /&#60;1&#62;&#38;/, 'the request text escaped');
    } finally {
      await server.shutdown();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
