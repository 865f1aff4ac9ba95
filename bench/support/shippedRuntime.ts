/**
 * The runtime as a user's project gets it: `scripts/build-runtime.mjs` into `outDir` (the bundled
 * `index.js` and one `index.d.ts` with typebox's declarations inlined). bench:codegen and
 * bench:editor point `@kitgen/runtime` at `<outDir>/index.d.ts`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** Builds the shipped runtime into `outDir` and returns the path of its `index.d.ts`. */
export function buildShippedRuntime(root: string, outDir: string): string {
  const r = spawnSync(process.execPath, [join(root, 'scripts/build-runtime.mjs'), '--outDir', outDir], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  const declarations = join(outDir, 'index.d.ts');
  if (r.status !== 0 || !existsSync(declarations)) throw new Error(`building the runtime failed:\n${r.stdout}${r.stderr}`);
  return declarations;
}
