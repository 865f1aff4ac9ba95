// Tests and `run-ts.mjs` run the runtime from its TypeScript sources through tsx's loader hooks,
// and typebox's ESM build is ~680 files: each one a resolve and a load through those hooks, about
// 1.2 s of CPU in every process that imports the runtime (some 150 per `npm test`). Shipped
// runtimes carry typebox bundled (scripts/build-runtime.mjs); here, too, its entry points resolve
// to one esbuild bundle of the installed version, built once by `ensureBundledTypebox`.
//
//   node --import ./scripts/register-bundled-typebox.mjs …   (scripts/node-options.mjs adds it)
//
// Without a bundle for the installed version (not built yet, or typebox upgraded), imports resolve
// as usual: the bundle only saves time, it never changes which typebox runs.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildOnce } from './build-once.mjs';

const repoRoot = fileURLToPath(new URL('../', import.meta.url));
const typeboxDir = join(repoRoot, 'node_modules', 'typebox');

/** typebox's export map as `{ specifier: file inside the package }`, ESM builds only. */
function typeboxEntries() {
  const pkg = JSON.parse(readFileSync(join(typeboxDir, 'package.json'), 'utf8'));
  const entries = {};
  for (const [subpath, target] of Object.entries(pkg.exports ?? {})) {
    const file = typeof target === 'string' ? target : (target.import ?? target.default);
    if (typeof file !== 'string' || subpath.includes('*')) continue;
    entries[subpath === '.' ? 'typebox' : `typebox/${subpath.slice(2)}`] = join(typeboxDir, file);
  }
  return { version: pkg.version, entries };
}

/** Where the bundle of this typebox version lives (under the ignored `.tmp/`), one file per entry point. */
function bundleDir(version) {
  return join(repoRoot, '.tmp', `typebox-bundle-${version}`);
}

const outName = (specifier) => `${specifier.replace(/\//g, '__')}.mjs`;

/** Builds the bundle unless it exists: one esbuild run with code splitting, so every entry point shares one copy of typebox's modules. */
export function ensureBundledTypebox() {
  const { version, entries } = typeboxEntries();
  return buildOnce(bundleDir(version), async (tmp) => {
    const { build } = await import('esbuild');
    await build({
      entryPoints: Object.fromEntries(
        Object.entries(entries).map(([specifier, file]) => [outName(specifier).slice(0, -4), file]),
      ),
      outdir: tmp,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      sourcemap: 'linked',
      logLevel: 'warning',
    });
  });
}

/** The specifier → bundle file URL map for the installed typebox, or undefined when no bundle of that version is built. */
export function bundledTypeboxMap() {
  const { version, entries } = typeboxEntries();
  const dir = bundleDir(version);
  if (!existsSync(join(dir, 'done'))) return undefined;
  return Object.fromEntries(
    Object.keys(entries).map((specifier) => [specifier, pathToFileURL(join(dir, outName(specifier))).href]),
  );
}
