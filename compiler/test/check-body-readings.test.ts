// Valid request bodies `kitgen check` sends as every reading of the document takes them: under a
// media range (`*/*`), a string one member of a JSON value's union sampled travels as JSON, as
// clients send such a body (apideck's proxy, `anyOf: [object, string]`, was sent as octet-stream,
// which the generated server reads as JSON); and a `format: regex` text is a pattern both
// ajv-formats (no `u` flag) and the runtime's TypeBox (`u` flag) compile (vercel's avatar: `{`).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { OpenApiDocument } from '../src/check/documentReferee.ts';
import { checkAgainstMock } from './support/checkAgainstMock.ts';

const ok = { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } } };
const doc = {
  openapi: '3.0.3',
  info: { title: 'body readings', version: '1' },
  paths: {
    '/proxy': {
      post: {
        operationId: 'proxy',
        requestBody: {
          required: true,
          content: {
            '*/*': {
              schema: { anyOf: [{ type: 'object', properties: { name: { type: 'string' } } }, { type: 'string' }] },
            },
          },
        },
        responses: ok,
      },
    },
    '/teams': {
      patch: {
        operationId: 'patchTeam',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['avatar'],
                properties: { avatar: { type: 'string', format: 'regex' } },
              },
            },
          },
        },
        responses: ok,
      },
    },
  },
} as unknown as OpenApiDocument;

test('against kitgen mock no valid body under a range or of a regex format is refused', async () => {
  const report = await checkAgainstMock(doc, { maxExamples: 40, seed: 3 });
  assert.equal(report.operations.length, 2);
  assert.deepEqual(
    report.operations.flatMap((o) => o.violations),
    [],
  );
});
