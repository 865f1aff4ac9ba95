// A declared error whose texts have a `maxLength` (unicourt's 255-character `message`): the
// runtime's message for a refused parameter quotes the value it refused, so a long value made a
// message past the limit, the filled error fitted none of the declared shapes, and the server
// answered with its own default body instead. The generated mapper cuts the texts to their limits.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { DocumentReferee, type OpenApiDocument } from '../src/check/documentReferee.ts';
import { loadPatternTester } from '../src/check/patternTester.ts';
import { repoRoot } from './support/fixtures.ts';
import { startMockProcess, type MockProcess } from './support/mockProcess.ts';

const documentFile = 'compiler/test/fixtures/mock/error-text-length.yaml';

let mock: MockProcess;
before(async () => {
  mock = await startMockProcess([documentFile]);
});
after(async () => {
  assert.equal(await mock.stop(), 0);
});

test('a refusal quoting a long value is cut to the declared error texts, and fits the declared 400', async () => {
  const response = await fetch(`${mock.url}/search?q=${'x'.repeat(500)}`);
  const body = (await response.json()) as Record<string, string>;
  assert.equal(response.status, 400, JSON.stringify(body));
  assert.equal(body.object, 'Exception');
  assert.equal(body.message.length, 60, JSON.stringify(body));
  assert.equal(body.details.length, 80, JSON.stringify(body));
  assert.match(body.message, /^query parameter 'q'/);
  const doc = parse(readFileSync(join(repoRoot, documentFile), 'utf8')) as OpenApiDocument;
  const referee = new DocumentReferee(doc, await loadPatternTester());
  assert.equal(referee.check('/components/schemas/Exception', 'response', body), undefined);
});

test('a short refusal keeps its whole message', async () => {
  const response = await fetch(`${mock.url}/search`);
  const body = (await response.json()) as Record<string, string>;
  assert.equal(response.status, 400, JSON.stringify(body));
  // Shorter than the limit, so nothing of it was cut; it still names the parameter.
  assert.ok(body.message.length < 60, JSON.stringify(body));
  assert.match(body.message, /'q'/);
});
