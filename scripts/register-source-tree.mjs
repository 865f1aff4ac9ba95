// `node --import ./scripts/register-source-tree.mjs` (scripts/node-options.mjs adds it, after tsx
// when tsx is there): when KITGEN_TEST_SOURCE_TREE names a JavaScript tree of the sources and the
// test files (scripts/source-tree.mjs, built by `npm test`), imports of them load it, and without
// tsx in the process the same hooks load every other `.ts` file. Registered after tsx, its hooks
// run before tsx's, which never see the tree's modules. Worker threads, where Node 20 runs no
// --import, register the same hooks from scripts/register-runtime-build.cjs.
import { register } from 'node:module';
import { sourceTreeHooks, tsxLoaded } from './source-tree-registration.cjs';

const hooks = sourceTreeHooks();
if (hooks !== undefined) {
  // Stack frames name the `.ts` files, as they do under tsx (the runtime's callSite() reads them).
  process.setSourceMapsEnabled(true);
  register(hooks.url, { data: hooks.data });
} else if (process.env.KITGEN_TEST_SOURCE_TREE && !tsxLoaded()) {
  // NODE_OPTIONS left tsx out for a tree that is gone (another job cleared .tmp/): tsx loads the
  // TypeScript, as it does without a tree.
  await import('tsx');
}
