// One name splitter in the runtime (util/words.ts): the cases each former copy handled —
// NameFormat (JSON field names), the IDL identifiers of the binary codecs, OpenAPI names and
// CLI command names — split the same way through the one function.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { NameFormat } from '@kitgen/runtime';
import { words } from '../src/util/words.ts';
import { lowerSnake, pascalIdentifier, upperSnake } from '../src/codec/schemaWalk/names.ts';
import { defaultOperationId, pascalCase } from '../src/openapi/names.ts';
import { slug } from '../src/cli/commandNames.ts';

test('words: camel, Pascal, snake, kebab, acronyms, digits, separators', () => {
  const cases: Array<[string, string[]]> = [
    ['firstName', ['first', 'Name']],
    ['first_name', ['first', 'name']],
    ['first-name', ['first', 'name']],
    ['FirstName', ['First', 'Name']],
    ['HTTPServer2', ['HTTP', 'Server2']],
    ['UserID', ['User', 'ID']],
    ['get_user-byId', ['get', 'user', 'by', 'Id']],
    ['users/{id}', ['users', 'id']],
    ['home address', ['home', 'address']],
    ['inProgress', ['in', 'Progress']],
    ['in-progress', ['in', 'progress']],
    ['v2Api', ['v2', 'Api']],
    ['  __  ', []],
    ['', []],
  ];
  for (const [text, expected] of cases) {
    assert.deepEqual(words(text), expected, text);
    assert.deepEqual(words(text, { ascii: true }), expected, text);
  }
  // Letters beyond ASCII are letters for field names; identifiers take their accents off, and
  // what is still not ASCII separates words.
  assert.deepEqual(words('naïveÜber_wert'), ['naïve', 'Über', 'wert']);
  assert.deepEqual(words('naïveÜber_wert', { ascii: true }), ['naive', 'Uber', 'wert']);
  assert.deepEqual(words('size→ß', { ascii: true }), ['size']);
});

test("words: an acronym's plural stays one word (getAPIs, listIPs, URLsForUser)", () => {
  const cases: Array<[string, string[]]> = [
    ['getAPIs', ['get', 'APIs']],
    ['getOutboundIPs', ['get', 'Outbound', 'IPs']],
    ['URLsForUser', ['URLs', 'For', 'User']],
    ['UserIDs', ['User', 'IDs']],
    ['HTTPSender', ['HTTP', 'Sender']],
  ];
  for (const [text, expected] of cases) {
    assert.deepEqual(words(text), expected, text);
    assert.deepEqual(words(text, { ascii: true }), expected, text);
  }
  assert.equal(slug('getAPIs'), 'get-apis');
  assert.equal(NameFormat.apply(NameFormat.SnakeCase, 'outboundIPs'), 'outbound_ips');
});

test('NameFormat (JSON field names)', () => {
  assert.equal(NameFormat.apply(NameFormat.SnakeCase, 'firstName'), 'first_name');
  assert.equal(NameFormat.apply(NameFormat.KebabCase, 'HTTPServer2'), 'http-server2');
  assert.equal(NameFormat.apply(NameFormat.CamelCase, 'first_name'), 'firstName');
  assert.equal(NameFormat.apply(NameFormat.PascalCase, 'first-name'), 'FirstName');
  assert.equal(NameFormat.apply(NameFormat.SnakeCase, 'straßeName'), 'straße_name');
  assert.equal(NameFormat.apply(NameFormat.PascalCase, '__'), '__');
});

test('IDL identifiers (protobuf, Thrift, Avro)', () => {
  assert.equal(pascalIdentifier('home address'), 'HomeAddress');
  assert.equal(pascalIdentifier('home_address'), 'HomeAddress');
  assert.equal(pascalIdentifier('userID'), 'UserID');
  assert.equal(pascalIdentifier('2fa'), '_2fa');
  assert.equal(pascalIdentifier('??'), 'Type');
  assert.equal(upperSnake('inProgress'), 'IN_PROGRESS');
  assert.equal(upperSnake('in-progress'), 'IN_PROGRESS');
  assert.equal(upperSnake(''), 'EMPTY');
  assert.equal(lowerSnake('HomeAddress'), 'home_address');
});

test('OpenAPI names and CLI command names', () => {
  assert.equal(pascalCase('user id'), 'UserId');
  assert.equal(pascalCase('get_user-byId'), 'GetUserById');
  assert.equal(defaultOperationId('GET', '/users/{id}'), 'getUsersById');
  assert.equal(defaultOperationId('POST', '/'), 'postRoot');
  assert.equal(slug('userProfiles'), 'user-profiles');
  assert.equal(slug('user_profiles.json'), 'user-profiles-json');
  assert.equal(slug('--x--'), 'x');
});
