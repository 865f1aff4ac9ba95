// The code-first disk cache: a second cold run with nothing changed makes no TypeScript program and
// starts no loading thread (the session's stats say so, not a timing); a cold run after an edit reads
// with TypeScript only what the edit reached and gives the bytes of a run without the cache; a
// damaged entry is ignored with a warning, and the run is still right.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CodeFirstSession } from '../src/codefirst/CodeFirst.ts';
import { generateRunFrom } from '../src/pipeline/generateRun.ts';
import { runGenerate, type RunReporter } from '../src/pipeline/runGenerate.ts';
import { repoRoot } from './support/fixtures.ts';
import { writeRuntimeTsconfig } from './support/runtimeTsconfig.ts';

const dir = join(repoRoot, 'compiler', 'test', '.tmp', 'codefirst-cache');
const cacheDir = join(dir, 'cache');

const models = (extra: string) => `/** A pet. */\nexport interface Pet {\n  name: string;\n${extra}}\n`;
const projectFiles: Record<string, string> = {
  'models.ts': models(''),
  'owners.ts': `export interface Owner {\n  id: number;\n  nick?: string;\n}\n`,
  'a.endpoints.ts': `import { DeriveSchema, Endpoint, PathCodec, RoutePattern } from '@kitgen/runtime';\nimport type { Pet } from './models.js';\n\n/** Lists the pets. */\nexport const listPets = Endpoint(RoutePattern.GET('pets')).out(DeriveSchema.gen<Pet[]>());\n\nexport const getPet = Endpoint(RoutePattern.GET('pets', PathCodec.int('id'))).out(DeriveSchema.gen<Pet>());\n`,
  'b.endpoints.ts': `import { DeriveSchema, Endpoint, RoutePattern } from '@kitgen/runtime';\nimport type { Owner } from './owners.js';\n\nexport const listOwners = Endpoint(RoutePattern.GET('owners')).out(DeriveSchema.gen<Owner[]>());\n`,
};

const reporter: RunReporter = { progress: () => {}, warning: () => {} };
const run = generateRunFrom(
  {},
  { format: false, dryRun: true, targets: 'openapi,client' },
  dir,
  'api/*.endpoints.ts',
  undefined,
);

/** One cold run (a new session, as a new process has) on the cache, or without it; its files and the session's stats. */
async function coldRun(cache: string | false, warnings: string[] = []) {
  const session = new CodeFirstSession({ input: run.input, cwd: dir, cacheDir: cache, warn: (m) => warnings.push(m) });
  try {
    const result = await runGenerate({ ...run, cacheDir: cache }, reporter, session);
    return { output: result.output, stats: session.stats };
  } finally {
    await session.close();
  }
}

test(
  'a second cold run skips TypeScript; an edit is read alone; a damaged entry is ignored',
  { timeout: 300_000 },
  async () => {
    await rm(dir, { recursive: true, force: true });
    await mkdir(join(dir, 'api'), { recursive: true });
    // Four cold programs: over the runtime's declarations, not its sources.
    await writeRuntimeTsconfig(dir);
    await writeFile(
      join(dir, 'package.json'),
      JSON.stringify({ name: 'cache-test', version: '1.0.0', type: 'module' }),
    );
    for (const [name, text] of Object.entries(projectFiles)) await writeFile(join(dir, 'api', name), text);

    const first = await coldRun(cacheDir);
    assert.equal(first.stats.typescript, true, 'the first run derives with TypeScript');
    assert.equal(first.stats.described, true, 'the first run loads the modules');
    assert.match(first.output.get('openapi.json') ?? '', /"listOwners"/);

    const second = await coldRun(cacheDir);
    assert.equal(second.stats.typescript, false, 'nothing changed: no TypeScript program is made');
    assert.equal(second.stats.described, false, 'nothing changed: the modules are not loaded');
    assert.deepEqual(second.stats.read, []);
    assert.deepEqual(second.output, first.output);

    // One type changes: the endpoint file deriving it is read again, the other one is not.
    await writeFile(join(dir, 'api', 'models.ts'), models('  age?: number;\n'));
    const edited = await coldRun(cacheDir);
    const scratch = await coldRun(false);
    assert.equal(edited.stats.typescript, true);
    const api = join(dir, 'api');
    assert.deepEqual(
      edited.stats.read,
      [join(api, 'a.endpoints.ts'), join(api, 'models.ts')],
      'only the edited file and the endpoint file deriving its type are read again',
    );
    assert.match(edited.output.get('openapi.json') ?? '', /"age"/);
    assert.deepEqual(
      edited.output,
      scratch.output,
      'after an edit, the cached run gives the bytes of a run without the cache',
    );

    // Damage every entry: each is refused with a warning naming it, and the run derives as from scratch.
    const entries: string[] = [];
    for (const kind of await readdir(join(cacheDir, 'codefirst'))) {
      for (const name of await readdir(join(cacheDir, 'codefirst', kind)))
        entries.push(join(cacheDir, 'codefirst', kind, name));
    }
    assert.ok(entries.length >= 3, `entries written: ${entries.join(', ')}`);
    for (const entry of entries) {
      const text = await readFile(entry, 'utf8');
      await writeFile(entry, text.replace('"code"', '"cod3"').replace('"json"', '"js0n"'));
    }
    const warnings: string[] = [];
    const damaged = await coldRun(cacheDir, warnings);
    assert.ok(warnings.length > 0, 'a damaged entry is reported');
    assert.match(warnings[0], /cache entry .* is damaged .*ignored/);
    assert.equal(damaged.stats.typescript, true);
    assert.deepEqual(damaged.output, scratch.output);

    // The damaged entries were written again: the next cold run is whole from the cache.
    const again = await coldRun(cacheDir);
    assert.equal(again.stats.typescript, false);
    assert.deepEqual(again.output, scratch.output);
  },
);
