// NODE_OPTIONS that let plain `node` run the repository's TypeScript sources: tsx as the
// loader, the `kitgen-source` export condition so `@kitgen/runtime` resolves to src/, and
// typebox from one bundled file when scripts/bundled-typebox.mjs has built it, and in `npm test` the
// sources' JavaScript tree (scripts/register-source-tree.mjs) and the runtime's build outside the
// runtime's own tests (scripts/register-runtime-build.cjs).
const registerBundledTypebox = `--import=${new URL('./register-bundled-typebox.mjs', import.meta.url).href}`;
const registerSourceTree = `--import=${new URL('./register-source-tree.mjs', import.meta.url).href}`;
// A --require preload runs in worker threads too (--import ones do not in Node 20); a path, not a URL.
const registerRuntimeBuild = `--require=${new URL('./register-runtime-build.cjs', import.meta.url).pathname}`;

/**
 * Returns NODE_OPTIONS with the loader, condition and typebox bundle added to what was already there.
 * `tsx: false` where KITGEN_TEST_SOURCE_TREE names the tree: its hooks then load every `.ts` file
 * (scripts/source-tree-hooks.mjs), and a process saves the ~0.45 CPU-s tsx costs to load.
 */
export function nodeOptions(existing = '', { tsx = true } = {}) {
  // After tsx: hooks registered later run first, so typebox's specifiers never reach tsx's resolver.
  const all = [
    '--conditions=kitgen-source',
    '--import=tsx',
    registerBundledTypebox,
    registerSourceTree,
    registerRuntimeBuild,
  ];
  const extra = tsx ? all : all.filter((p) => p !== '--import=tsx');
  const parts = existing
    .split(/\s+/)
    .filter(Boolean)
    .filter((p) => !all.includes(p));
  return [...parts, ...extra].join(' ');
}
