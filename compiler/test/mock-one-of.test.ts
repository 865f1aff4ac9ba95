// A oneOf whose first member's sample also fits another member: the mock answers a value that
// fits exactly one member, as `oneOf` requires, where the document allows one (another member's
// own sample, or another value of an enum only one member allows) — over the wire, where the
// generated server sends what the generated types hold, and for every seed of the sampler.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { DocumentReferee, RefereeUnable, type OpenApiDocument } from '../src/check/documentReferee.ts';
import { loadPatternTester } from '../src/check/patternTester.ts';
import { DocumentSamples } from '../src/mock/documentSamples.ts';
import { repoRoot } from './support/fixtures.ts';
import { startMockProcess, type MockProcess } from './support/mockProcess.ts';

const documentFile = 'compiler/test/fixtures/mock/one-of.yaml';
const doc = parse(readFileSync(join(repoRoot, documentFile), 'utf8')) as OpenApiDocument;
const referee = new DocumentReferee(doc, await loadPatternTester());
const schemaOf = (path: string, method: string) =>
  `/paths/${path.replace(/~/g, '~0').replace(/\//g, '~1')}/${method}/responses/200/content/application~1json/schema`;
const operations = [
  ['/records', 'post'],
  ['/search', 'get'],
  ['/actions', 'get'],
] as const;

let mock: MockProcess;
before(async () => {
  mock = await startMockProcess([documentFile]);
});
after(async () => {
  assert.equal(await mock.stop(), 0);
});

test('each answer fits exactly one member of its oneOf, over the wire', async () => {
  for (const [path, method] of operations) {
    const response = await fetch(`${mock.url}${path}`, { method: method.toUpperCase() });
    assert.equal(response.status, 200, path);
    const body = (await response.json()) as unknown;
    assert.equal(
      referee.check(schemaOf(path, method), 'response', body),
      undefined,
      `${path}: ${JSON.stringify(body)}`,
    );
  }
});

test('the members are told apart as a reader would: by their own properties and enum values', async () => {
  // The second member's own sample: no `updated`, which the first requires.
  const record = (await (await fetch(`${mock.url}/records`, { method: 'POST' })).json()) as Record<string, unknown>;
  assert.deepEqual(Object.keys(record), ['uid']);
  // The result's own status, which the error's enum lacks: no property the member does not declare.
  const found = (await (await fetch(`${mock.url}/search`)).json()) as Record<string, unknown>;
  assert.deepEqual(Object.keys(found).sort(), ['price', 'request_id', 'status']);
  assert.equal(found.status, 'SUCCESS');
});

test('for every seed, the sample of each oneOf fits exactly one member', () => {
  for (const seed of [undefined, 1, 2, 3]) {
    const samples = new DocumentSamples(doc, referee, {
      documentFault: (e) => e instanceof RefereeUnable,
      ...(seed === undefined ? {} : { seed }),
    });
    for (const [path, method] of operations) {
      const sampled = samples.valid(schemaOf(path, method), 'response');
      assert.ok(sampled.ok, `seed ${seed}, ${path}: ${'message' in sampled ? sampled.message : ''}`);
    }
  }
});
