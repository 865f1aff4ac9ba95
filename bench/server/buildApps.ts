/**
 * Compiles the benchmark's server apps (`serve.ts`, `servers/*.ts`, `domain.ts`, `profiler.ts`)
 * to plain JavaScript in `.tmp/bench-server/`, so every peer runs as its users run it: `node
 * serve.js <server>`, no TypeScript loader, no loader hooks, no source-map support in the
 * measured process. esbuild strips the types file by file (no bundling, no `keepNames`), the way
 * `tsc` would; relative `.ts` imports are rewritten to `.js`.
 */
import { buildSync } from 'esbuild';
import { readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** Where the compiled apps go. */
export const appsDir = `${repoRoot}.tmp/bench-server`;

/** The compiled entry every server process runs: `node <serveEntry> <server> <host>`. */
export const serveEntry = `${appsDir}/serve.js`;

/** Compiles the apps and returns the entry's path. */
export function buildApps(): string {
  rmSync(appsDir, { recursive: true, force: true });
  const sources = [
    'serve.ts',
    'domain.ts',
    'payloads.ts',
    'orderCheck.ts',
    'catalog.ts',
    'profiler.ts',
    'manyRoutes.ts',
    'holdConnections.ts',
    ...readdirSync(join(here, 'servers'))
      .filter((f) => f.endsWith('.ts'))
      .map((f) => `servers/${f}`),
  ];
  buildSync({
    entryPoints: sources.map((s) => join(here, s)),
    outdir: appsDir,
    outbase: here,
    bundle: false,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    logLevel: 'error',
  });
  for (const s of sources) {
    const out = join(appsDir, s.replace(/\.ts$/, '.js'));
    const text = readFileSync(out, 'utf8').replace(
      /((?:from|import)\s*\(?\s*)(['"])(\.{1,2}\/[^'"]+)\.ts\2/g,
      '$1$2$3.js$2',
    );
    writeFileSync(out, text);
  }
  // The package scope of the compiled files: ES modules, like the sources.
  writeFileSync(join(appsDir, 'package.json'), '{ "type": "module" }\n');
  return serveEntry;
}
