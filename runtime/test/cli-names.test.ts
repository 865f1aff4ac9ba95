// HttpCliApp building blocks: command names (the operationId in kebab-case, else method + every
// path segment, parameters as by-<name>; collisions, cliStyle),
// JSON re-indentation that keeps numbers exact, and the golden files' inventory.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { Endpoint, RoutePattern, PathCodec, HttpCodec, Schema, HttpCliApp } from '@kitgen/runtime';
import { commandName, commandNames, baseCommandName } from '../src/cli/commandNames.ts';
import { formatJson } from '../src/cli/formatJson.ts';
import { fixtures, runCli } from './fixtures/cli/harness.ts';

test('a command without an operationId is named from the method and every path segment', () => {
  assert.equal(baseCommandName(RoutePattern.GET('users')), 'get-users');
  assert.equal(baseCommandName(RoutePattern.GET('users', PathCodec.int('id'), 'posts')), 'get-users-by-id-posts');
  assert.equal(
    baseCommandName(RoutePattern.DELETE('api/v1', 'userAccounts', PathCodec.string('name'))),
    'delete-api-v1-user-accounts-by-name',
  );
  assert.equal(baseCommandName(RoutePattern.GET()), 'get');
  assert.equal(baseCommandName(RoutePattern.POST('users')), 'post-users');
  // cliStyle 'verb' (or true) is the original's: create for POST, update for PUT.
  assert.equal(baseCommandName(RoutePattern.POST('users'), 'verb'), 'create-users');
  assert.equal(baseCommandName(RoutePattern.PUT('users', PathCodec.int('id')), true), 'update-users-by-id');
  // The same rule for every operation on a path: GET and DELETE of /pets/{petId} alike.
  assert.equal(baseCommandName(RoutePattern.GET('pets', PathCodec.int('petId'))), 'get-pets-by-pet-id');
  assert.equal(baseCommandName(RoutePattern.DELETE('pets', PathCodec.int('petId'))), 'delete-pets-by-pet-id');
  assert.equal(baseCommandName(RoutePattern.PATCH('users'), true), 'patch-users');
});

test('names that still collide are told apart by numbers in declaration order', () => {
  const routes = [
    RoutePattern.GET('users'),
    RoutePattern.GET('users', PathCodec.int('id')),
    RoutePattern.GET('users', PathCodec.string('name')),
    RoutePattern.POST('users'),
    RoutePattern.GET('users', PathCodec.int('id'), 'posts'),
    RoutePattern.GET('users', PathCodec.string('id'), 'posts'),
    RoutePattern.ANY('users'),
  ];
  const names = commandNames(routes);
  assert.deepEqual(names, [
    'get-users',
    'get-users-by-id',
    'get-users-by-name',
    'post-users',
    'get-users-by-id-posts',
    'get-users-by-id-posts-2',
    'any-users',
  ]);
  assert.deepEqual(commandNames([...routes].reverse()).reverse().length, routes.length);
  assert.deepEqual(commandNames(routes), names, 'the same input gives the same names');
  assert.equal(new Set(commandNames([RoutePattern.GET('a'), RoutePattern.GET('a'), RoutePattern.GET('a')])).size, 3);
});

test('a command with an operationId is named from it in kebab-case, whatever the style', () => {
  const route = RoutePattern.GET('pets', PathCodec.int('petId'));
  assert.equal(commandName({ route, operationId: 'showPetById' }), 'show-pet-by-id');
  assert.equal(commandName({ route, operationId: 'repos/get-content' }), 'repos-get-content');
  assert.equal(commandName({ route, operationId: 'getHTTPStatus' }), 'get-http-status');
  assert.equal(commandName({ route, operationId: 'list_pets' }, 'verb'), 'list-pets');
  assert.equal(
    commandName({ route, operationId: '***' }),
    'get-pets-by-pet-id',
    'an operationId with no words falls back to method and path',
  );
  assert.deepEqual(
    commandNames([
      { route, operationId: 'a' },
      { route, operationId: 'A' },
    ]),
    ['a', 'a-2'],
  );
});

test('cliStyle reaches the command list', async () => {
  const create = Endpoint(RoutePattern.POST('users'))
    .in(Schema.Object({ name: Schema.String() }))
    .out(Schema.String());
  const verbs = HttpCliApp.fromEndpoints({
    name: 'x',
    version: '1',
    summary: 's',
    host: '127.0.0.1',
    port: 1,
    endpoints: [create],
    cliStyle: true,
  });
  const help = await runCli(verbs, ['--help']);
  assert.match(help.stdout, /\n {2}create-users \[options\] +POST \/users\n/);
});

test('option names avoid the built-in ones and each other', async () => {
  const e = Endpoint(RoutePattern.GET('files', PathCodec.string('file')))
    .query(HttpCodec.query('file', Schema.String()))
    .query(HttpCodec.query('page size', Schema.Integer()))
    .out(Schema.Unknown());
  const cli = HttpCliApp.fromEndpoints({
    name: 'x',
    version: '1',
    summary: 's',
    host: '127.0.0.1',
    port: 1,
    endpoints: [e],
  });
  const help = await runCli(cli, ['get-files-by-file', '--help']);
  assert.equal(help.code, 0, help.stderr);
  assert.match(help.stdout, /--path-file <text> +path parameter/);
  assert.match(help.stdout, /--query-file <text> +query parameter/);
  assert.match(help.stdout, /--page-size <integer> +query parameter/);
});

test('formatJson re-indents or compacts JSON text without touching strings or numbers', () => {
  const text =
    ' {"a": [1, 2.50, 12345678901234567890], "b": {}, "c": [], "d": "x, {y}: [z] \\"q\\"", "e": {"f": null}} ';
  assert.equal(
    formatJson(text, 0),
    '{"a":[1,2.50,12345678901234567890],"b":{},"c":[],"d":"x, {y}: [z] \\"q\\"","e":{"f":null}}',
  );
  assert.equal(
    formatJson(text, 2),
    '{\n  "a": [\n    1,\n    2.50,\n    12345678901234567890\n  ],\n  "b": {},\n  "c": [],\n  "d": "x, {y}: [z] \\"q\\"",\n  "e": {\n    "f": null\n  }\n}',
  );
  assert.equal(formatJson('"a\\\\"', 2), '"a\\\\"');
  assert.equal(formatJson('[ ]', 2), '[]');
});

test('the golden files are exactly the ones the tests compare (no stale file)', () => {
  const files = readdirSync(fixtures)
    .filter((f) => f.endsWith('.golden.txt'))
    .sort();
  assert.deepEqual(files, [
    'help-get-users-by-id.golden.txt',
    'help-get-users.golden.txt',
    'help-post-users-by-id-avatar.golden.txt',
    'help-post-users.golden.txt',
    'help.golden.txt',
  ]);
});
