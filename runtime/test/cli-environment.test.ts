// The generated CLI's environment: credentials from <NAME>_TOKEN / <NAME>_USER (named in
// --help, never only on the command line), the base URL from --base-url or <NAME>_BASE_URL
// (scheme, host, port, base path), and bad values as usage errors naming their variable.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';
import { Endpoint, HttpCliApp, RoutePattern, Schema, type HttpCliAppOptions } from '@kitgen/runtime';

const me = Endpoint(RoutePattern.GET('me'))
  .auth('Bearer')
  .out(Schema.Object({ name: Schema.String() }))
  .operationId('whoAmI');

/** An app whose fetch records the request and answers 200 with a name. */
function recording(changes: Partial<HttpCliAppOptions> = {}) {
  const seen: Array<{ url: string; authorization: string | null }> = [];
  const fetch = async (input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(input, init);
    seen.push({ url: request.url, authorization: request.headers.get('authorization') });
    return new Response(JSON.stringify({ name: 'Ada' }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  };
  const app = HttpCliApp.fromEndpoints({
    name: 'pets',
    version: '1',
    summary: 's',
    host: 'localhost',
    port: 8080,
    envPrefix: 'PETS',
    endpoints: [me],
    executor: { fetch },
    ...changes,
  });
  return { app, seen };
}

async function run(app: HttpCliApp, argv: string[], env: NodeJS.ProcessEnv) {
  let stdout = '';
  let stderr = '';
  const code = await app.cliApp.run(argv, {
    stdout: { write: (c) => (stdout += String(c)) },
    stderr: { write: (c) => (stderr += String(c)) },
    stdin: (async function* () {})(),
    env,
  });
  return { code, stdout, stderr };
}

test('the base URL: --base-url, else PETS_BASE_URL (https and a base path), else the options', async () => {
  const { app, seen } = recording();
  assert.equal(
    (await run(app, ['who-am-i'], { PETS_TOKEN: 't', PETS_BASE_URL: 'https://api.example.com:8443/v1/' })).code,
    0,
  );
  assert.equal(seen.at(-1)!.url, 'https://api.example.com:8443/v1/me');
  assert.equal(
    (
      await run(app, ['who-am-i', '--base-url', 'http://127.0.0.1:9000/api'], {
        PETS_TOKEN: 't',
        PETS_BASE_URL: 'https://ignored.example',
      })
    ).code,
    0,
  );
  assert.equal(seen.at(-1)!.url, 'http://127.0.0.1:9000/api/me');
  assert.equal((await run(app, ['who-am-i'], { PETS_TOKEN: 't' })).code, 0);
  assert.equal(seen.at(-1)!.url, 'http://localhost:8080/me');
  const withPath = recording({ scheme: 'https', host: 'api.example.com', port: 443, basePath: '/v2' });
  assert.equal((await run(withPath.app, ['who-am-i'], { PETS_TOKEN: 't' })).code, 0);
  assert.equal(withPath.seen.at(-1)!.url, 'https://api.example.com/v2/me');
});

test('a bad base URL or port is a usage error naming the variable, before anything is sent', async () => {
  const { app, seen } = recording();
  const cases: Array<[string[], NodeJS.ProcessEnv, string]> = [
    [
      ['who-am-i'],
      { PETS_BASE_URL: 'localhost:8080' },
      'error: PETS_BASE_URL: expected an http or https URL, got "localhost:8080"\n',
    ],
    [
      ['who-am-i'],
      { PETS_BASE_URL: 'http://' },
      'error: PETS_BASE_URL: expected a base URL such as https://api.example.com/v1, got "http://"\n',
    ],
    [
      ['who-am-i', '--base-url', 'api'],
      {},
      'error: --base-url: expected a base URL such as https://api.example.com/v1, got "api"\n',
    ],
    [['who-am-i'], { KITGEN_CLI_PORT: 'abc' }, 'error: KITGEN_CLI_PORT: expected a port number 1-65535, got "abc"\n'],
    [
      ['who-am-i'],
      { KITGEN_CLI_PORT: '70000' },
      'error: KITGEN_CLI_PORT: expected a port number 1-65535, got "70000"\n',
    ],
  ];
  for (const [argv, env, message] of cases) {
    const r = await run(app, argv, env);
    assert.equal(r.code, 2, JSON.stringify(env));
    assert.equal(r.stderr.split('(add --help')[0].trimEnd() + '\n', message);
  }
  assert.equal(seen.length, 0);
});

test('credentials come from PETS_TOKEN; none anywhere names the variable and the option; --help names them', async () => {
  const { app, seen } = recording();
  assert.equal((await run(app, ['who-am-i'], { PETS_TOKEN: 's3cret' })).code, 0);
  assert.equal(seen.at(-1)!.authorization, 'Bearer s3cret');
  assert.equal((await run(app, ['who-am-i', '--token', 'other'], { PETS_TOKEN: 's3cret' })).code, 0);
  assert.equal(seen.at(-1)!.authorization, 'Bearer other', 'the command line wins');
  const none = await run(app, ['who-am-i'], {});
  assert.equal(none.code, 2);
  assert.equal(
    none.stderr.split('(add --help')[0].trimEnd(),
    'error: GET /me needs a bearer token: set PETS_TOKEN (or give --token)',
  );
  const help = await run(app, ['--help'], {});
  assert.match(
    help.stdout,
    /Environment:\n {2}PETS_BASE_URL {2}the API's base URL: scheme, host, port, base path \(default http:\/\/localhost:8080; --base-url wins\)\n {2}PETS_TOKEN {5}the bearer token \(instead of --token\)\n/,
  );
  const commandHelp = await run(app, ['who-am-i', '--help'], {});
  assert.match(
    commandHelp.stdout.replace(/\s+/g, ' '),
    /--token <token>\] Bearer token \(better: set PETS_TOKEN, which stays out of shell history\)/,
  );
});

test('the generated CLI (fixtures/pets) reports a bad KITGEN_CLI_PORT as a usage error, not "Invalid URL"', () => {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_OPTIONS: '--conditions=kitgen-source --import=tsx',
    KITGEN_CLI_PORT: 'eighty',
  };
  delete env.NODE_TEST_CONTEXT;
  const r = spawnSync(process.execPath, [join(root, 'fixtures/pets/expected/cli.js'), 'list-pets'], {
    cwd: root,
    env,
    encoding: 'utf8',
  });
  assert.equal(r.status, 2, r.stderr);
  assert.match(r.stderr, /^error: KITGEN_CLI_PORT: expected a port number 1-65535, got "eighty"\n/);
  const bad = spawnSync(process.execPath, [join(root, 'fixtures/pets/expected/cli.js'), 'list-pets'], {
    cwd: root,
    env: { ...env, KITGEN_CLI_PORT: '', PETS_BASE_URL: 'ftp://x' },
    encoding: 'utf8',
  });
  assert.equal(bad.status, 2, bad.stderr);
  assert.match(bad.stderr, /^error: PETS_BASE_URL: expected an http or https URL, got "ftp:\/\/x"\n/);
});
