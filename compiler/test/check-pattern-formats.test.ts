// A pattern looser than the format beside it: Microsoft Graph writes every date-time as
// `format: date-time` with a pattern whose offset is `[+-][0-9][0-9]:[0-9][0-9]`, which takes
// -24:00 or +99:00, offsets no date-time has. `kitgen check` wrote texts of the pattern, the
// referee refused most of them by the format, and operations whose every case held one (Graph's
// `PATCH /admin/serviceAnnouncement/issues/{id}`) were skipped as ones no valid request could be
// made for. Texts of the format that match the pattern are written now.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { DocumentReferee, type OpenApiDocument } from '../src/check/documentReferee.ts';
import { loadPatternTester } from '../src/check/patternTester.ts';
import { schemaArbitrary } from '../src/check/schemaArbitrary.ts';
import { checkAgainstMock } from './support/checkAgainstMock.ts';

const dateTime = {
  type: 'string',
  format: 'date-time',
  pattern:
    '^[0-9]{4,}-(0[1-9]|1[012])-(0[1-9]|[12][0-9]|3[01])T([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]([.][0-9]{1,12})?(Z|[+-][0-9][0-9]:[0-9][0-9])$',
};
const doc = {
  openapi: '3.0.3',
  info: { title: 'issues', version: '1' },
  paths: {
    '/issues/{id}': {
      patch: {
        operationId: 'updateIssue',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Issue' } } },
        },
        responses: { '204': { description: 'updated' } },
      },
    },
  },
  components: {
    schemas: {
      dateTime,
      Issue: {
        type: 'object',
        required: ['startDateTime', 'endDateTime', 'lastModifiedDateTime'],
        properties: { startDateTime: dateTime, endDateTime: dateTime, lastModifiedDateTime: dateTime },
      },
    },
  },
} as unknown as OpenApiDocument;

test('a text generated for a pattern beside a format is of the format too', async () => {
  const referee = new DocumentReferee(doc, await loadPatternTester());
  const texts = fc.sample(schemaArbitrary(doc, '/components/schemas/dateTime', { view: 'request' }), {
    numRuns: 100,
    seed: 3,
  });
  for (const t of texts)
    assert.equal(referee.check('/components/schemas/dateTime', 'request', t), undefined, String(t));
});

test('against kitgen mock an operation of such date-times is called, not skipped', async () => {
  const report = await checkAgainstMock(doc, { maxExamples: 5, seed: 1 });
  const [op] = report.operations;
  assert.equal(op.unbuildable, undefined);
  assert.equal(op.valid, 5);
  assert.deepEqual(op.violations, []);
});
