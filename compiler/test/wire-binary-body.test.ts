// The wire test's invalid requests never spoil a body of bytes: noosh's profile image is
// `type: string, format: binary` under `application/json` (and `*/*`), the whole body as sent,
// so `{}` or broken JSON is a valid image as far as the document says. A JSON object body
// beside it is still spoiled both ways.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { DocumentReferee, type OpenApiDocument } from '../src/check/documentReferee.ts';
import { documentOperations } from '../src/check/documentOperations.ts';
import { caseArbitrary, caseParts } from '../src/check/operationCases.ts';
import { loadPatternTester } from '../src/check/patternTester.ts';
import { invalidRequests } from '../src/check/spoilers.ts';

const patterns = await loadPatternTester();

const operation = (schema: object) => ({
  requestBody: { required: true, content: { 'application/json': { schema }, '*/*': { schema } } },
  responses: { '200': { description: 'done' } },
});
const doc = {
  openapi: '3.0.1',
  info: { title: 'noosh', version: '1' },
  paths: {
    '/profileImage': { post: { operationId: 'upload', ...operation({ type: 'string', format: 'binary' }) } },
    '/profile': {
      post: {
        operationId: 'update',
        ...operation({ type: 'object', required: ['name'], properties: { name: { type: 'string' } } }),
      },
    },
  },
} as unknown as OpenApiDocument;

const spoils = (operationId: string) => {
  const op = documentOperations(doc).find((o) => o.operationId === operationId)!;
  const referee = new DocumentReferee(doc, patterns);
  const [input] = fc.sample(caseArbitrary(doc, op), { numRuns: 1, seed: 1 });
  const valid = caseParts(doc, referee, op, input);
  assert.ok(!('owner' in valid), JSON.stringify(valid));
  return invalidRequests(doc, referee, op, valid).map((s) => s.how);
};

test('a binary body under a JSON media type is never spoiled as JSON; leaving it out still is', () => {
  assert.deepEqual(spoils('upload'), ['required body left out']);
});

test('a JSON object body is spoiled with a value its schema refuses and with broken JSON', () => {
  assert.deepEqual(spoils('update'), ['body {}', 'body not JSON', 'required body left out']);
});
