// `kitgen check`'s command line, in process (main() with its output captured), against the store
// server of the mutation test: option errors named (exit 2), `--operations` choosing operations,
// `--seed` repeating a run, `--junit` for CI, a server that does not answer, and a document that
// is no OpenAPI 3 document or one of no operations.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../src/cli/main.ts';
import type { Running } from './support/e2e.ts';
import { repoRoot } from './support/fixtures.ts';
import { startStore, storeDocument } from './support/storeServer.ts';

let server: Running;
let dir: string;
before(async () => {
  server = await startStore({ name: 'cli', mutate: () => {}, fault: 'none' });
  dir = await mkdtemp(join(tmpdir(), 'kitgen-check-'));
});
after(async () => {
  await server.shutdown();
  await rm(dir, { recursive: true, force: true });
});

async function kitgen(...args: string[]) {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = await main(args, { cwd: repoRoot, stdout: (l) => stdout.push(l), stderr: (l) => stderr.push(l) });
  return { code, stdout: stdout.join('\n'), stderr: stderr.join('\n') };
}

test('options a run cannot use are refused with exit 2, naming the option', async () => {
  const cases: Array<[string[], RegExp]> = [
    [['--url', 'localhost:8080'], /--url takes an http or https URL/],
    [['--url', 'not a url'], /--url takes the server's base URL/],
    [['--url', server.url, '--max-examples', '0'], /--max-examples takes a whole number of 1 or more, not "0"/],
    [['--url', server.url, '--header', 'no colon'], /--header takes 'Name: value', not "no colon"/],
    [
      ['--url', server.url, '--operations', 'nothingLikeThis'],
      /no operation of .* matches --operations "nothingLikeThis"/,
    ],
  ];
  for (const [args, message] of cases) {
    const run = await kitgen('check', storeDocument, ...args);
    assert.equal(run.code, 2, `${args.join(' ')}: ${run.stderr}`);
    assert.match(run.stderr, message);
  }
  const missing = await kitgen('check', storeDocument);
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /required option '--url <url>' not specified/);
});

test('--operations picks operations by operationId or METHOD /path glob', async () => {
  const run = await kitgen(
    'check',
    storeDocument,
    '--url',
    server.url,
    '--operations',
    'listItems, GET /items/*',
    '--max-examples',
    '3',
    '--seed',
    '1',
  );
  assert.equal(run.code, 0, run.stdout + run.stderr);
  assert.match(run.stdout, /^GET \/items \(listItems\)/m);
  assert.match(run.stdout, /^GET \/items\/\{itemId\} \(getItem\)/m);
  assert.doesNotMatch(run.stdout, /createItem|deleteItem/);
  assert.match(run.stdout, /^no violations: 2 operations/m);
});

test('--seed repeats a run request for request; --junit writes a report CI reads', async () => {
  const junit = join(dir, 'report.xml');
  const args = [
    'check',
    storeDocument,
    '--url',
    server.url,
    '--operations',
    'listItems',
    '--max-examples',
    '5',
    '--seed',
    '42',
  ];
  const first = await kitgen(...args, '--junit', junit);
  const second = await kitgen(...args);
  const timeless = (s: string) => s.replace(/ in [\d.]+ s /, ' ');
  assert.equal(timeless(first.stdout), timeless(second.stdout));
  assert.match(first.stdout, /seed 42; --seed 42 repeats this run/);
  const xml = await readFile(junit, 'utf8');
  assert.match(
    xml,
    /^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="kitgen check" tests="\d+" failures="0" skipped="0"/,
  );
  assert.match(xml, /<testcase classname="GET \/items \(listItems\)" name="valid requests"><\/testcase>/);
  assert.match(
    xml,
    /<testcase classname="GET \/items \(listItems\)" name="invalid: query parameter limit out of range"><\/testcase>/,
  );
});

test('a server that does not answer is a violation with the request that got no answer', async () => {
  const closed = await startStore({ name: 'closed', mutate: () => {}, fault: 'none' });
  await closed.shutdown();
  const run = await kitgen(
    'check',
    storeDocument,
    '--url',
    closed.url,
    '--operations',
    'getItem',
    '--max-examples',
    '2',
    '--seed',
    '1',
  );
  assert.equal(run.code, 1);
  assert.match(run.stdout, /^✗ GET \/items\/\{itemId\} \(getItem\) — valid requests: transport$/m);
  assert.match(run.stdout, /^ {2}no answer: connect ECONNREFUSED/m);
  assert.match(run.stdout, new RegExp(`^  curl -i -X GET ${closed.url.replace(/\./g, '\\.')}/items/\\d+$`, 'm'));
});

test('a document that is not OpenAPI 3 is refused with exit 1', async () => {
  const swagger = join(dir, 'swagger.json');
  await writeFile(swagger, JSON.stringify({ swagger: '2.0', info: { title: 't', version: '1' }, paths: {} }));
  const run = await kitgen('check', swagger, '--url', server.url);
  assert.equal(run.code, 1);
  assert.match(run.stderr, /is not an OpenAPI 3\.0 or 3\.1 document \(openapi: 2\.0\)/);
});

test('a document of no operations has nothing to judge: said on stderr, exit 0', async () => {
  const empty = join(dir, 'empty.json');
  await writeFile(empty, JSON.stringify({ openapi: '3.0.0', info: { title: 't', version: '1' }, paths: {} }));
  const run = await kitgen('check', empty, '--url', server.url);
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stderr, /empty\.json declares no operations; nothing was checked/);
  assert.match(run.stdout, /^no violations: 0 operations, 0 requests/m);
});
