// The code-first client calls the user's own endpoints, so a frontend bundles the definition
// files with it: from the packed runtime (the browser resolution of `@kitgen/runtime` is its
// client entry, which has DeriveSchema), the pets client bundles for the browser importing no
// Node built-in and none of the runtime's server side.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { dirname, join } from 'node:path';
import { build } from 'esbuild';
import { ensurePackedPackages } from '../../scripts/packed-packages.mjs';
import { codeFirstCases, generateCodeFirst } from './support/codeFirstCases.ts';
import { repoRoot } from './support/fixtures.ts';

const project = join(repoRoot, '.tmp', `codefirst-client-browser-${process.pid}`);
const builtins = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);

test(
  'the code-first client bundles for the browser with the definitions it calls: no Node built-in, no server',
  { timeout: 600_000 },
  async () => {
    const packs = await ensurePackedPackages();
    await rm(project, { recursive: true, force: true });
    try {
      const runtimeDir = join(project, 'node_modules', '@kitgen', 'runtime');
      await mkdir(runtimeDir, { recursive: true });
      const r = spawnSync('tar', ['-xzf', packs.runtime, '-C', runtimeDir, '--strip-components=1'], {
        encoding: 'utf8',
      });
      assert.equal(r.status, 0, r.stderr);
      await writeFile(
        join(project, 'package.json'),
        JSON.stringify({ name: 'frontend', private: true, type: 'module' }),
      );
      const pets = (await codeFirstCases()).find((c) => c.name === 'pets')!;
      const out = join(project, 'cf');
      const { result } = await generateCodeFirst(pets, out);
      for (const [path, text] of result.output) {
        await mkdir(dirname(join(out, path)), { recursive: true });
        await writeFile(join(out, path), text);
      }
      const built = await build({
        entryPoints: [join(out, 'client.js')],
        bundle: true,
        write: false,
        format: 'esm',
        platform: 'browser',
        outdir: join(project, 'out'),
        metafile: true,
        logLevel: 'silent',
        // A built-in is left as an import rather than failing the build, so the metafile shows who imports it.
        external: [...builtins],
      });
      const inputs = Object.entries(built.metafile.inputs);
      assert.ok(
        inputs.some(([path]) => path.endsWith('cf/definitions/pets.endpoints.ts')),
        'the client bundles the user’s definitions',
      );
      const runtimeInputs = inputs
        .map(([path]) => path)
        .filter((path) => path.includes('node_modules/@kitgen/runtime/'));
      assert.ok(
        runtimeInputs.some((path) => path.endsWith('@kitgen/runtime/dist/esm/client.js')),
        runtimeInputs.join(', '),
      );
      const nodeImports = inputs.flatMap(([path, input]) =>
        input.imports.filter((i) => builtins.has(i.path)).map((i) => `${path} -> ${i.path}`),
      );
      assert.deepEqual(nodeImports, []);
      const serverSide = runtimeInputs.filter((path) =>
        /\/dist\/(index\.js|runtime\.cjs|esm\/(index\.js|(server|cli|openapi|docs|log|websocket)\/))/.test(path),
      );
      assert.deepEqual(serverSide, []);
    } finally {
      await rm(project, { recursive: true, force: true });
    }
  },
);
