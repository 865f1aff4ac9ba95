// `node --require ./scripts/register-runtime-build.cjs` (scripts/node-options.mjs adds it; a
// --require preload runs in worker threads too, where Node 20 skips --import ones): when
// KITGEN_TEST_RUNTIME_BUILD names a build of the runtime's current sources
// (scripts/runtime-builds.mjs, made by `npm test` before the tests start), `@kitgen/runtime`
// resolves to it, in every process and thread but those whose entry is under runtime/ (the
// runtime's own tests and their fixtures, which import its sources by path and test those).
// Generated code, compiler tests and the code-first compiler's endpoint loader run on the runtime
// as a user's program does; from the sources, through tsx, it cost ~1 s of CPU per process or thread.
// In worker threads typebox's entry points resolve to its bundle too (scripts/bundled-typebox.mjs),
// as the main thread's --import of scripts/register-bundled-typebox.mjs has them.
const { isMainThread, parentPort } = require('node:worker_threads');
const { register } = require('node:module');
const { join, resolve, sep } = require('node:path');
const { pathToFileURL } = require('node:url');
const { sourceTreeHooks } = require('./source-tree-registration.cjs');

// The thread of loader hooks runs preloads too; it has no parentPort, and hooks registered there
// would serve the main thread.
const hooksThread = !isMainThread && parentPort === null;
const build = process.env.KITGEN_TEST_RUNTIME_BUILD;
const runtimeDir = resolve(__dirname, '..', 'runtime') + sep;
const runtimeTests = resolve(process.argv[1] ?? '.').startsWith(runtimeDir);
// The client entry maps to the build's `client.js`, which re-exports from its `index.js`: one runtime.
const map =
  build && !runtimeTests
    ? {
        '@kitgen/runtime': pathToFileURL(join(build, 'index.js')).href,
        '@kitgen/runtime/client': pathToFileURL(join(build, 'client.js')).href,
      }
    : {};
if (!hooksThread && (!isMainThread || map['@kitgen/runtime']))
  register(pathToFileURL(join(__dirname, 'resolve-map-hooks.mjs')).href, { data: { map, typebox: !isMainThread } });
// The sources' JavaScript tree (scripts/source-tree.mjs) in worker threads; the main thread's
// --import of scripts/register-source-tree.mjs registers it there, after tsx.
const tree = !hooksThread && !isMainThread ? sourceTreeHooks() : undefined;
if (tree !== undefined) {
  process.setSourceMapsEnabled(true);
  register(tree.url, { data: tree.data });
}
