// NODE_OPTIONS that let plain `node` run the repository's TypeScript sources: tsx as the
// loader, and the `kitgen-source` export condition so `@kitgen/runtime` resolves to src/.
/** Returns NODE_OPTIONS with the loader and condition added to what was already there. */
export function nodeOptions(existing = '') {
  const extra = ['--conditions=kitgen-source', '--import=tsx'];
  const parts = existing
    .split(/\s+/)
    .filter(Boolean)
    .filter((p) => !extra.includes(p));
  return [...parts, ...extra].join(' ');
}
