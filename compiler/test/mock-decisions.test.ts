// The directory run's filing of `kitgen check` violations against `kitgen mock`: a 406 to an
// Accept of a response media type the model left out (warned at generate time) is one of kitgen's
// recorded decisions; a 406 to one the model carries stays a violation; a path the document
// declares with `//` is refused by the runtime, a recorded decision too.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { splitDecisions } from './support/checkMockDecisions.ts';
import { repoRoot } from './support/fixtures.ts';

const file = join(repoRoot, 'compiler/test/fixtures/mock/multipart-response.yaml');
const refused = (path: string, accept: string) =>
  `✗ GET ${path} — valid requests: response-status (status 406)\n` +
  `  status 406 is not declared (200): {"error":"Not Acceptable"}\n` +
  `  curl -i -X GET http://127.0.0.1:1${path} -H 'accept: ${accept}'`;

test('a 406 to a response media type the model left out is a recorded decision, saying why', async () => {
  const split = await splitDecisions(file, [refused('/profile/id-file', 'multipart/form-data')]);
  assert.deepEqual(split.violations, []);
  assert.equal(split.decisions.length, 1);
  assert.match(split.decisions[0], /recorded decision: the model left it out: response 200 multipart\/form-data has/);
});

test('a 406 to a media type the operation carries, or another operation declares, stays a violation', async () => {
  const violations = [refused('/profile/id-file', 'application/json'), refused('/profile/name', 'multipart/form-data')];
  const split = await splitDecisions(file, violations);
  assert.deepEqual(split.violations, violations);
  assert.deepEqual(split.decisions, []);
});

const emptySegmentRefusal = (path: string) =>
  `✗ GET ${path} — valid requests: valid-refused (status 400)\n` +
  `  {"error":"Bad Request","message":"Malformed request path: the path holds an empty segment (\\"//\\")"}\n` +
  `  curl -i -X GET http://127.0.0.1:1${path}`;

test('a refusal of a path the document declares with an empty segment is a recorded decision', async () => {
  const declared = [emptySegmentRefusal('//openapi'), emptySegmentRefusal('/map/{v}/wms// (GetCapabilities)')];
  const other = `✗ GET /profile/name — valid requests: valid-refused (status 400)\n  {"error":"Bad Request"}\n  curl -i -X GET http://127.0.0.1:1/profile/name`;
  const split = await splitDecisions(file, [...declared, other]);
  assert.deepEqual(split.violations, [other]);
  assert.equal(split.decisions.length, 2);
  for (const d of split.decisions)
    assert.match(d, /recorded decision: the runtime refuses an empty path segment in any request$/);
});
