// The generated server's refusals in declared error shapes, over the wire (through kitgen mock,
// which serves the generated server): an object schema naming no property is any object, so the
// refusal keeps the runtime's `{error, message}` (Mist's 400 answered `{}`); and an error whose
// optional `innererror` is the error again carries the message once, not once per nesting level.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { DocumentReferee, type OpenApiDocument } from '../src/check/documentReferee.ts';
import { loadPatternTester } from '../src/check/patternTester.ts';
import { repoRoot } from './support/fixtures.ts';
import { startMockProcess, type MockProcess } from './support/mockProcess.ts';

const documentFile = 'compiler/test/fixtures/mock/error-fill-shapes.yaml';
const doc = parse(readFileSync(join(repoRoot, documentFile), 'utf8')) as OpenApiDocument;

let mock: MockProcess;
before(async () => {
  mock = await startMockProcess([documentFile]);
});
after(async () => {
  assert.equal(await mock.stop(), 0);
});

test('a refusal declared as an object naming no property says what was wrong', async () => {
  const response = await fetch(`${mock.url}/zones/not-a-uuid`);
  const body = (await response.json()) as Record<string, unknown>;
  assert.equal(response.status, 400, JSON.stringify(body));
  assert.equal(body.error, 'Bad Request', JSON.stringify(body));
  assert.match(String(body.message), /path parameter 'id'/);
  const referee = new DocumentReferee(doc, await loadPatternTester());
  const schema = '/paths/~1zones~1{id}/get/responses/400/content/application~1json/schema';
  assert.equal(referee.check(schema, 'response', body), undefined);
});

test('an error whose optional innererror is the error again holds the message once', async () => {
  const response = await fetch(`${mock.url}/vaults/abc`);
  const body = (await response.json()) as { error: Record<string, unknown> };
  assert.equal(response.status, 400, JSON.stringify(body));
  assert.match(String(body.error.message), /path parameter 'id'/);
  assert.equal(body.error.innererror, undefined, JSON.stringify(body));
  const referee = new DocumentReferee(doc, await loadPatternTester());
  assert.equal(referee.check('/components/schemas/CloudError', 'response', body), undefined);
});
