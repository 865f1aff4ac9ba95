// `kitgen mock` over the wire on the document's examples that break their own schema. Such an
// example is no answer a contract-true mock gives: the mock judges every example of a response
// body as it starts (in the background, once listening), says once which breaks its schema (with
// its place in the document and why), and answers the next example that fits, else a value
// sampled from the schema. Azure's alert rule example holds an array where its schema
// (properties, no `type`) describes an object: ajv took it, and the generated server sent `{}` in
// its place. `Prefer: example=` naming a broken example is refused with a 500 naming why and the
// examples that fit. Also: a `default` response whose schema's own example is wrong is answered
// (fec.gov's legal search was a 500: the sampler's copy without examples had lost the response
// named `default`), and a date-time whose schema bounds its length is written to that length
// (unicourt's `minLength: 25`), without openapi-sampler's warning that its own text misses it.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { DocumentReferee, type OpenApiDocument } from '../src/check/documentReferee.ts';
import { loadPatternTester } from '../src/check/patternTester.ts';
import { timeOfLength } from '../src/mock/timeOfLength.ts';
import { runNode } from './support/e2e.ts';
import { repoRoot } from './support/fixtures.ts';
import { startMockProcess, type MockProcess } from './support/mockProcess.ts';

const documentFile = 'compiler/test/check/example-audit.openapi.yaml';
const doc = parse(readFileSync(join(repoRoot, documentFile), 'utf8')) as OpenApiDocument;
const referee = new DocumentReferee(doc, await loadPatternTester());
const schemaOf = (path: string, status: string) =>
  `/paths/${path.replaceAll('/', '~1')}/get/responses/${status}/content/application~1json/schema`;

let mock: MockProcess;
before(async () => {
  mock = await startMockProcess([documentFile]);
});
after(async () => {
  assert.equal(await mock.stop(), 0);
});

test('an example that breaks its schema is passed over for the next one that fits (null where a reference allows it)', async () => {
  const response = await fetch(`${mock.url}/rules/r`);
  const text = await response.text();
  assert.equal(response.status, 200, text);
  assert.deepEqual(JSON.parse(text), { name: 'r1', actionGroups: { groupIds: ['g1'] }, owner: null });
});

test('with no example that fits, a sample the schema accepts is answered', async () => {
  const response = await fetch(`${mock.url}/alerts/a`);
  const text = await response.text();
  assert.equal(response.status, 200, text);
  const body = JSON.parse(text) as { actionGroups: unknown };
  assert.ok(!Array.isArray(body.actionGroups), text);
  assert.equal(referee.check(schemaOf('/alerts/{name}', '200'), 'response', body), undefined, text);
});

test('the mock says as it starts, once per example, where an example breaks its schema and why', async () => {
  // Judged in the background once the mock listens (a large document's examples take a while).
  const said = () =>
    mock
      .output()
      .stderr.split('\n')
      .filter((l) => l.includes('breaks its own schema'));
  for (let i = 0; i < 100 && said().length < 2; i++) await new Promise((resolve) => setTimeout(resolve, 50));
  const lines = said();
  assert.equal(lines.length, 2, mock.output().stderr);
  // The shared example is reported where it is written, with its line in the document.
  const broken = lines.find((l) => l.includes('"broken"'));
  assert.match(
    broken ?? '',
    /example-audit\.openapi\.yaml:\d+:\d+: warning at \/components\/examples\/BrokenRule\/value: /,
  );
  assert.match(
    broken ?? '',
    /GET \/rules\/\{name\}: .*200 response in application\/json .*\/actionGroups is no object.*answers another example instead/,
  );
  const only = lines.find((l) => l.includes('GET /alerts/{name}'));
  assert.match(
    only ?? '',
    /warning at \/paths\/~1alerts~1\{name\}\/get\/responses\/200\/content\/application~1json\/example: .*answers a sample instead/,
  );
});

test('Prefer: example= naming a broken example is a 500 naming why and the examples that fit', async () => {
  const refused = await fetch(`${mock.url}/rules/r`, { headers: { prefer: 'example=broken' } });
  const body = (await refused.json()) as { message: string };
  assert.equal(refused.status, 500);
  assert.match(body.message, /example "broken" .* breaks its own schema \(\/actionGroups is no object/);
  assert.match(body.message, /at \/components\/examples\/BrokenRule\/value; its examples that fit: good$/);
  const good = await fetch(`${mock.url}/rules/r`, { headers: { prefer: 'example=good' } });
  assert.equal(good.status, 200);
  assert.deepEqual(await good.json(), { name: 'r1', actionGroups: { groupIds: ['g1'] }, owner: null });
});

test("a `default` response whose schema's own example is wrong is answered with a sample that fits", async () => {
  const response = await fetch(`${mock.url}/search`);
  const text = await response.text();
  assert.equal(response.status, 200, text);
  assert.equal(referee.check(schemaOf('/search', 'default'), 'response', JSON.parse(text)), undefined, text);
});

test('a date-time is written to the length its schema bounds', async () => {
  const response = await fetch(`${mock.url}/usage`);
  const body = (await response.json()) as { lastUpdated: string; checkedAt: string };
  assert.equal(response.status, 200);
  assert.equal(body.lastUpdated.length, 25, body.lastUpdated);
  assert.ok(body.checkedAt.length >= 22 && body.checkedAt.length <= 35, body.checkedAt);
  assert.equal(referee.check(schemaOf('/usage', '200'), 'response', body), undefined, JSON.stringify(body));
  assert.ok(!Number.isNaN(Date.parse(body.lastUpdated)), body.lastUpdated);
  // openapi-sampler's own date-time misses the bound, which it warned of on the mock's stderr.
  assert.doesNotMatch(mock.output().stderr, /is incorrect with format/);
});

test('every length from 20 up, but 21, writes the same instant; one beyond the bounds is none', () => {
  const at = '2019-08-24T14:15:22Z';
  for (let length = 20; length <= 40; length++) {
    const text = timeOfLength(at, length, length);
    if (length === 21) assert.equal(text, undefined);
    else assert.equal(Date.parse(text ?? ''), Date.parse(at), `${length}: ${text}`);
  }
  assert.equal(timeOfLength(at, 25, 25), '2019-08-24T14:15:22+00:00');
  assert.equal(timeOfLength(at, 0, 19), undefined);
  assert.equal(timeOfLength('14:15:22Z', 11, 11), '14:15:22.0Z');
});

test('kitgen check against the mock finds no violation', { timeout: 120_000 }, async () => {
  const run = await runNode(['bin/kitgen.js', 'check', documentFile, '--url', mock.url, '--seed', '3']);
  assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
  assert.match(run.stdout, /^no violations: 4 operations, \d+ requests/m);
});
