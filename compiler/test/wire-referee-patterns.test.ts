// The wire test's referee and sampler read a document's `pattern` as ECMA-262 does: one that only
// compiles outside unicode mode (AWS's `^arn[\/\:\-\_\.a-zA-Z0-9]+$`, whose `\:` and `\_` are the
// characters themselves) is still checked, not skipped, so a text breaking it is no valid request.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DocumentReferee, type OpenApiDocument } from './support/documentReferee.ts';
import { patternSample } from '../src/mock/patternSample.ts';

const arn = '^arn[\\/\\:\\-\\_\\.a-zA-Z0-9]+$';
const doc = {
  openapi: '3.0.3',
  info: { title: 'Patterns', version: '1' },
  paths: {},
  components: { schemas: { Arn: { type: 'string', pattern: arn, format: 'password' } } },
} as unknown as OpenApiDocument;

test('a pattern that compiles only outside unicode mode is checked, not skipped', () => {
  const referee = new DocumentReferee(doc);
  assert.deepEqual(referee.skippedPatterns, []);
  assert.equal(
    referee.check('/components/schemas/Arn', 'request', 'arn:aws:chime:us-east-1:1:meeting/a_b.c-d'),
    undefined,
  );
  assert.match(referee.check('/components/schemas/Arn', 'request', 'pa$$word') ?? '', /pattern/);
});

test('the sampler makes a text matching such a pattern', () => {
  const text = patternSample(arn, 1, 1024);
  assert.ok(text !== undefined && new RegExp(arn).test(text), `sampled ${String(text)}`);
  const referee = new DocumentReferee(doc);
  assert.equal(referee.check('/components/schemas/Arn', 'request', text), undefined);
});
