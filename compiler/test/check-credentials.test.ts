// The credentials `kitgen check` (and the real-world wire test) puts in a valid request: one value
// per place. fec.gov's document asks, in one requirement, for two apiKey schemes that both name the
// query parameter `api_key` (and one in the `X-Api-Key` header), and declares `api_key` as a
// parameter too; sent twice, a server that refuses a repeated scalar parameter answers 400.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { type OpenApiDocument } from '../src/check/documentReferee.ts';
import { documentOperations } from '../src/check/documentOperations.ts';
import { credentials } from '../src/check/credentials.ts';
import { validParts } from '../src/check/requests.ts';

const doc = {
  openapi: '3.0.0',
  info: { title: 'keys', version: '1' },
  components: {
    securitySchemes: {
      ApiKeyHeaderAuth: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
      ApiKeyQueryAuth: { type: 'apiKey', in: 'query', name: 'api_key' },
      apiKey: { type: 'apiKey', in: 'query', name: 'api_key' },
      session: { type: 'apiKey', in: 'cookie', name: 'sid' },
      again: { type: 'apiKey', in: 'cookie', name: 'sid' },
    },
  },
  security: [{ ApiKeyHeaderAuth: [], ApiKeyQueryAuth: [], apiKey: [], session: [], again: [] }],
  paths: {
    '/audit-case/': {
      get: {
        parameters: [{ name: 'api_key', in: 'query', required: true, schema: { type: 'string', default: 'DEMO_KEY' } }],
        responses: { default: { description: 'page' } },
      },
    },
  },
} as unknown as OpenApiDocument;

const samples = { valid: () => ({ ok: true as const, value: 'DEMO_KEY' }), xml: () => undefined };

test('two schemes naming one query parameter or cookie give it one value, not two', () => {
  const op = documentOperations(doc)[0];
  const { parts, required } = credentials(doc, op);
  assert.equal(required, true);
  assert.deepEqual(parts.query, [['api_key', 'key-1']]);
  assert.deepEqual(parts.headers, [['x-api-key', 'key-1']]);
  assert.deepEqual(parts.cookies, [['sid', 'key-1']]);
});

test("a credential the document also declares as a parameter is sent once, with the credential's value", () => {
  const op = documentOperations(doc)[0];
  const parts = validParts(doc, op, samples, undefined);
  assert.ok(!('owner' in parts), JSON.stringify(parts));
  assert.deepEqual(
    parts.query.filter(([k]) => k === 'api_key'),
    [['api_key', 'key-1']],
  );
});
