// `kitgen generate` as a user meets it: file-system failures as one-line user errors, a URL as
// the input, --check, syntax errors at the line of the mistake, plural agreement and --help.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server as HttpServer } from 'node:http';
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { main, type CliIO } from '../src/cli/main.ts';
import { outputError } from '../src/pipeline/outputErrors.ts';
import { repoRoot } from './support/fixtures.ts';

const pets = join(repoRoot, 'fixtures/pets/openapi.yaml');
const base = join(repoRoot, '.tmp', 'cli-messages');

async function scratch(name: string): Promise<string> {
  const dir = join(base, name);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  return dir;
}

async function kitgen(argv: string[], cwd = repoRoot): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const io: CliIO = { cwd, stdout: (l) => (out += `${l}\n`), stderr: (l) => (err += `${l}\n`) };
  const code = await main(argv, io);
  return { code, out, err };
}

test('an --out through a file, or naming a file, is one line naming the path and the fix (exit 1)', async () => {
  const dir = await scratch('out-file');
  const file = join(dir, 'notes.txt');
  await writeFile(file, 'mine\n');
  const through = await kitgen(['generate', pets, '--out', join(file, 'gen')]);
  assert.equal(through.code, 1);
  assert.equal(
    through.err,
    `kitgen: cannot write to ${join(file, 'gen')}: ${file} is a file, not a folder; give --out a folder, or a path that does not exist yet\n`,
  );
  const naming = await kitgen(['generate', pets, '--out', file]);
  assert.equal(naming.code, 1);
  assert.equal(
    naming.err,
    `kitgen: cannot write to ${file}: it is a file, not a folder; give --out a folder, or a path that does not exist yet\n`,
  );
  assert.equal(await readFile(file, 'utf8'), 'mine\n', 'the file is left alone');
});

test('permission and disk errors map to user messages; other errors stay bugs', () => {
  const out = '/srv/api';
  const err = (code: string, path = '/srv/api/endpoints.ts') => Object.assign(new Error(`${code}: …`), { code, path });
  assert.equal(
    outputError(err('EACCES'), out)?.message,
    'cannot write /srv/api/endpoints.ts: permission denied; make /srv/api writable or choose another --out',
  );
  assert.equal(
    outputError(err('EPERM'), out)?.message,
    'cannot write /srv/api/endpoints.ts: permission denied; make /srv/api writable or choose another --out',
  );
  assert.equal(
    outputError(err('EROFS'), out)?.message,
    'cannot write /srv/api/endpoints.ts: the file system is read-only; choose another --out',
  );
  assert.equal(
    outputError(err('ENOSPC'), out)?.message,
    'cannot write /srv/api/endpoints.ts: no space left on the device; free some space or choose another --out',
  );
  assert.equal(outputError(new TypeError('x is undefined'), out), undefined);
});

test('a read-only --out (a read-only bind mount, when the machine allows one) is a user error', async (t) => {
  const { spawnSync } = await import('node:child_process');
  const dir = await scratch('read-only');
  const ro = join(dir, 'ro');
  await mkdir(ro);
  const bind = spawnSync('mount', ['--bind', '-o', 'ro', ro, ro]);
  if (bind.status !== 0) return t.skip('cannot make a read-only bind mount here');
  spawnSync('mount', ['-o', 'remount,ro,bind', ro, ro]);
  try {
    const r = await kitgen(['generate', pets, '--out', join(ro, 'gen'), '--targets', 'endpoints']);
    assert.equal(r.code, 1);
    assert.match(
      r.err,
      new RegExp(
        `^kitgen: cannot write ${join(ro, 'gen')}\\S*: (the file system is read-only; choose another --out|permission denied; make ${join(ro, 'gen')} writable or choose another --out)\\n$`,
      ),
    );
  } finally {
    spawnSync('umount', [ro]);
  }
});

async function serveFiles(files: Record<string, string>, delayMs = 0): Promise<{ url: string; server: HttpServer }> {
  const server = createServer((req, res) => {
    const body = files[req.url ?? ''];
    setTimeout(() => {
      if (body === undefined) res.writeHead(404).end('no');
      else
        res
          .writeHead(200, { 'content-type': req.url!.endsWith('.json') ? 'application/json' : 'application/yaml' })
          .end(body);
    }, delayMs);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

test('the input may be a URL; $refs relative to it resolve; failures are one clear message', async () => {
  const dir = await scratch('url');
  const doc = {
    openapi: '3.0.3',
    info: { title: 'Remote', version: '1.0.0' },
    paths: {
      '/things': {
        get: {
          operationId: 'listThings',
          responses: {
            '200': { description: 'ok', content: { 'application/json': { schema: { $ref: 'schemas/thing.json' } } } },
          },
        },
      },
    },
  };
  const { url, server } = await serveFiles({
    '/api/openapi.json': JSON.stringify(doc),
    '/api/schemas/thing.json': JSON.stringify({
      type: 'object',
      title: 'Thing',
      properties: { name: { type: 'string' } },
    }),
  });
  try {
    const ok = await kitgen(['generate', `${url}/api/openapi.json`, '--out', dir, '--targets', 'endpoints']);
    assert.equal(ok.code, 0, ok.err);
    assert.equal(ok.err, `kitgen: 1 operation → 4 files written, 0 unchanged in ${dir}\n`);
    assert.match(await readFile(join(dir, 'endpoints.d.ts'), 'utf8'), /name\?: string/);
    const missing = await kitgen(['generate', `${url}/api/nope.json`, '--out', dir]);
    assert.equal(missing.code, 1);
    assert.equal(
      missing.err,
      `${url}/api/nope.json: error: cannot fetch the document: the server answered 404 Not Found\n`,
    );
  } finally {
    server.close();
  }
  const refused = await kitgen(['generate', `${url}/api/openapi.json`, '--out', dir]);
  assert.equal(refused.code, 1);
  assert.equal(
    refused.err,
    `${url}/api/openapi.json: error: cannot fetch the document (ECONNREFUSED); check the URL and that the server is up\n`,
  );
  const slow = await serveFiles({ '/openapi.json': JSON.stringify(doc) }, 2000);
  process.env.KITGEN_FETCH_TIMEOUT_MS = '200';
  try {
    const timedOut = await kitgen(['generate', `${slow.url}/openapi.json`, '--out', dir]);
    assert.equal(timedOut.code, 1);
    assert.equal(
      timedOut.err,
      `${slow.url}/openapi.json: error: no answer within 0.2 s; check the URL, or raise KITGEN_FETCH_TIMEOUT_MS (milliseconds)\n`,
    );
  } finally {
    delete process.env.KITGEN_FETCH_TIMEOUT_MS;
    slow.server.closeAllConnections();
    slow.server.close();
  }
  const watch = await kitgen(['generate', 'https://example.com/openapi.json', '--out', dir, '--watch']);
  assert.equal(watch.code, 2);
  assert.match(
    watch.err,
    /^kitgen: --watch needs a file to watch, not a URL \(https:\/\/example\.com\/openapi\.json\)/,
  );
});

test('--check exits 1 listing the stale files, 0 when the output is up to date, and writes nothing', async () => {
  const dir = await scratch('check');
  const input = join(dir, 'api.yaml');
  await cp(pets, input);
  const out = join(dir, 'gen');
  const none = await kitgen(['generate', input, '--out', out, '--check', '--targets', 'endpoints,client']);
  assert.equal(none.code, 1);
  assert.equal(
    none.err,
    `kitgen: ${out} is out of date: 8 files differ from what the input generates; run kitgen generate without --check\n  client.d.ts (missing)\n  client.js (missing)\n  endpoints.d.ts (missing)\n  endpoints.js (missing)\n  index.d.ts (missing)\n  index.js (missing)\n  operations.d.ts (missing)\n  operations.js (missing)\n`,
  );
  assert.equal((await kitgen(['generate', input, '--out', out, '--targets', 'endpoints,client', '-q'])).code, 0);
  const fresh = await kitgen(['generate', input, '--out', out, '--check', '--targets', 'endpoints,client']);
  assert.equal(fresh.code, 0, fresh.err);
  assert.equal(fresh.err, `kitgen: ${out} is up to date (8 files)\n`);
  await writeFile(input, (await readFile(input, 'utf8')).replace('title: Pets', 'title: Pets Changed'));
  const stale = await kitgen(['generate', input, '--out', out, '--check', '--targets', 'endpoints,client']);
  assert.equal(stale.code, 1);
  assert.equal(
    stale.err,
    `kitgen: ${out} is out of date: 8 files differ from what the input generates; run kitgen generate without --check\n  client.d.ts (changed)\n  client.js (changed)\n  endpoints.d.ts (changed)\n  endpoints.js (changed)\n  index.d.ts (changed)\n  index.js (changed)\n  operations.d.ts (changed)\n  operations.js (changed)\n`,
  );
  assert.doesNotMatch(await readFile(join(out, 'endpoints.js'), 'utf8'), /Pets Changed/, '--check writes nothing');
});

test('syntax errors are one message at the line of the mistake', async () => {
  const dir = await scratch('syntax');
  const cases: Array<[string, string, string]> = [
    [
      'comma.json',
      '{\n  "openapi": "3.0.3",\n  "info": {"title": "x", "version": "1"}\n  "paths": {}\n}\n',
      "comma.json:3:40: error: not valid JSON: Expected ',' or '}' after property value",
    ],
    [
      'trailing.json',
      '{\n  "openapi": "3.0.3",\n  "paths": {},\n}\n',
      'trailing.json:3:14: error: not valid JSON: Expected double-quoted property name',
    ],
    [
      'quote.yaml',
      'openapi: 3.0.3\ninfo:\n  title: "x\n  version: 1\npaths:\n  /a: {}\n',
      'quote.yaml:3:1: error: not valid YAML: Missing closing "quote',
    ],
    [
      'bracket.yaml',
      'openapi: 3.0.3\ninfo:\n  title: x\n  version: 1\n  tags: [a, b\npaths: {}\n',
      'bracket.yaml:5:1: error: not valid YAML: Flow sequence in block collection must be sufficiently indented and end with a ]',
    ],
    [
      'tab.yaml',
      'openapi: 3.0.3\ninfo:\n\ttitle: x\n  version: 1\npaths: {}\n',
      'tab.yaml:3:1: error: not valid YAML: Tabs are not allowed as indentation',
    ],
  ];
  for (const [name, text, message] of cases) {
    await writeFile(join(dir, name), text);
    const r = await kitgen(['generate', name, '--out', 'gen'], dir);
    assert.equal(r.code, 1, name);
    assert.equal(r.err, `${join(dir, message)}\n`, name);
  }
});

test('--help lists every --format value and says the defaults', async () => {
  const help = await kitgen(['generate', '--help']);
  assert.equal(help.code, 0);
  const text = help.out.replace(/\s+/g, ' ');
  for (const value of ['auto', 'prettier', 'layout', 'none'])
    assert.match(text, new RegExp(`--format <mode> .*\\b${value}\\b`));
  assert.match(text, /--format <mode> how to format the code: auto \(the default/);
  assert.match(text, /--int64 <type> type of integer\/int64 values: bigint \(the default; exact\) or number/);
  assert.match(text, /--check /);
});

test('--strict: every warning is an error with its place, nothing is written, exit 1; without it the run writes and warns', async () => {
  const dir = await scratch('strict');
  const doc = join(dir, 'api.yaml');
  // A query parameter described by `content` of a media type with no text codec (XML): generated with a warning.
  await writeFile(
    doc,
    [
      'openapi: 3.0.3',
      'info: { title: Strict, version: "1" }',
      'paths:',
      '  /things:',
      '    get:',
      '      operationId: listThings',
      '      parameters:',
      '        - { name: q, in: query, content: { application/xml: { schema: { type: string } } } }',
      '      responses:',
      "        '200': { description: ok }",
      '',
    ].join('\n'),
  );
  const lenient = await kitgen(['generate', doc, '--out', join(dir, 'lenient')]);
  assert.equal(lenient.code, 0, lenient.err);
  const warnings = lenient.err.split('\n').filter((l) => / warning at /.test(l));
  assert.ok(warnings.length >= 1, `a warning is printed:\n${lenient.err}`);
  const strict = await kitgen(['generate', doc, '--out', join(dir, 'strict'), '--strict']);
  assert.equal(strict.code, 1);
  assert.equal(strict.err.split('\n').filter((l) => / error at /.test(l)).length, warnings.length, strict.err);
  for (const w of warnings)
    assert.ok(
      strict.err.includes(w.replace(' warning at ', ' error at ')),
      `the warning comes back as an error: ${w}\n${strict.err}`,
    );
  assert.match(
    strict.err,
    /error: --strict: (this warning is an error|these \d+ warnings are errors); nothing was written/,
  );
  await assert.rejects(readFile(join(dir, 'strict', 'endpoints.js')), 'nothing written');
  // A document without warnings passes --strict.
  assert.equal((await kitgen(['generate', pets, '--out', join(dir, 'pets'), '--strict'])).code, 0);
});
