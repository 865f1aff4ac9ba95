/**
 * Compiles `@kitgen/runtime` with tsc (its own build config) into `.tmp/bench-runtime/`, so the
 * benchmark runs kitgen as it ships: tsc's JavaScript, like the compiled JavaScript of Fastify
 * and Hono. (Run from source, tsx's esbuild transform adds `keepNames` helpers that rename
 * every closure made per request; see docs/benchmarks.md.)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** How the kitgen server loads the runtime: the tsc build (default) or the TypeScript sources via tsx. */
export type KitgenFrom = 'build' | 'source';

/**
 * Builds the runtime and returns the file URL of its entry. Type errors (another change in
 * progress) do not stop the build: tsc still emits, and the count is returned as a warning.
 */
export function buildRuntime(): { entry: string; warning: string | undefined } {
  const outDir = `${repoRoot}.tmp/bench-runtime`;
  rmSync(outDir, { recursive: true, force: true });
  const tsc = `${repoRoot}node_modules/typescript/bin/tsc`;
  const r = spawnSync(process.execPath, [tsc, '-p', `${repoRoot}runtime/tsconfig.build.json`, '--outDir', outDir, '--declaration', 'false'], {
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  const index = `${outDir}/index.js`;
  if (!existsSync(index)) throw new Error(`building the runtime with tsc failed:\n${r.stdout}${r.stderr}`);
  const errors = (r.stdout.match(/error TS\d+/g) ?? []).length;
  return {
    entry: pathToFileURL(index).href,
    warning: r.status === 0 ? undefined : `tsc reported ${errors} type error(s) in the runtime; benchmarking what it emitted`,
  };
}
