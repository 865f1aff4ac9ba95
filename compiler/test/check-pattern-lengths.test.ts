// The texts `kitgen check` generates for a `pattern` with length limits match the pattern:
// fast-check writes text around the match of an unanchored pattern, and cutting that to the
// maximum length cut the match (nexmo's phone `number`, `\d{7,15}` of 7 to 15 characters, came
// out as `P)U=EAIo<441432`). In nexmo's `oneOf` such an object still passes the SIP member, which
// requires only `type`, so the check sent it as valid and reported the server's refusal of the
// broken number; with whole matches every phone object matches both members and is never sent.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { OpenApiDocument } from '../src/check/documentReferee.ts';
import { schemaArbitrary } from '../src/check/schemaArbitrary.ts';
import { checkAgainstMock } from './support/checkAgainstMock.ts';

const number = { type: 'string', pattern: '\\d{7,15}', minLength: 7, maxLength: 15 };
const doc = {
  openapi: '3.0.3',
  info: { title: 'members', version: '1' },
  paths: {
    '/members': {
      post: {
        operationId: 'createMember',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['from'],
                properties: {
                  from: {
                    oneOf: [
                      {
                        type: 'object',
                        required: ['number', 'type'],
                        properties: { number, type: { type: 'string' } },
                      },
                      {
                        type: 'object',
                        required: ['type'],
                        properties: { type: { type: 'string' }, uri: { type: 'string' } },
                      },
                    ],
                  },
                },
              },
            },
          },
        },
        responses: { '201': { description: 'created' } },
      },
    },
  },
  components: { schemas: { number } },
} as unknown as OpenApiDocument;

test('a text generated for an unanchored pattern with length limits matches the pattern', () => {
  const texts = fc.sample(schemaArbitrary(doc, '/components/schemas/number', { view: 'request' }), {
    numRuns: 200,
    seed: 4,
  });
  for (const t of texts) assert.match(t as string, /^\d{7,15}$/);
});

test('against kitgen mock no valid request carries a number its pattern refuses', async () => {
  const report = await checkAgainstMock(doc, { maxExamples: 30, seed: 1 });
  assert.ok(report.operations[0].valid > 0, 'valid requests were sent');
  assert.deepEqual(
    report.operations.flatMap((o) => o.violations),
    [],
  );
});
