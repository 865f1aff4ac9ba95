// `kitgen check` sends no "invalid" request whose only fault is fitting two members of a `oneOf`.
// kitgen reads `oneOf` as `anyOf` by a recorded decision, and zoom's settings bodies are a `oneOf`
// of objects none of whose fields is required: `{}` fits every member, so the check sent `{}` as
// "a body its schema refuses" and the mock's 200 was counted a violation (6 in zoom).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DocumentReferee, type OpenApiDocument } from '../src/check/documentReferee.ts';
import { documentOperations } from '../src/check/documentOperations.ts';
import { loadPatternTester } from '../src/check/patternTester.ts';
import { moreInvalidRequests } from '../src/check/moreSpoilers.ts';
import { invalidRequests } from '../src/check/spoilers.ts';
import type { RequestParts } from '../src/check/requests.ts';

const patterns = await loadPatternTester();

const settings = (name: string) => ({
  type: 'object',
  properties: { [name]: { type: 'object', properties: { enabled: { type: 'boolean' } } } },
});
const doc = {
  openapi: '3.0.3',
  info: { title: 'settings', version: '1' },
  paths: {
    '/settings': {
      patch: {
        operationId: 'update',
        requestBody: {
          required: true,
          content: {
            'application/json': { schema: { oneOf: [settings('in_meeting'), settings('meeting_security')] } },
          },
        },
        responses: { '204': { description: 'updated' } },
      },
    },
  },
} as unknown as OpenApiDocument;

test('a body refused only for fitting two oneOf members is not sent as invalid; one of another type is', () => {
  const referee = new DocumentReferee(doc, patterns);
  const op = documentOperations(doc)[0];
  // The referee itself refuses `{}`: both members take it.
  const pointer = op.body!.media[0].schemaPointer!;
  assert.match(referee.check(pointer, 'request', {}) ?? '', /exactly one schema in oneOf/);
  const valid: RequestParts = {
    path: {},
    query: [],
    headers: [],
    cookies: [],
    body: { contentType: 'application/json', payload: '{"in_meeting":{"enabled":true}}' },
  };
  const bodies = [...invalidRequests(doc, referee, op, valid), ...moreInvalidRequests(doc, referee, op, valid)]
    .filter((s) => s.parts.body !== undefined && s.how !== 'body not JSON')
    .map((s) => s.parts.body!.payload);
  assert.ok(!bodies.includes('{}'), JSON.stringify(bodies));
  assert.ok(bodies.includes('"zz-invalid"'), JSON.stringify(bodies));
});

test('an answer that fits several oneOf members is reported as such, not as a member it fails', () => {
  // Nexmo's report: every SMS report fits the call report too; the first member, which it does
  // not fit, had given the printed reason (a property it "must have").
  const reports = {
    openapi: '3.0.3',
    info: { title: 'reports', version: '1' },
    paths: {},
    components: {
      schemas: {
        Report: {
          oneOf: [
            { type: 'object', required: ['request_id'] },
            { type: 'object', properties: { product: { type: 'string' } } },
            { type: 'object', properties: { product: { type: 'string', enum: ['SMS', 'VOICE'] } } },
          ],
        },
      },
    },
  } as unknown as OpenApiDocument;
  const referee = new DocumentReferee(reports, patterns);
  assert.equal(
    referee.check('/components/schemas/Report', 'response', { product: 'SMS' }),
    '(root) must match exactly one schema in oneOf {"passingSchemas":[1,2]}',
  );
  // A value that fits none is refused by its first member's reason.
  assert.match(referee.check('/components/schemas/Report', 'response', 5) ?? '', /must be object/);
});
