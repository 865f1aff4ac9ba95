// `kitgen check` reads a declared response header as its `simple` style writes it: beezup's
// Cache-Control and Content-Language are arrays of strings, and the answer's `no-cache` (the
// array `["no-cache"]`) was judged as the string it is on the wire, "must be array". An array is
// its items joined by commas, an object its keys and values; a value the schema refuses still is.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DocumentReferee, type OpenApiDocument } from '../src/check/documentReferee.ts';
import { documentOperations } from '../src/check/documentOperations.ts';
import { loadPatternTester } from '../src/check/patternTester.ts';
import { judgeHeaders } from '../src/check/responseHeaders.ts';

const patterns = await loadPatternTester();

const doc = {
  openapi: '3.0.3',
  info: { title: 'lists', version: '1' },
  paths: {
    '/lov': {
      get: {
        operationId: 'listValues',
        responses: {
          '200': {
            description: 'ok',
            headers: {
              'Cache-Control': { schema: { type: 'array', items: { type: 'string' } }, style: 'simple' },
              'X-Pages': { schema: { type: 'array', items: { $ref: '#/components/schemas/Page' } } },
              'X-Rate': {
                schema: { type: 'object', properties: { limit: { type: 'integer' }, left: { type: 'integer' } } },
              },
              'X-Rate-Exploded': {
                explode: true,
                schema: { type: 'object', properties: { limit: { type: 'integer' } }, additionalProperties: false },
              },
            },
          },
        },
      },
    },
  },
  components: { schemas: { Page: { type: 'integer', minimum: 1 } } },
} as unknown as OpenApiDocument;

const judge = (headers: Record<string, string>) =>
  judgeHeaders(doc, new DocumentReferee(doc, patterns), documentOperations(doc)[0], 200, new Headers(headers));

test('array and object headers are read as the simple style writes them', () => {
  assert.deepEqual(
    judge({
      'cache-control': 'no-cache',
      'x-pages': '1,2, 3',
      'x-rate': 'limit,10,left,4',
      'x-rate-exploded': 'limit=10',
    }),
    [],
  );
  assert.deepEqual(judge({ 'cache-control': 'no-cache, no-store' }), []);
});

test('a header value its schema refuses is still a finding', () => {
  const findings = judge({ 'x-pages': '1,0', 'x-rate': 'limit,ten', 'x-rate-exploded': 'other=1' });
  assert.deepEqual(
    findings.map((f) => [f.category, f.message.split(':')[1].trim()]),
    [
      ['response-header-schema', 'header X-Pages'],
      ['response-header-schema', 'header X-Rate'],
      ['response-header-schema', 'header X-Rate-Exploded'],
    ],
  );
});
