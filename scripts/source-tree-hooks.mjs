// Module hooks that load the runtime's and the compiler's sources and the test files from their
// JavaScript tree (scripts/source-tree.mjs) in place of the `.ts` files through tsx: registered by
// scripts/register-source-tree.mjs and scripts/register-runtime-build.cjs when
// KITGEN_TEST_SOURCE_TREE names a tree.
//
// A relative or `file:` import that lands on a file of the tree goes to its module there. A
// module of the tree resolves every import as its `.ts` file would (the parent is that file's
// URL), so packages, JSON and every other file resolve as they do from the sources. Bare
// specifiers keep their usual target (`import.meta.resolve('@kitgen/runtime')` answers as before);
// their relative imports then come to the tree. Without tsx in the process (`transform`), any other
// `.ts` file (generated code in a temporary folder) is transformed as it loads
// (scripts/typescript-load.mjs).
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadTypescript, resolveTypescript, typescriptFile } from './typescript-load.mjs';

let repo = '';
let tree = '';
/** @type {string[]} */
let roots = [];
let transform = false;

/**
 * Receives `{ repo, tree, roots, transform }`: the repository's folder, the tree's, the folders in
 * both, and whether other `.ts` files are this hook's to load.
 */
export function initialize(data) {
  repo = pathToFileURL(data.repo).href.replace(/\/?$/, '/');
  tree = pathToFileURL(data.tree).href.replace(/\/?$/, '/');
  roots = data.roots.map((r) => `${repo}${r}/`);
  transform = data.transform === true;
}

/** The tree's module for a source file's URL, when it has one. */
function inTree(url) {
  url = withoutQuery(url)[0];
  if (!url.endsWith('.ts') || url.endsWith('.d.ts') || !roots.some((r) => url.startsWith(r))) return undefined;
  const mapped = `${tree}${url.slice(repo.length, -3)}.js`;
  return existsSync(fileURLToPath(mapped)) ? mapped : undefined;
}

/** The source file's URL for a module of the tree (other URLs as they are). */
function source(url) {
  const [bare, query] = withoutQuery(url);
  return bare.startsWith(tree) && bare.endsWith('.js') ? `${repo}${bare.slice(tree.length, -3)}.ts${query}` : url;
}

/**
 * A URL split before its query or fragment: tsx's scoped `tsImport` (a `.ts` config file is loaded
 * that way) marks the URLs it resolves with `?tsx-namespace=…`, which must not hide a tree module.
 */
function withoutQuery(url) {
  const at = url.search(/[?#]/);
  return at < 0 ? [url, ''] : [url.slice(0, at), url.slice(at)];
}

const relativeOrFile = /^(?:\.\.?\/|file:|\/)/;

/** Node's resolve hook. */
export async function resolve(specifier, context, next) {
  const parentURL = context.parentURL === undefined ? undefined : source(context.parentURL);
  if (relativeOrFile.test(specifier)) {
    const direct = inTree(new URL(specifier, parentURL ?? `${repo}`).href);
    if (direct !== undefined) return { url: direct, format: 'module', shortCircuit: true };
    const resolved = await (transform ? resolveTypescript : next)(specifier, { ...context, parentURL }, next);
    const mapped = inTree(resolved.url);
    return mapped === undefined ? resolved : { url: mapped, format: 'module', shortCircuit: true };
  }
  return next(specifier, parentURL === context.parentURL ? context : { ...context, parentURL });
}

/** Node's load hook: a module of the tree is read as it is (already JavaScript); other `.ts` is transformed. */
export async function load(url, context, next) {
  if (url.startsWith(tree))
    return { format: 'module', source: await readFile(fileURLToPath(url), 'utf8'), shortCircuit: true };
  if (!transform) return next(url, context);
  // A bare specifier's target keeps its URL (`@kitgen/runtime` → runtime/src/index.ts) and runs the
  // tree's code, its source map named by the tree's URL; any other `.ts` is transformed now.
  const mapped = inTree(url);
  if (mapped !== undefined) {
    const code = await readFile(fileURLToPath(mapped), 'utf8');
    const mapUrl = `${mapped}.map`;
    return {
      format: 'module',
      source: code.replace(/sourceMappingURL=\S+\s*$/, `sourceMappingURL=${mapUrl}\n`),
      shortCircuit: true,
    };
  }
  return typescriptFile(url) ? loadTypescript(url) : next(url, context);
}
