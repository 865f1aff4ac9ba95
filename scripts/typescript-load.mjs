// What tsx did for test processes, for the `.ts` files the sources' tree (scripts/source-tree.mjs)
// does not hold: generated code the tests write to temporary folders, a test's deliberately odd
// input. scripts/source-tree-hooks.mjs calls these when no tsx is loaded in the process; esbuild
// (its service, a child process) starts only when the first such file loads, so a test process that
// imports nothing outside the tree never pays for it.
//
// The transform is tsx's: esbuild with the same target, `keepNames`, whitespace minified, the
// repository's compiler options for a file its tsconfig.json includes (tsx reads that tsconfig too)
// and esbuild's defaults for any other, a source map inline so frames name the `.ts` file.
import { readFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../', import.meta.url));
const loaders = { '.ts': 'ts', '.mts': 'ts', '.tsx': 'tsx' };

/** True for a `file:` URL of a TypeScript module this loader transforms (`.ts`, `.mts`, `.tsx`; not declarations). */
export function typescriptFile(url) {
  if (!url.startsWith('file:')) return false;
  const path = url.replace(/[?#].*$/, '');
  return extname(path) in loaders && !path.endsWith('.d.ts');
}

const relativeOrFile = /^(?:\.\.?\/|file:|\/)/;

/**
 * The files tsx also tries where a relative import names none: `./x.js` written for `./x.ts`
 * (TypeScript's own convention), and a path without extension or a folder with an `index.ts`.
 */
function alternatives(specifier) {
  const [path, query = ''] = specifier.split(/(?=[?#])/);
  const ext = extname(path);
  const swapped = { '.js': ['.ts', '.tsx'], '.mjs': ['.mts'], '.jsx': ['.tsx'] }[ext];
  if (swapped) return swapped.map((e) => `${path.slice(0, -ext.length)}${e}${query}`);
  if (ext === '') return ['.ts', '.tsx', '/index.ts'].map((e) => `${path.replace(/\/$/, '')}${e}${query}`);
  return [];
}

/** Resolves as Node does, then as tsx would where Node finds no file. */
export async function resolveTypescript(specifier, context, next) {
  try {
    return await next(specifier, context);
  } catch (error) {
    const missing = error?.code === 'ERR_MODULE_NOT_FOUND' || error?.code === 'ERR_UNSUPPORTED_DIR_IMPORT';
    if (!missing || !relativeOrFile.test(specifier)) throw error;
    for (const candidate of alternatives(specifier)) {
      try {
        return await next(candidate, context);
      } catch {
        // The next candidate, or Node's own error for the specifier as written.
      }
    }
    throw error;
  }
}

/** The folders tsconfig.json includes (tsx applies its compiler options to their files only). */
let included;
function compilerOptionsFor(file) {
  included ??= (() => {
    const config = JSON.parse(readFileSync(join(repoRoot, 'tsconfig.json'), 'utf8'));
    const base = JSON.parse(readFileSync(join(repoRoot, 'tsconfig.base.json'), 'utf8'));
    return { dirs: config.include, skipped: ['node_modules', 'dist'], options: base.compilerOptions };
  })();
  const path = relative(repoRoot, file);
  const inside =
    !path.startsWith('..') &&
    included.dirs.some((d) => path.startsWith(`${d}${sep}`)) &&
    !path.split(sep).some((part) => included.skipped.includes(part));
  return inside ? included.options : {};
}

let esbuild;

/** Node's load result for a TypeScript file: esbuild's transform of it, an ES module. */
export async function loadTypescript(url) {
  const file = fileURLToPath(url.replace(/[?#].*$/, ''));
  esbuild ??= import('esbuild');
  const { transform } = await esbuild;
  const result = await transform(await readFile(file, 'utf8'), {
    loader: loaders[extname(file)],
    format: 'esm',
    target: `node${process.versions.node}`,
    keepNames: true,
    minifyWhitespace: true,
    sourcemap: 'inline',
    sourcesContent: false,
    sourcefile: file,
    tsconfigRaw: { compilerOptions: compilerOptionsFor(file) },
    logLevel: 'silent',
  });
  return { format: 'module', source: result.code, shortCircuit: true };
}
