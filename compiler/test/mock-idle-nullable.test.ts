// An OpenAPI 3.0 document's `nullable: false` beside no `type` says nothing (false is the
// default), though ajv refuses to compile it: the mock still judges and completes its samples
// there, so a property required without being described (a shared link's `accessed`) is answered
// and the generated server sends the body rather than a 500.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { refereeDocument } from '../src/mock/refereeDocument.ts';
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

test('only a false `nullable` beside no `type` goes, and only from a 3.0 document', () => {
  const doc = parse(readFileSync(join(repoRoot, documentFile), 'utf8')) as Record<string, unknown>;
  const read = refereeDocument(doc) as typeof doc;
  const file = (read.components as { schemas: Record<string, { properties: Record<string, unknown> }> }).schemas.File;
  assert.deepEqual(file.properties.owned_by, { allOf: [{ $ref: '#/components/schemas/User' }, {}] });
  assert.equal((file.properties.shared_link as { nullable?: unknown }).nullable, true);
  // The document itself is not changed, and a property named `nullable` is a property.
  assert.equal(
    (doc.components as { schemas: { File: { properties: { owned_by: { allOf: object[] } } } } }).schemas.File.properties
      .owned_by.allOf.length,
    2,
  );
  const named = { openapi: '3.0.3', components: { schemas: { A: { properties: { nullable: false } } } } };
  assert.deepEqual(refereeDocument(named), named);
  const typed = { openapi: '3.0.3', components: { schemas: { A: { type: 'string', nullable: false } } } };
  assert.deepEqual(refereeDocument(typed), typed);
  const v31 = { openapi: '3.1.0', components: { schemas: { A: { nullable: false } } } };
  assert.equal(refereeDocument(v31), v31);
});
