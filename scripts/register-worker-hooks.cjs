// `node --require ./scripts/register-worker-hooks.cjs` (scripts/node-options.mjs adds it): in
// worker threads, which Node 20 starts without the `--import` preloads of NODE_OPTIONS (a
// `--require` preload runs in them), typebox's entry points resolve to its bundle
// (scripts/bundled-typebox.mjs) and, when KITGEN_TEST_RUNTIME_BUILD names a build
// (scripts/runtime-builds.mjs), `@kitgen/runtime` to it. The thread kitgen's code-first compiler
// loads endpoint files in (compiler/src/codefirst/EndpointLoader.ts) imports both; from the
// sources, through tsx, that cost ~2 s of CPU per generation. The main thread is left as it is.
const { isMainThread } = require('node:worker_threads');

if (!isMainThread) {
  const { register } = require('node:module');
  const { join } = require('node:path');
  const { pathToFileURL } = require('node:url');
  const map = {};
  const dir = process.env.KITGEN_TEST_RUNTIME_BUILD;
  if (dir) map['@kitgen/runtime'] = pathToFileURL(join(dir, 'index.js')).href;
  register(pathToFileURL(join(__dirname, 'resolve-map-hooks.mjs')).href, { data: { map, typebox: true } });
}
