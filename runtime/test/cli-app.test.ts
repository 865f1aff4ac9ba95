// HttpCliApp run as a subprocess (runtime/test/fixtures/cli/main.ts) against a live server: the
// help screen as a golden file (KITGEN_UPDATE_GOLDEN=1 rewrites it), a command with --verbose,
// a declared error, a bad argument, and bodies from --.<field> options, standard input (-f -) and
// a URL (-u), with their exit codes. Each process loads the runtime from source, so the finer
// cases run in-process in cli-commands.test.ts.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { Response, Route, RoutePattern, Routes } from '@kitgen/runtime';
import { routes } from './fixtures/cli/api.ts';
import { fixtures, golden } from './fixtures/cli/harness.ts';
import { startServer, type TestServer } from './support/testServer.ts';

const entry = join(fixtures, 'main.ts');

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the CLI in a child process; NODE_OPTIONS (tsx, source condition) is inherited from the test runner. */
function cli(args: string[], options: { port?: number; stdin?: string } = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [entry, ...args], {
      env: { ...process.env, KITGEN_CLI_PORT: String(options.port ?? server.port) },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c));
    child.stderr.on('data', (c: Buffer) => (stderr += c));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.stdin ?? '');
  });
}

const basic = `Basic ${Buffer.from('ada:pw').toString('base64')}`;
let server: TestServer;

before(async () => {
  // Besides the API, a loopback route serving a JSON document for `-u`.
  const doc = Route.handled(RoutePattern.GET('fixtures', 'new-user.json'), () =>
    Response.json({ id: 0, name: 'From URL', age: 7, address: { city: 'Oslo' } }),
  );
  server = await startServer(routes().concat(Routes(doc)));
});

after(async () => {
  await server.shutdown();
});

test('the help screen shows name, version, summary, usage, commands and footer (golden file)', async () => {
  const [help, version] = await Promise.all([cli(['--help']), cli(['--version'])]);
  assert.equal(help.code, 0, help.stderr);
  golden('help.golden.txt', help.stdout);
  assert.equal(version.stdout, '1.0.0\n');
});

test('a command prints the response body (compact JSON off a terminal), exits 0; --verbose adds request, status and headers on stderr', async () => {
  const r = await cli(['get-users-by-id', '--id', '1', '--limit', '5', '--authorization', basic, '--verbose']);
  assert.equal(r.code, 0, r.stderr);
  // Optional fields without null in their schema stay absent on the wire.
  assert.equal(r.stdout, '{"id":1,"name":"Ada","age":36,"nickname":"Basic:5","address":{"city":"London"}}\n');
  assert.match(r.stderr, new RegExp(`^> GET http://127\\.0\\.0\\.1:${server.port}/users/1\\?limit=5\\n`));
  assert.match(r.stderr, /\n> authorization: Basic \*\*\*\n/);
  assert.match(r.stderr, /\n> accept: application\/json\n/);
  assert.match(r.stderr, /\n< 200 OK\n/);
  assert.match(r.stderr, /\n< content-type: application\/json\n/);
  assert.doesNotMatch(r.stderr, /YWRhOnB3/, 'credentials are masked');
});

test("a declared error goes to stderr with exit code 1; a bad argument gets commander's error and exit code 2", async () => {
  const [declared, bad] = await Promise.all([
    cli(['get-users-by-id', '--id', '2', '--authorization', basic]),
    cli(['get-users-by-id', '--id', 'x', '--authorization', basic]),
  ]);
  assert.equal(declared.code, 1);
  assert.equal(declared.stdout, '');
  assert.equal(declared.stderr, '{"message":"no user 2"}\n');
  assert.equal(bad.code, 2);
  assert.equal(bad.stdout, '');
  assert.equal(
    bad.stderr,
    "error: option '--id <integer>' argument 'x' is invalid. expected a 32-bit integer.\n(add --help for usage)\n",
  );
});

test('a JSON body field by field (--.<field>, nested, arrays), from standard input (-f -) and from a URL (-u)', async () => {
  const [fields, stdin, url] = await Promise.all([
    cli([
      'post-users',
      '--.id',
      '0',
      '--.name',
      'Grace',
      '--.age',
      '45',
      '--.address.city',
      'Arlington',
      '--.tags',
      'navy',
      'cobol',
    ]),
    cli(['post-users', '-f', '-'], { stdin: '{"id":0,"name":"From stdin","age":4,"address":{"city":"Rome"}}' }),
    cli(['post-users', '-u', `${server.url}/fixtures/new-user.json`]),
  ]);
  assert.equal(fields.code, 0, fields.stderr);
  assert.deepEqual(JSON.parse(fields.stdout), {
    id: 42,
    name: 'Grace',
    age: 45,
    tags: ['navy', 'cobol'],
    address: { city: 'Arlington' },
  });
  assert.equal(stdin.code, 0, stdin.stderr);
  assert.equal(JSON.parse(stdin.stdout).name, 'From stdin');
  assert.equal(url.code, 0, url.stderr);
  assert.equal(JSON.parse(url.stdout).name, 'From URL');
});
