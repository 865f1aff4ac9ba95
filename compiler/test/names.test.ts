// Identifiers from spec names (compiler/src/names): words, PascalCase and camelCase.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { camelCase, pascalCase, words } from '../src/names/identifiers.ts';
import { words as runtimeWords } from '../../runtime/src/util/words.ts';

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

test("the compiler's splitter agrees with the runtime's in ASCII mode, name for name", () => {
  const corpus = [
    'getAPIs',
    'getOutboundIPs',
    'URLsForUser',
    'HTTPServer2',
    'HTTPSender',
    'UserIDs',
    'listIPs',
    'get_user-byId',
    'users/{id}',
    'v2Api',
    'naïveÜber_wert',
    'Ångström size→ß',
    'repos/list-for-org',
    'XMLHttpRequest',
    'iOSApp',
    'pet-store.v2',
    '  __  ',
    '',
  ];
  for (const name of corpus) assert.deepEqual(words(name), runtimeWords(name, { ascii: true }), name);
});
