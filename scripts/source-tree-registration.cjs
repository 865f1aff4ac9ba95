// What registers scripts/source-tree-hooks.mjs needs, read from KITGEN_TEST_SOURCE_TREE: shared by
// the main thread's --import (scripts/register-source-tree.mjs) and worker threads' --require
// (scripts/register-runtime-build.cjs), and the folders the tree holds (scripts/source-tree.mjs).
const { existsSync } = require('node:fs');
const { join, resolve } = require('node:path');
const { pathToFileURL } = require('node:url');

/**
 * The folders, relative to the repository, whose TypeScript the tree holds: the runtime's and the
 * compiler's sources, and the test files with what they import from beside them (support modules,
 * the runtime's fixture apps), so a test process loads no TypeScript through a transform of its own.
 */
const treeRoots = ['runtime/src', 'compiler/src', 'runtime/test', 'compiler/test', 'test'];

/** Folders under those roots the tree leaves out: scratch output and packages. */
const treeSkipped = ['node_modules', 'dist', '.tmp'];

/** True when this thread's options already load tsx, whose hooks then serve the other `.ts` files. */
function tsxLoaded() {
  const options = `${process.env.NODE_OPTIONS ?? ''} ${process.execArgv.join(' ')}`;
  return /--(?:import|loader|experimental-loader|require)[= ](?:\S*[/@])?tsx(?:\/\S*)?(?:\s|$)/.test(options);
}

/**
 * The hooks' URL and data when KITGEN_TEST_SOURCE_TREE names a tree that is there; else undefined
 * (the sources then load through tsx). `transform` says the hooks also load every other `.ts` file
 * (generated code in temporary folders), tsx not being there to.
 * @returns {{ url: string, data: { repo: string, tree: string, roots: string[], transform: boolean } } | undefined}
 */
function sourceTreeHooks() {
  const tree = process.env.KITGEN_TEST_SOURCE_TREE;
  if (!tree || !existsSync(join(tree, 'done'))) return undefined;
  return {
    url: pathToFileURL(join(__dirname, 'source-tree-hooks.mjs')).href,
    data: { repo: resolve(__dirname, '..'), tree, roots: treeRoots, transform: !tsxLoaded() },
  };
}

module.exports = { sourceTreeHooks, treeRoots, treeSkipped, tsxLoaded };
