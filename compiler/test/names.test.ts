// Identifiers from spec names (compiler/src/names): words, PascalCase and camelCase.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { camelCase, pascalCase, words } from '../src/names/identifiers.ts';

test('camelCase humps, acronyms and separators split into words', () => {
  assert.deepEqual(words('getPetById'), ['get', 'Pet', 'By', 'Id']);
  assert.deepEqual(words('HTTPServer'), ['HTTP', 'Server']);
  assert.deepEqual(words('repos/list-for-org'), ['repos', 'list', 'for', 'org']);
  assert.deepEqual(words('v2Items'), ['v2', 'Items']);
});

test("an acronym's plural stays one word (ReadMe's getAPIs, getOutboundIPs)", () => {
  assert.deepEqual(words('getAPIs'), ['get', 'APIs']);
  assert.deepEqual(words('getOutboundIPs'), ['get', 'Outbound', 'IPs']);
  assert.deepEqual(words('URLsForUser'), ['URLs', 'For', 'User']);
  assert.deepEqual(words('IDsList'), ['IDs', 'List']);
  assert.equal(camelCase('getAPIs'), 'getAPIs');
  assert.equal(camelCase('getOutboundIPs'), 'getOutboundIPs');
  assert.equal(pascalCase('list IDs'), 'ListIDs');
  // A word that follows an acronym still splits off, also one that starts with S.
  assert.deepEqual(words('HTTPSession'), ['HTTP', 'Session']);
});
