/**
 * The runtime as a user's project gets it: `scripts/build-runtime.mjs` into `outDir` (the bundled
 * `index.js` and one `index.d.ts` with typebox's declarations inlined), then installed into a
 * benchmark project's `node_modules/@kitgen/runtime` by bench:codegen and bench:editor.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** Builds the shipped runtime into `outDir` and returns the path of its `index.d.ts`. */
export function buildShippedRuntime(root: string, outDir: string): string {
  const r = spawnSync(process.execPath, [join(root, 'scripts/build-runtime.mjs'), '--outDir', outDir], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  const declarations = join(outDir, 'index.d.ts');
  if (r.status !== 0 || !existsSync(declarations))
    throw new Error(`building the runtime failed:\n${r.stdout}${r.stderr}`);
  return declarations;
}

/**
 * Installs the runtime built into `outDir` as `<projectDir>/node_modules/@kitgen/runtime`, with the
 * package's own `exports` (the build's `dist/` files), so TypeScript resolves `@kitgen/runtime` as
 * in a user's project. Not `paths`: its `baseUrl` has TypeScript try every bare import (`events`,
 * `pino`, …) in the project folder first, and tsserver watch each of those failed locations, a
 * cost no installed project pays (about 200 ms of kitgen's cold open on the large document).
 */
export function installShippedRuntime(root: string, outDir: string, projectDir: string): void {
  const target = join(projectDir, 'node_modules', '@kitgen', 'runtime');
  rmSync(target, { recursive: true, force: true });
  mkdirSync(join(target, 'dist'), { recursive: true });
  for (const file of ['index.d.ts', 'index.js']) copyFileSync(join(outDir, file), join(target, 'dist', file));
  const manifest = JSON.parse(readFileSync(join(root, 'runtime', 'package.json'), 'utf8')) as {
    name: string;
    version: string;
    type: string;
  };
  const exports = { '.': { types: './dist/index.d.ts', default: './dist/index.js' } };
  writeFileSync(
    join(target, 'package.json'),
    JSON.stringify({ name: manifest.name, version: manifest.version, type: manifest.type, exports }, null, 2),
  );
}

/**
 * Links packages of this repository's `node_modules` into `<projectDir>/node_modules` (what an
 * install would have put there), for a benchmark project kept outside the repository.
 */
export function linkPackages(root: string, projectDir: string, names: readonly string[]): void {
  for (const name of names) {
    const link = join(projectDir, 'node_modules', name);
    rmSync(link, { recursive: true, force: true });
    mkdirSync(dirname(link), { recursive: true });
    symlinkSync(join(root, 'node_modules', name), link, 'dir');
  }
}
