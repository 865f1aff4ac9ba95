// The `Accept` `kitgen check` sends with a valid request: only a media type every success with a
// body serves. A content key that is no media type (akeneo's `x-example-1` examples, Azure LUIS'
// `JSON`) is never sent as `Accept`; neither is a type one success has and another lacks
// (superset's thumbnail: `200` in `image/*`, `202` in JSON, where the server picks the status),
// nor a multipart type, whose parts the document gives no schema of (bitbucket's snippet, one
// JSON schema under `multipart/related` too). The check had asked `kitgen mock` for each and
// reported its 406s as violations of the document.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OpenApiDocument } from '../src/check/documentReferee.ts';
import { documentOperations } from '../src/check/documentOperations.ts';
import { caseArbitrary } from '../src/check/operationCases.ts';
import { runCheck } from '../src/check/runCheck.ts';
import { startMockProcess } from './support/mockProcess.ts';

const status = {
  type: 'object',
  required: ['line'],
  properties: { line: { type: 'integer', minimum: 1, maximum: 9 }, code: { type: 'string', maxLength: 8 } },
};
const doc = {
  openapi: '3.0.3',
  info: { title: 'accept', version: '1' },
  paths: {
    '/categories': {
      get: {
        operationId: 'patchCategories',
        responses: {
          '200': {
            description: 'ok',
            content: {
              'application/json': { schema: status },
              'x-example-1': { examples: { response: { value: '{"line":1}' } } },
              JSON: { schema: status },
            },
          },
        },
      },
    },
    '/thumbnail': {
      get: {
        operationId: 'thumbnail',
        responses: {
          '200': { description: 'the image', content: { 'image/*': { schema: { type: 'string', format: 'binary' } } } },
          '202': { description: 'being drawn', content: { 'application/json': { schema: status } } },
        },
      },
    },
    '/snippet': {
      get: {
        operationId: 'snippet',
        responses: {
          '200': {
            description: 'the snippet',
            content: {
              'application/json': { schema: status },
              'multipart/related': { schema: status },
              'multipart/form-data': { schema: status },
            },
          },
        },
      },
    },
  },
} as unknown as OpenApiDocument;

test('Accept asks only for a media type every success with a body serves', () => {
  const asked = (operationId: string) => {
    const op = documentOperations(doc).find((o) => o.operationId === operationId)!;
    return new Set(fc.sample(caseArbitrary(doc, op), { numRuns: 100, seed: 5 }).map((i) => i.accept));
  };
  assert.deepEqual(asked('patchCategories'), new Set([undefined, 'application/json']));
  assert.deepEqual(asked('thumbnail'), new Set([undefined]));
  assert.deepEqual(asked('snippet'), new Set([undefined, 'application/json']));
});

let dir: string;
before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kitgen-check-accept-'));
  await writeFile(join(dir, 'accept.json'), JSON.stringify(doc));
});
after(async () => {
  await rm(dir, { recursive: true, force: true });
});

test('against kitgen mock no valid request is answered 406', async () => {
  const mock = await startMockProcess([join(dir, 'accept.json')]);
  try {
    const report = await runCheck(doc, { baseUrl: mock.url, maxExamples: 20, seed: 7, headers: [], timeoutMs: 10_000 });
    assert.equal(report.operations.length, 3);
    assert.deepEqual(
      report.operations.flatMap((o) => o.violations),
      [],
    );
  } finally {
    assert.equal(await mock.stop(), 0);
  }
});
