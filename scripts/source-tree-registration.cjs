// What registers scripts/source-tree-hooks.mjs needs, read from KITGEN_TEST_SOURCE_TREE: shared by
// the main thread's --import (scripts/register-source-tree.mjs) and worker threads' --require
// (scripts/register-runtime-build.cjs).
const { existsSync } = require('node:fs');
const { join, resolve } = require('node:path');
const { pathToFileURL } = require('node:url');

/**
 * The hooks' URL and data when KITGEN_TEST_SOURCE_TREE names a tree that is there; else undefined
 * (the sources then load through tsx).
 * @returns {{ url: string, data: { repo: string, tree: string, roots: string[] } } | undefined}
 */
function sourceTreeHooks() {
  const tree = process.env.KITGEN_TEST_SOURCE_TREE;
  if (!tree || !existsSync(join(tree, 'done'))) return undefined;
  return {
    url: pathToFileURL(join(__dirname, 'source-tree-hooks.mjs')).href,
    data: { repo: resolve(__dirname, '..'), tree, roots: ['runtime/src', 'compiler/src'] },
  };
}

module.exports = { sourceTreeHooks };
