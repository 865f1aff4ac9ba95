// `kitgen generate --no-cache`: the code-first cache is neither written nor read (a damaged one is
// not even looked at), and the output is what a run with the cache writes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { main } from '../src/cli/main.ts';
import { repoRoot } from './support/fixtures.ts';
import { writeRuntimeTsconfig } from './support/runtimeTsconfig.ts';

const dir = join(repoRoot, 'compiler', 'test', '.tmp', 'codefirst-no-cache');
const projectFiles: Record<string, string> = {
  'models.ts': `/** A pet. */\nexport interface Pet {\n  name: string;\n}\n`,
  'a.endpoints.ts': `import { DeriveSchema, Endpoint, RoutePattern } from '@kitgen/runtime';\nimport type { Pet } from './models.js';\n\nexport const listPets = Endpoint(RoutePattern.GET('pets')).out(DeriveSchema.gen<Pet[]>());\n`,
};

test('kitgen generate --no-cache neither reads nor writes the cache', { timeout: 300_000 }, async () => {
  const project = dir;
  const cache = join(project, 'cache');
  await rm(project, { recursive: true, force: true });
  await mkdir(join(project, 'api'), { recursive: true });
  // Three cold programs: over the runtime's declarations, not its sources.
  await writeRuntimeTsconfig(project);
  await writeFile(
    join(project, 'package.json'),
    JSON.stringify({ name: 'no-cache', version: '1.0.0', type: 'module' }),
  );
  for (const [name, text] of Object.entries(projectFiles)) await writeFile(join(project, 'api', name), text);
  const before = process.env.KITGEN_CACHE_DIR;
  process.env.KITGEN_CACHE_DIR = cache;
  try {
    const generate = async (...flags: string[]) => {
      let err = '';
      const io = { cwd: project, stdout: () => {}, stderr: (l: string) => (err += `${l}\n`) };
      const code = await main(['generate', 'api/*.endpoints.ts', '--out', 'gen', '--targets', 'openapi', ...flags], io);
      assert.equal(code, 0, err);
      return readFile(join(project, 'gen', 'openapi.json'), 'utf8');
    };
    const uncached = await generate('--no-cache');
    assert.equal(await readdir(cache).catch(() => 'absent'), 'absent', '--no-cache writes no cache');
    assert.equal(await generate(), uncached, 'the cache is filled by a run without the flag');
    assert.ok((await readdir(join(cache, 'codefirst'))).length > 0);
    // A damaged cache is not even read: no warning about it.
    for (const kind of await readdir(join(cache, 'codefirst')))
      for (const name of await readdir(join(cache, 'codefirst', kind)))
        await writeFile(join(cache, 'codefirst', kind, name), 'damaged');
    let err = '';
    const io = { cwd: project, stdout: () => {}, stderr: (l: string) => (err += `${l}\n`) };
    assert.equal(
      await main(['generate', 'api/*.endpoints.ts', '--out', 'gen2', '--targets', 'openapi', '--no-cache'], io),
      0,
      err,
    );
    assert.doesNotMatch(err, /cache entry/);
    assert.equal(await readFile(join(project, 'gen2', 'openapi.json'), 'utf8'), uncached);
  } finally {
    if (before === undefined) delete process.env.KITGEN_CACHE_DIR;
    else process.env.KITGEN_CACHE_DIR = before;
  }
});
