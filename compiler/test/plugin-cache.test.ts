// The build plugin's cache, as a CI re-run or a build after a day of dev meets it: a second
// `vite build` in a fresh process takes every module's expansion from the cache (no TypeScript
// program made, KITGEN_DEBUG says) and writes a bundle and source map byte-identical to the first;
// an edited type is derived again; and a module the cache holds still clashes with a new module
// that gives its component name to another type.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runNode } from './support/e2e.ts';
import { modelsText, writePluginProject } from './support/pluginProject.ts';

const child = join('compiler', 'test', 'support', 'viteBuildChild.ts');
const madeProgram = /kitgen:codefirst TypeScript: creating the derivation project/;

async function viteBuild(dir: string, cache: string) {
  const run = await runNode([child, dir, '--sourcemap'], { KITGEN_DEBUG: 'codefirst', KITGEN_CACHE_DIR: cache });
  return { ...run, ok: run.code === 0 };
}

const output = async (dir: string) => ({
  js: await readFile(join(dir, 'dist', 'main.js'), 'utf8'),
  map: await readFile(join(dir, 'dist', 'main.js.map'), 'utf8'),
});

test(
  'vite build again with nothing changed: no TypeScript, the same bundle and map',
  { timeout: 180_000 },
  async () => {
    const p = await writePluginProject('plugin-cache');
    const cache = join(p.dir, 'cache');
    await rm(cache, { recursive: true, force: true });
    const first = await viteBuild(p.dir, cache);
    assert.ok(first.ok, first.stderr);
    assert.match(first.stderr, madeProgram);
    assert.match(first.stdout, /transformed 1\b/);
    const built = await output(p.dir);
    assert.match(built.js, /"\$id": "Pet"/);

    const second = await viteBuild(p.dir, cache);
    assert.ok(second.ok, second.stderr);
    assert.doesNotMatch(second.stderr, madeProgram, 'the second build made a TypeScript program');
    assert.match(second.stdout, /transformed 1\b/);
    assert.deepEqual(await output(p.dir), built);

    // A type the module reads edited: derived again, and the bundle shows it.
    await writeFile(p.models, modelsText('  name: string;\n  age?: number;'));
    const third = await viteBuild(p.dir, cache);
    assert.ok(third.ok, third.stderr);
    assert.match(third.stderr, madeProgram);
    assert.match((await output(p.dir)).js, /"age": \{ "type": "number" \}/);
  },
);

test(
  'a cached module and a new one naming another type alike: the build fails naming both',
  { timeout: 180_000 },
  async () => {
    const p = await writePluginProject('plugin-cache-clash');
    const cache = join(p.dir, 'cache');
    await rm(cache, { recursive: true, force: true });
    assert.ok((await viteBuild(p.dir, cache)).ok);
    // Another Pet, declared elsewhere, derived by a module the entry now imports too.
    await writeFile(join(p.dir, 'src', 'api', 'other.ts'), 'export interface Pet {\n  id: number;\n}\n');
    await writeFile(
      join(p.dir, 'src', 'api', 'second.ts'),
      `import { DeriveSchema } from '@kitgen/runtime';\nimport type { Pet } from './other.js';\nexport const otherPet = DeriveSchema.gen<Pet>();\n`,
    );
    const entry = await readFile(p.entry, 'utf8');
    await writeFile(p.entry, `${entry}export { otherPet } from './api/second.js';\n`);
    const clash = await viteBuild(p.dir, cache);
    assert.equal(clash.ok, false);
    assert.match(
      clash.stderr,
      /two different types are named Pet: .*(models|other)\.ts:\d+:1 and .*(models|other)\.ts:\d+:1/,
    );
  },
);
