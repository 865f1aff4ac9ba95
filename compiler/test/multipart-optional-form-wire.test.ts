// A multipart form whose requestBody is not required (OpenAPI's default: Budget Insight's
// `GET /webauth`) may be left out whole: the generated server answers a request without a body
// with the handler's answer, its parts absent; a required form of the same optional parts still
// refuses such a request (XTRF's uploads), as do the form's required parts when sent.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { EndpointGen } from '../src/index.ts';
import { repoRoot } from './support/fixtures.ts';
import { serve } from './support/e2e.ts';
import { importGeneratedServer } from './support/generatedServer.ts';

const form = (required: boolean) => ({
  ...(required ? { required: true } : {}),
  content: {
    'multipart/form-data': {
      schema: { type: 'object', properties: { client_id: { type: 'integer' }, state: { type: 'string' } } },
    },
  },
});
const ok = { '200': { description: 'ok', content: { 'application/json': { schema: {} } } } };
const document = {
  openapi: '3.0.3',
  info: { title: 'optional form', version: '1' },
  paths: {
    // A POST here: fetch sends no body with a GET.
    '/webauth': { post: { operationId: 'webauth', requestBody: form(false), responses: ok } },
    '/files': { post: { operationId: 'upload', requestBody: form(true), responses: ok } },
  },
};

test('a form the document does not require may be left out whole; a required one may not', async () => {
  const code = EndpointGen.fromOpenAPI(document, { targets: ['server'] });
  const dir = join(repoRoot, '.tmp', `multipart-optional-form-${process.pid}`);
  try {
    const generated = await importGeneratedServer(code.files, dir);
    const keys = (p: { body: object }) => Object.keys(p.body);
    const server = await serve(generated.routes({ webauth: keys, upload: keys }));
    try {
      const bodiless = await fetch(`${server.url}/webauth`, { method: 'POST' });
      assert.equal(bodiless.status, 200, await bodiless.clone().text());
      assert.deepEqual(await bodiless.json(), []);
      const sent = new FormData();
      sent.append('client_id', '7');
      const withForm = await fetch(`${server.url}/webauth`, { method: 'POST', body: sent });
      assert.deepEqual(await withForm.json(), ['client_id']);
      const required = await fetch(`${server.url}/files`, { method: 'POST' });
      assert.equal(required.status, 415, await required.clone().text());
    } finally {
      await server.shutdown();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
