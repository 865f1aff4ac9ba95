// The wire test's referee and sampler read a document's `pattern` as ECMA-262 does: one that only
// compiles outside unicode mode (AWS's `^arn[\/\:\-\_\.a-zA-Z0-9]+$`, whose `\:` and `\_` are the
// characters themselves) is still checked, not skipped, so a text breaking it is no valid request.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DocumentReferee, type OpenApiDocument } from './support/documentReferee.ts';
import { patternSample } from '../src/mock/patternSample.ts';
import { loadPatternTester } from '../src/check/patternTester.ts';

const patterns = await loadPatternTester();

const arn = '^arn[\\/\\:\\-\\_\\.a-zA-Z0-9]+$';
const doc = {
  openapi: '3.0.3',
  info: { title: 'Patterns', version: '1' },
  paths: {},
  components: { schemas: { Arn: { type: 'string', pattern: arn, format: 'password' } } },
} as unknown as OpenApiDocument;

test('a pattern that compiles only outside unicode mode is checked, not skipped', () => {
  const referee = new DocumentReferee(doc, patterns);
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
  const referee = new DocumentReferee(doc, patterns);
  assert.equal(referee.check('/components/schemas/Arn', 'request', text), undefined);
});

// BeezUP's URL pattern: on V8's backtracking engine a 60-character text that fails it takes
// minutes (`([\/\w \.-]*)*` nests one repetition in another). With the runtime's engines it is
// judged at once, and still by the pattern: a text it takes is taken, one it refuses is refused.
const url = '^(https?:\\/\\/)?([\\da-z\\.-]+)\\.([a-z\\.]{2,6})([\\/\\w \\.-]*)*\\/?$';
const urlDoc = {
  openapi: '3.0.3',
  info: { title: 'Patterns', version: '1' },
  paths: {},
  components: { schemas: { Url: { type: 'string', pattern: url }, Code: { type: 'string', pattern: '^[0-9]+$' } } },
} as unknown as OpenApiDocument;

test("a pattern that backtracks on V8 is judged on the runtime's engines, with the same verdicts", () => {
  const referee = new DocumentReferee(urlDoc, patterns);
  assert.equal(referee.check('/components/schemas/Url', 'response', 'http://www.example.com/a/b c.d'), undefined);
  const failing = `http://www.example.com/${'a'.repeat(60)}!`;
  assert.match(referee.check('/components/schemas/Url', 'response', failing) ?? '', /pattern/);
  // Each pattern of one document keeps its own test (ajv keys compiled patterns by their text).
  assert.equal(referee.check('/components/schemas/Code', 'response', '123'), undefined);
  assert.match(referee.check('/components/schemas/Code', 'response', 'www.example.com') ?? '', /pattern/);
  // The AWS pattern, which compiles only outside unicode mode, is still read as ECMA-262 reads it.
  const arnReferee = new DocumentReferee(doc, patterns);
  assert.equal(
    arnReferee.check('/components/schemas/Arn', 'request', 'arn:aws:chime:us-east-1:1:meeting/a'),
    undefined,
  );
  assert.match(arnReferee.check('/components/schemas/Arn', 'request', 'pa$$word') ?? '', /pattern/);
});
