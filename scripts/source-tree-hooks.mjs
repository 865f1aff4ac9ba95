// Module hooks that load the runtime's and the compiler's sources from their JavaScript tree
// (scripts/source-tree.mjs) in place of the `.ts` files through tsx: registered by
// scripts/register-runtime-build.cjs when KITGEN_TEST_SOURCE_TREE names a tree.
//
// A relative or `file:` import that lands on a source file goes to its module in the tree. A
// module of the tree resolves every import as its source file would (the parent is the source's
// URL), so packages, JSON and every other file resolve as they do from the sources. Bare
// specifiers keep their usual target (`import.meta.resolve('@kitgen/runtime')` answers as before);
// their relative imports then come to the tree.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';

let repo = '';
let tree = '';
/** @type {string[]} */
let roots = [];

/** Receives `{ repo, tree, roots }`: the repository's folder, the tree's, the source folders in both. */
export function initialize(data) {
  repo = pathToFileURL(data.repo).href.replace(/\/?$/, '/');
  tree = pathToFileURL(data.tree).href.replace(/\/?$/, '/');
  roots = data.roots.map((r) => `${repo}${r}/`);
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
    const resolved = await next(specifier, { ...context, parentURL });
    const mapped = inTree(resolved.url);
    return mapped === undefined ? resolved : { url: mapped, format: 'module', shortCircuit: true };
  }
  return next(specifier, parentURL === context.parentURL ? context : { ...context, parentURL });
}

/** Node's load hook: a module of the tree is read as it is (already JavaScript). */
export async function load(url, context, next) {
  if (!url.startsWith(tree)) return next(url, context);
  return { format: 'module', source: await readFile(fileURLToPath(url), 'utf8'), shortCircuit: true };
}
