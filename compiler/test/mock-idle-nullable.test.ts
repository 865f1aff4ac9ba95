// An OpenAPI 3.0 document's `nullable: false` beside no `type` says nothing (false is the
// default), though ajv refuses to compile it: the mock still judges and completes its samples
// there, so a property required without being described (a shared link's `accessed`) is answered
// and the generated server sends the body rather than a 500. The referee (kitgen check's too)
// reads such a flag as the nothing it says.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { DocumentReferee, type OpenApiDocument } from '../src/check/documentReferee.ts';
import { loadPatternTester } from '../src/check/patternTester.ts';
import { repoRoot } from './support/fixtures.ts';
import { startMockProcess, type MockProcess } from './support/mockProcess.ts';

const documentFile = 'compiler/test/fixtures/mock/idle-nullable.yaml';

let mock: MockProcess;
before(async () => {
  mock = await startMockProcess([documentFile]);
});
after(async () => {
  assert.equal(await mock.stop(), 0);
});

test('a body required to hold an undescribed property is answered with it, over the wire', async () => {
  const response = await fetch(`${mock.url}/files/1`);
  const body = (await response.json()) as { shared_link?: Record<string, unknown>; owned_by?: unknown };
  assert.equal(response.status, 200, JSON.stringify(body));
  assert.ok(body.shared_link !== null && typeof body.shared_link === 'object', JSON.stringify(body));
  assert.ok('accessed' in body.shared_link, JSON.stringify(body));
  assert.deepEqual(Object.keys(body.owned_by as object), ['id']);
});

test('the referee compiles and judges a schema where a false `nullable` stands beside no `type`', async () => {
  const doc = parse(readFileSync(join(repoRoot, documentFile), 'utf8')) as OpenApiDocument;
  const referee = new DocumentReferee(doc, await loadPatternTester());
  const owner = '/components/schemas/File/properties/owned_by';
  assert.equal(referee.check(owner, 'response', { id: 'u1' }), undefined);
  assert.match(referee.check(owner, 'response', { id: 1 }) ?? '', /must be string/);
  // A true `nullable` still admits null; the document itself is not changed.
  assert.equal(referee.check('/components/schemas/File/properties/shared_link', 'response', null), undefined);
  const owned = (doc.components as { schemas: { File: { properties: { owned_by: { allOf: object[] } } } } }).schemas
    .File.properties.owned_by;
  assert.deepEqual(owned.allOf[1], { nullable: false });
});
