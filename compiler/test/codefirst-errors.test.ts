// Broken endpoint definition files, run through `kitgen generate` as a user would: each gives one
// message with file, line, column, a code frame and a fix, exit code 1, and nothing is written.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { main, type CliIO } from '../src/cli/main.ts';
import { repoRoot } from './support/fixtures.ts';
import { writeRuntimeTsconfig } from './support/runtimeTsconfig.ts';

const root = join(repoRoot, 'compiler', 'test', '.tmp', 'codefirst-errors');
const header = `import { DeriveSchema, Endpoint, HttpCodec, PathCodec, RoutePattern, Schema, Status } from '@kitgen/runtime';\n`;

// Each case is a cold program in a folder of its own below `root`: the tsconfig there, found
// upward, gives them the runtime's declarations rather than its sources.
before(async () => {
  await mkdir(root, { recursive: true });
  await writeRuntimeTsconfig(root);
});

interface Run {
  readonly code: number;
  readonly stderr: string;
  readonly out: string;
}

async function generate(name: string, files: Record<string, string>, extra: string[] = []): Promise<Run> {
  const dir = join(root, name);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  for (const [file, text] of Object.entries(files)) await writeFile(join(dir, file), text);
  const lines: string[] = [];
  const io: CliIO = { cwd: dir, stdout: () => {}, stderr: (l) => lines.push(l) };
  const out = join(dir, 'gen');
  const code = await main(['generate', '*.endpoints.ts', '--out', out, ...extra], io);
  return { code, stderr: lines.join('\n'), out };
}

/** The message has the place, a frame marking it, the text expected and a fix; nothing was written. */
function assertOne(run: Run, file: string, line: number, text: RegExp): void {
  assert.equal(run.code, 1, run.stderr);
  const errors = run.stderr.split('\n').filter((l) => /: error/.test(l));
  assert.equal(errors.length, 1, `one error, got:\n${run.stderr}`);
  assert.match(errors[0], new RegExp(`${file.replace(/\./g, '\\.')}:${line}:\\d+: error`), run.stderr);
  assert.match(run.stderr, text);
  assert.match(run.stderr, new RegExp(`> +${line} \\|`), `a code frame at line ${line}:\n${run.stderr}`);
  assert.match(run.stderr, /\^+/, 'the frame marks the place');
  assert.match(run.stderr, /\n  fix: \S/, 'a fix');
  assert.equal(existsSync(run.out), false, 'nothing is written');
}

test('a function-typed field: the path from the export, at the field', async () => {
  const run = await generate('function-field', {
    'a.endpoints.ts': `${header}export interface Pet {\n  name: string;\n  feed: () => void;\n}\nexport const showPet = Endpoint(RoutePattern.GET('pets')).out(DeriveSchema.gen<Pet>());\n`,
  });
  assertOne(
    run,
    'a.endpoints.ts',
    4,
    /cannot derive a schema for Pet\.feed: a function type \(\(\) => void\) has no JSON form\n  path: showPet → Pet\.feed\n/,
  );
});

test('a Map field is refused, not widened', async () => {
  const run = await generate('map-field', {
    'a.endpoints.ts': `${header}export interface Index {\n  byName: Map<string, number>;\n}\nexport const index = Endpoint(RoutePattern.GET('index')).out(DeriveSchema.gen<Index>());\n`,
  });
  assertOne(
    run,
    'a.endpoints.ts',
    3,
    /Index\.byName: a Map \(Map<string, number>\) has no JSON form\n  path: index → Index\.byName/,
  );
});

test('a class with methods is not an error: its data fields are the schema (JSON.stringify writes no method)', async () => {
  const run = await generate('class-methods', {
    'a.endpoints.ts': `${header}export class Account {\n  id = 0;\n  close(): void {}\n}\nexport const account = Endpoint(RoutePattern.GET('account')).out(DeriveSchema.gen<Account>());\n`,
  });
  assert.equal(run.code, 0, run.stderr);
  const document = JSON.parse(await readFile(join(run.out, 'openapi.json'), 'utf8')) as {
    components: { schemas: Record<string, unknown> };
  };
  assert.deepEqual(document.components.schemas.Account, {
    type: 'object',
    properties: { id: { type: 'number' } },
    required: ['id'],
  });
});

test('a misspelled type name: an error at the name, not an empty schema', async () => {
  const run = await generate('misspelled-type', {
    'a.endpoints.ts': `${header}export interface Found {\n  id: number;\n}\nexport const found = Endpoint(RoutePattern.GET('found')).out(DeriveSchema.gen<NotFund>());\n`,
  });
  assertOne(run, 'a.endpoints.ts', 5, /cannot derive a schema for found: cannot find type NotFund/);
});

test('a symbol field', async () => {
  const run = await generate('symbol-field', {
    'a.endpoints.ts': `${header}export interface Tagged {\n  id: number;\n  tag: symbol;\n}\nexport const tagged = Endpoint(RoutePattern.GET('tagged')).out(DeriveSchema.gen<Tagged>());\n`,
  });
  assertOne(run, 'a.endpoints.ts', 4, /Tagged\.tag: a symbol \(symbol\) has no JSON form/);
});

test('a generic left open inside a function: its type parameter', async () => {
  const run = await generate('conditional', {
    'a.endpoints.ts': `${header}export type Boxed<T> = { value: T extends string ? 'text' : 'other' };\nexport function make<T>() {\n  return Endpoint(RoutePattern.GET('boxed')).out(DeriveSchema.gen<Boxed<T>>());\n}\nexport const boxed = make<string>();\n`,
  });
  // Inside the generic function T is not bound: the call cannot be derived, whatever make<string>() later says.
  assertOne(
    run,
    'a.endpoints.ts',
    4,
    /cannot derive a schema for make: a type parameter \(T in Boxed<T>\) has no JSON form[\s\S]*fix: derive a concrete type/,
  );
});

test('DeriveSchema.gen() without a type', async () => {
  const run = await generate('no-type-argument', {
    'a.endpoints.ts': `${header}export const bare = Endpoint(RoutePattern.GET('bare')).out(DeriveSchema.gen());\n`,
  });
  assertOne(
    run,
    'a.endpoints.ts',
    2,
    /DeriveSchema\.gen\(\) has no type argument: there is no type to derive a schema from[\s\S]*fix: write DeriveSchema\.gen<YourType>\(\)/,
  );
});

test('a module that throws while loading: the file, the line and the cause', async () => {
  const run = await generate('throws', {
    'a.endpoints.ts': `${header}export const ping = Endpoint(RoutePattern.GET('ping')).out(Schema.String());\nif (!process.env.NEVER_SET_KITGEN) {\n  throw new Error('DATABASE_URL is not set');\n}\n`,
  });
  assertOne(
    run,
    'a.endpoints.ts',
    4,
    /loading .*a\.endpoints\.ts failed: Error: DATABASE_URL is not set[\s\S]*fix: an endpoint definition file should only define endpoints and types/,
  );
});

test('a syntax error', async () => {
  const run = await generate('syntax', {
    'a.endpoints.ts': `${header}export const ping = Endpoint(RoutePattern.GET('ping')).out(Schema.String(;\n`,
  });
  assertOne(run, 'a.endpoints.ts', 2, /syntax error: /);
});

test('one operationId declared twice: at the export that repeats it', async () => {
  const run = await generate('duplicate-operation-id', {
    'a.endpoints.ts': `${header}export const one = Endpoint(RoutePattern.GET('one')).out(Schema.String()).operationId('fetch');\nexport const two = Endpoint(RoutePattern.GET('two')).out(Schema.String()).operationId('fetch');\n`,
  });
  assertOne(
    run,
    'a.endpoints.ts',
    3,
    /operationId "fetch" is declared by both[\s\S]*\(exports one and two\)[\s\S]*fix: give each endpoint its own operationId/,
  );
});

test('two endpoints for one method and path', async () => {
  const run = await generate('same-route', {
    'a.endpoints.ts': `${header}export const first = Endpoint(RoutePattern.GET('pets')).out(Schema.String());\nexport const second = Endpoint(RoutePattern.GET('pets')).out(Schema.Integer());\n`,
  });
  assertOne(run, 'a.endpoints.ts', 3, /two endpoints describe GET \/pets[\s\S]*fix: combine the two/);
});

test('two types with one name in two files', async () => {
  const run = await generate('same-name', {
    'a.types.ts': `export interface Pet {\n  name: string;\n}\n`,
    'b.types.ts': `export interface Pet {\n  id: number;\n}\n`,
    'a.endpoints.ts': `${header}import type { Pet as A } from './a.types.js';\nimport type { Pet as B } from './b.types.js';\nexport const a = Endpoint(RoutePattern.GET('a')).out(DeriveSchema.gen<A>());\nexport const b = Endpoint(RoutePattern.GET('b')).out(DeriveSchema.gen<B>());\n`,
  });
  assertOne(
    run,
    'a.endpoints.ts',
    4,
    /two different types are named Pet: .*b\.types\.ts:1:1 and .*a\.types\.ts:1:1 \(component names must be unique across the project\)[\s\S]*fix: rename one of them/,
  );
});

test('a missing tsconfig named on the command line', async () => {
  const run = await generate(
    'missing-tsconfig',
    { 'a.endpoints.ts': `${header}export const ping = Endpoint(RoutePattern.GET('ping')).out(Schema.String());\n` },
    ['--tsconfig', 'nope/tsconfig.json'],
  );
  assert.equal(run.code, 1, run.stderr);
  assert.match(
    run.stderr,
    /nope\/tsconfig\.json: error: tsconfig \S*nope\/tsconfig\.json does not exist\n  fix: name an existing tsconfig\.json/,
  );
});

test('an endpoint that is not exported is named, with the fix', async () => {
  const run = await generate('not-exported', {
    'a.endpoints.ts': `${header}const hidden = Endpoint(RoutePattern.GET('hidden')).out(Schema.String());\nexport const shown = Endpoint(RoutePattern.GET('shown')).out(Schema.String());\nvoid hidden;\n`,
  });
  assert.equal(run.code, 0, run.stderr);
  assert.match(
    run.stderr,
    /a\.endpoints\.ts:2:7: warning: endpoint "hidden" is not exported, so it is not described[\s\S]*> 2 \| const hidden[\s\S]*fix: export it: export const hidden = …/,
  );
});

test('no exported endpoint at all', async () => {
  const run = await generate('none', { 'a.endpoints.ts': `export const answer = 42;\n` });
  assert.equal(run.code, 1, run.stderr);
  assert.match(run.stderr, /error: no exported Endpoint found\n  fix: export the endpoints/);
});

test('a glob that matches nothing', async () => {
  const dir = join(root, 'empty');
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const lines: string[] = [];
  const code = await main(['generate', 'src/**/*.endpoints.ts', '--out', join(dir, 'gen')], {
    cwd: dir,
    stdout: () => {},
    stderr: (l) => lines.push(l),
  });
  assert.equal(code, 1);
  assert.match(
    lines.join('\n'),
    /src\/\*\*\/\*\.endpoints\.ts: error: the glob matches no TypeScript file\n  fix: check the pattern/,
  );
});
