// The referee reads `required: [""]` (GoDaddy's LineItemPricingTaxDetail) as JSON Schema does: an
// object must have a property named "". ajv alone takes any object as meeting it, while kitgen's
// runtime (TypeBox) holds it, so an answer the referee passed was refused by the server.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DocumentReferee, type OpenApiDocument } from './support/documentReferee.ts';
import { loadPatternTester } from '../src/check/patternTester.ts';

const patterns = await loadPatternTester();

const doc = {
  openapi: '3.0.3',
  info: { title: 'Empty name', version: '1' },
  paths: {},
  components: {
    schemas: {
      Tax: { properties: { amount: { type: 'integer' } }, required: [''] },
      Both: { type: 'object', properties: { a: { type: 'string' } }, required: ['a', ''] },
    },
  },
} as unknown as OpenApiDocument;

test('required: [""] needs a property named ""', () => {
  const referee = new DocumentReferee(doc, patterns);
  assert.notEqual(referee.check('/components/schemas/Tax', 'response', { amount: 1 }), undefined);
  assert.equal(referee.check('/components/schemas/Tax', 'response', { amount: 1, '': 'x' }), undefined);
  assert.notEqual(referee.check('/components/schemas/Both', 'response', { '': 1 }), undefined, 'a still required');
  assert.notEqual(referee.check('/components/schemas/Both', 'response', { a: 'x' }), undefined);
  assert.equal(referee.check('/components/schemas/Both', 'response', { a: 'x', '': 1 }), undefined);
});
