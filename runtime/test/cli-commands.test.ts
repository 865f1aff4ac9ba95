// HttpCliApp commands run in-process (same code as the subprocess in cli-app.test.ts, with
// captured output): command help screens as golden files, every option kind and its errors,
// body sources, multipart, text, Bearer, streams, 204, pretty JSON on a terminal, exit codes.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Endpoint, RoutePattern, PathCodec, Schema, Routes, HttpCliApp, type HttpCliApp as App } from '@kitgen/runtime';
import { routes } from './fixtures/cli/api.ts';
import { app, golden, runCli } from './fixtures/cli/harness.ts';
import { startServer, type TestServer } from './support/testServer.ts';

const basic = `Basic ${Buffer.from('ada:pw').toString('base64')}`;
let server: TestServer;
let cli: App;
let dir: string;

before(async () => {
  server = await startServer(routes());
  cli = app(server.port);
  dir = mkdtempSync(join(tmpdir(), 'kitgen-cli-'));
});

after(async () => {
  await server.shutdown();
  rmSync(dir, { recursive: true, force: true });
});

test('command help: usage with the required options, type labels, optional options and fields bracketed (golden files)', async () => {
  for (const [argv, file] of [
    [['get-users-by-id', '--help'], 'help-get-users-by-id.golden.txt'],
    [['help', 'post-users'], 'help-post-users.golden.txt'],
    [['post-users-by-id-avatar', '-h'], 'help-post-users-by-id-avatar.golden.txt'],
    [['get-users', '--help'], 'help-get-users.golden.txt'],
  ] as const) {
    const r = await runCli(cli, [...argv]);
    assert.equal(r.code, 0, r.stderr);
    golden(file, r.stdout);
  }
});

test('query options: optional, enum choices, repeated and variadic array values', async () => {
  const all = await runCli(cli, ['get-users']);
  assert.equal(all.code, 0, all.stderr);
  assert.equal(JSON.parse(all.stdout)[0].nickname, 'any');
  const filtered = await runCli(cli, ['get-users', '--role', 'admin', '--tag', 'a', 'b', '--tag', 'c']);
  assert.deepEqual(JSON.parse(filtered.stdout)[0].tags, ['a', 'b', 'c']);
  assert.equal(JSON.parse(filtered.stdout)[0].nickname, 'admin');
});

test('usage errors exit 2 with a message: bad enum, out-of-range path value, missing option, unknown command, no command', async () => {
  const badEnum = await runCli(cli, ['get-users', '--role', 'owner']);
  assert.equal(badEnum.code, 2);
  assert.match(
    badEnum.stderr,
    /^error: option '--role <admin\|member>' argument 'owner' is invalid\. expected one of admin, member\.\n/,
  );
  const big = await runCli(cli, ['get-users-by-id', '--id', '99999999999', '--authorization', basic]);
  assert.equal(big.code, 2);
  assert.match(big.stderr, /argument '99999999999' is invalid\. expected a 32-bit integer\./);
  const missing = await runCli(cli, ['get-users-by-id', '--authorization', basic]);
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /^error: required option '--id <integer>' not specified\n/);
  const unknown = await runCli(cli, ['get-user']);
  assert.equal(unknown.code, 2);
  assert.match(unknown.stderr, /^error: unknown command 'get-user'/);
  const none = await runCli(cli, []);
  assert.equal(none.code, 2);
  assert.match(none.stderr, /Usage: users <command> \[options\]/);
  for (const r of [badEnum, big, missing, unknown, none]) assert.equal(r.stdout, '');
});

test('body fields: required ones checked, values validated per field, declared error on stderr', async () => {
  const missing = await runCli(cli, ['post-users', '--.id', '0', '--.name', 'Grace', '--.age', '45']);
  assert.equal(missing.code, 2);
  assert.equal(
    missing.stderr,
    "error: required option '--.address.city <text>' not specified\n(add --help for usage)\n",
  );
  const negative = await runCli(cli, [
    'post-users',
    '--.id',
    '0',
    '--.name',
    'G',
    '--.age',
    '-1',
    '--.address.city',
    'x',
  ]);
  assert.equal(negative.code, 2);
  assert.match(negative.stderr, /option '--\.age <integer>' argument '-1' is invalid\. must be >= 0\./);
  const optional = await runCli(cli, [
    'post-users',
    '--.id',
    '0',
    '--.name',
    'G',
    '--.age',
    '1',
    '--.address.city',
    'x',
    '--.address.zip',
    '0150',
    '--.nickname',
    'g',
  ]);
  assert.equal(optional.code, 0, optional.stderr);
  assert.deepEqual(JSON.parse(optional.stdout).address, { city: 'x', zip: '0150' });
  const taken = await runCli(cli, [
    'post-users',
    '--.id',
    '0',
    '--.name',
    'taken',
    '--.age',
    '1',
    '--.address.city',
    'x',
  ]);
  assert.equal(taken.code, 1);
  assert.equal(taken.stdout, '');
  assert.equal(taken.stderr, '{"message":"name taken"}\n');
});

test('body sources: a file (-f), inline text (-d); a bad body, two sources, or fields with a source are usage errors', async () => {
  const file = join(dir, 'user.json');
  writeFileSync(file, JSON.stringify({ id: 0, name: 'From file', age: 3, address: { city: 'Paris' } }));
  const bad = join(dir, 'bad.json');
  writeFileSync(bad, '{"id": 0, "name": "x"}');
  const fromFile = await runCli(cli, ['post-users', '-f', file]);
  assert.equal(JSON.parse(fromFile.stdout).name, 'From file', fromFile.stderr);
  const inline = await runCli(cli, [
    'post-users',
    '--data',
    '{"id":0,"name":"Inline","age":5,"address":{"city":"Bern"}}',
  ]);
  assert.equal(JSON.parse(inline.stdout).name, 'Inline', inline.stderr);
  const stdin = await runCli(cli, ['post-users', '-f', '-'], {
    stdin: '{"id":0,"name":"In","age":5,"address":{"city":"Bern"}}',
  });
  assert.equal(JSON.parse(stdin.stdout).name, 'In', stdin.stderr);
  const invalid = await runCli(cli, ['post-users', '-f', bad]);
  assert.equal(invalid.code, 2);
  assert.ok(invalid.stderr.startsWith(`error: body from ${bad}: `), invalid.stderr);
  assert.match(invalid.stderr, /required propert/);
  const syntax = await runCli(cli, ['post-users', '-d', '{"id":']);
  assert.equal(syntax.code, 2);
  assert.match(syntax.stderr, /^error: body from --data: .*invalid JSON/);
  const two = await runCli(cli, ['post-users', '-f', file, '-d', '{}']);
  assert.equal(two.code, 2);
  assert.match(two.stderr, /give the body once: --file, --data were all given/);
  const mixed = await runCli(cli, ['post-users', '-f', file, '--.name', 'x']);
  assert.equal(mixed.code, 2);
  assert.match(mixed.stderr, /body fields \(--\.<field>\) cannot be combined with --file/);
  const noFile = await runCli(cli, ['post-users', '-f', join(dir, 'nope.json')]);
  assert.equal(noFile.code, 2);
  assert.match(noFile.stderr, /^error: cannot read .*nope\.json: ENOENT/);
  const noBody = await runCli(cli, ['post-shout']);
  assert.equal(noBody.code, 2);
  assert.match(noBody.stderr, /a body is required: give -f <path>, -u <url> or -d <text>/);
});

test('multipart parts as --.<part> options (a file for bytes), a text body, Bearer credentials, a stream, a 204', async () => {
  const avatar = join(dir, 'avatar.png');
  writeFileSync(avatar, Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  const upload = await runCli(cli, [
    'post-users-by-id-avatar',
    '--id',
    '1',
    '--.description',
    'my face',
    '--.file',
    avatar,
  ]);
  assert.deepEqual(JSON.parse(upload.stdout), { id: 1, description: 'my face', size: 4, first: 0x89 }, upload.stderr);
  const text = await runCli(cli, ['post-shout', '-d', 'hello cli']);
  assert.equal(text.stdout, 'HELLO CLI');
  const me = await runCli(cli, ['get-me', '--token', 's3cr3t']);
  assert.deepEqual(JSON.parse(me.stdout), { token: 's3cr3t' });
  const noToken = await runCli(cli, ['get-me']);
  assert.equal(noToken.code, 2);
  // The token may also come from the environment (envPrefix), so it is not a mandatory option.
  assert.match(noToken.stderr, /^error: GET \/me needs a bearer token: give --token\n/);
  // Each item on its own line; 64-bit integers keep every digit.
  const stream = await runCli(cli, ['get-events', '--count', '3']);
  assert.equal(stream.stdout, '{"n":9007199254740993}\n{"n":18014398509481986}\n{"n":27021597764222979}\n');
  const del = await runCli(cli, ['delete-users-by-id', '--id', '1']);
  assert.equal(del.code, 0);
  assert.equal(del.stdout, '');
});

test('on a terminal JSON is pretty-printed, numbers exactly as sent; text gets a final newline', async () => {
  const r = await runCli(cli, ['get-users-by-id', '--id', '1', '--authorization', basic], { tty: true });
  assert.equal(r.code, 0, r.stderr);
  assert.equal(
    r.stdout,
    '{\n  "id": 1,\n  "name": "Ada",\n  "age": 36,\n  "nickname": "Basic",\n  "address": {\n    "city": "London"\n  }\n}\n',
  );
  const stream = await runCli(cli, ['get-events', '--count', '1'], { tty: true });
  assert.equal(stream.stdout, '{\n  "n": 9007199254740993\n}\n');
  const text = await runCli(cli, ['post-shout', '-d', 'hi'], { tty: true });
  assert.equal(text.stdout, 'HI\n');
});

test('the call failing exits 3 with a message naming the endpoint, the URL and the status', async () => {
  const other = await startServer(Routes());
  const port = other.port;
  const undeclared = await runCli(app(port), ['get-users']);
  assert.equal(undeclared.code, 3);
  assert.match(
    undeclared.stderr,
    new RegExp(
      `^error: GET /users \\(http://127\\.0\\.0\\.1:${port}/users\\): undeclared status 404 \\(declared: 200\\)`,
    ),
  );
  await other.shutdown();
  const down = await runCli(app(port), ['get-users']);
  assert.equal(down.code, 3);
  assert.match(
    down.stderr,
    new RegExp(`^error: GET /users \\(http://127\\.0\\.0\\.1:${port}/users\\): network failure: .*ECONNREFUSED`),
  );
});

test('bytes output is written raw; a -u fetch failure is a usage error', async () => {
  const bytes = Endpoint(RoutePattern.GET('blob', PathCodec.int('n'))).out(Schema.Bytes());
  const s = await startServer(Routes(bytes.implement((n) => new Uint8Array([n, 0, 255]))));
  try {
    const blobApp = HttpCliApp.fromEndpoints({
      name: 'b',
      version: '0',
      summary: 's',
      host: '127.0.0.1',
      port: s.port,
      endpoints: [bytes],
    });
    const r = await runCli(blobApp, ['get-blob-by-n', '--n', '7']);
    assert.deepEqual([...r.stdoutBytes], [7, 0, 255]);
    const missing = await runCli(cli, ['post-users', '-u', `${s.url}/nothing.json`]);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /could not fetch the body from http:\/\/127\.0\.0\.1:\d+\/nothing\.json: status 404/);
  } finally {
    await s.shutdown();
  }
});
