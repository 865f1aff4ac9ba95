// @kitgen/runtime as users get it from the registry: its JavaScript bundle and declaration files,
// built by scripts/build-runtime.mjs into `<work>/node_modules/@kitgen/runtime`, so projects under `work` load the shipped form
// (no TypeScript loader for the runtime, declarations for the type checker) while its own
// dependencies still resolve from the repository's node_modules further up.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Builds the runtime package into `<work>/node_modules/@kitgen/runtime`; returns its folder. */
export function buildRuntimePackage(root: string, work: string): string {
  const dir = join(work, 'node_modules', '@kitgen', 'runtime');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  // As `npm run build` ships it: the bundle and tsc's declarations.
  const r = spawnSync(process.execPath, [join(root, 'scripts/build-runtime.mjs'), '--outDir', join(dir, 'dist')], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  if (r.status !== 0) throw new Error(`building the runtime package failed:\n${r.stdout}${r.stderr}`);
  const pkg = JSON.parse(readFileSync(join(root, 'runtime/package.json'), 'utf8')) as Record<string, unknown>;
  // Without the `kitgen-source` condition: the published package has only dist/. Every subpath
  // stays (the compiler itself imports `@kitgen/runtime/words`).
  pkg.exports = withoutSourceCondition(pkg.exports);
  // And its `#validator-engine` import: a process run with the condition (a bench under the
  // repository's loaders) would otherwise look for src/ in the package.
  pkg.imports = withoutSourceCondition(pkg.imports);
  writeFileSync(join(dir, 'package.json'), JSON.stringify(pkg, null, 2));
  return dir;
}

/** The package's exports map without the `kitgen-source` condition (which points at src/), at any depth. */
function withoutSourceCondition(exports: unknown): unknown {
  if (typeof exports !== 'object' || exports === null || Array.isArray(exports)) return exports;
  return Object.fromEntries(
    Object.entries(exports as Record<string, unknown>)
      .filter(([key]) => key !== 'kitgen-source')
      .map(([key, value]) => [key, withoutSourceCondition(value)]),
  );
}
