/**
 * Builds `@kitgen/runtime` exactly as it ships (scripts/build-runtime.mjs: one esbuild bundle,
 * typebox inlined, the other dependencies external) into `.tmp/bench-runtime/`, so the benchmark
 * runs kitgen as users get it, like the compiled JavaScript of Fastify and Hono. (Run from
 * source, tsx's esbuild transform adds `keepNames` helpers that rename every closure made per
 * request; see docs/benchmarks.md. The bundle is built without them.)
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** How the kitgen server loads the runtime: the shipped build (default) or the TypeScript sources via tsx. */
export type KitgenFrom = 'build' | 'source';

/**
 * Builds the runtime and returns the file URL of its entry. The bundle does not type-check (the
 * declarations are not needed here), so a type error elsewhere in progress does not stop it.
 */
export function buildRuntime(): { entry: string; warning: string | undefined } {
  // A bundle built earlier (say, of the commit before a change), to measure it against the same peers.
  const given = process.env.BENCH_RUNTIME_BUNDLE;
  if (given) {
    if (!existsSync(given)) throw new Error(`BENCH_RUNTIME_BUNDLE: no file at ${given}`);
    return {
      entry: pathToFileURL(given).href,
      warning: `runtime from BENCH_RUNTIME_BUNDLE=${given}, not built from this tree`,
    };
  }
  const outDir = `${repoRoot}.tmp/bench-runtime`;
  const r = spawnSync(
    process.execPath,
    [`${repoRoot}scripts/build-runtime.mjs`, '--outDir', outDir, '--no-declarations'],
    {
      encoding: 'utf8',
      env: { ...process.env, NODE_OPTIONS: '' },
    },
  );
  const index = `${outDir}/index.js`;
  if (r.status !== 0 || !existsSync(index)) throw new Error(`building the runtime failed:\n${r.stdout}${r.stderr}`);
  return { entry: pathToFileURL(index).href, warning: undefined };
}
