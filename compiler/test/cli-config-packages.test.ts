// kitgen.config.ts loads in a package of any module type (ESM, CommonJS, none) under plain node:
// no tsx loader registered in the process, `import { defineConfig } from 'kitgen'` resolving
// through the package's exports (node_modules/kitgen links to this repository).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as kitgen from '../src/index.ts';
import { repoRoot } from './support/fixtures.ts';

const pets = join(repoRoot, 'fixtures/pets/openapi.yaml');

test('defineConfig is exported from the package entry', () => {
  assert.equal(typeof kitgen.defineConfig, 'function');
  assert.deepEqual(kitgen.defineConfig({ out: 'x' }), { out: 'x' });
});

test('kitgen.config.ts loads under plain node in an ESM, a CommonJS and a typeless package', async () => {
  const root = join(repoRoot, '.tmp', 'config-packages');
  await rm(root, { recursive: true, force: true });
  // Plain node: config.ts compiled to JavaScript as the published package has it (esbuild
  // here), no tsx loader registered; only the export condition that points 'kitgen' at its
  // sources (the built package points it at compiler/dist, which the consumer test covers).
  await mkdir(root, { recursive: true });
  const { build } = await import('esbuild');
  const compiled = join(root, 'config.mjs');
  await build({
    entryPoints: [join(repoRoot, 'compiler/src/pipeline/config.ts')],
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    outfile: compiled,
    logLevel: 'silent',
  });
  const runner = join(root, 'load.mjs');
  await writeFile(
    runner,
    `const { loadConfig } = await import(${JSON.stringify(pathToFileURL(compiled).href)});
const { config } = await loadConfig(undefined, process.argv[2]);
process.stdout.write(JSON.stringify(config));
`,
  );
  await symlink(join(repoRoot, 'node_modules'), join(root, 'node_modules'));
  for (const [name, type] of [
    ['esm', 'module'],
    ['cjs', 'commonjs'],
    ['none', undefined],
  ] as const) {
    const dir = join(root, name);
    await mkdir(join(dir, 'node_modules'), { recursive: true });
    await symlink(repoRoot, join(dir, 'node_modules/kitgen'));
    await writeFile(
      join(dir, 'package.json'),
      JSON.stringify({ name: `app-${name}`, version: '1.0.0', ...(type ? { type } : {}) }),
    );
    await writeFile(
      join(dir, 'kitgen.config.ts'),
      `import { defineConfig } from 'kitgen';\n\nconst targets: Array<'endpoints' | 'client'> = ['endpoints', 'client'];\nexport default defineConfig({ input: ${JSON.stringify(pets)}, out: 'src/api', targets });\n`,
    );
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_OPTIONS: '--conditions=kitgen-source' };
    delete env.NODE_TEST_CONTEXT;
    const r = spawnSync(process.execPath, [runner, dir], { cwd: dir, env, encoding: 'utf8' });
    assert.equal(r.status, 0, `${name}: ${r.stderr}`);
    assert.deepEqual(
      JSON.parse(r.stdout),
      { input: pets, out: join(dir, 'src/api'), targets: ['endpoints', 'client'] },
      name,
    );
  }
});
