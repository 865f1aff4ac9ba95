// componentClash: two files' facts naming different declarations alike, checked again after each
// save with most facts the same objects as before (only what came or went is counted again).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { componentClash, type FileFacts } from '../src/codefirst/fileFacts.ts';

const facts = (...components: Array<[string, string]>): FileFacts => ({
  hash: '',
  imports: [],
  mentionsDerive: true,
  dynamicLoad: false,
  expansion: {
    consulted: {},
    code: '',
    calls: components.length,
    diagnostics: [],
    insertions: [],
    components: components.map(([name, declarationKey]) => ({
      name,
      declarationKey,
      declaredAt: declarationKey,
    })),
  },
});

test('a clash is seen when a file comes, and gone when it goes or is read again without it', () => {
  const a = facts(['Pet', '/t.ts:10'], ['Tag', '/t.ts:50']);
  const b = facts(['Pet', '/t.ts:10']);
  assert.equal(componentClash([a, b]), false);
  const other = facts(['Pet', '/u.ts:3']);
  assert.equal(componentClash([a, b, other]), true);
  assert.equal(componentClash([a, b, other]), true, 'the same facts again');
  // The clashing file read again after an edit that renamed its type.
  assert.equal(componentClash([a, b, facts(['Animal', '/u.ts:3'])]), false);
  // The same name twice in one file's facts, one declaration: no clash; a file whose own names clash: a clash.
  assert.equal(componentClash([facts(['Pet', '/t.ts:10'], ['Pet', '/t.ts:10'])]), false);
  assert.equal(componentClash([facts(['Pet', '/t.ts:10'], ['Pet', '/v.ts:1'])]), true);
  assert.equal(componentClash([]), false);
});
