// `node --import ./scripts/register-source-tree.mjs` (scripts/node-options.mjs adds it, after tsx):
// when KITGEN_TEST_SOURCE_TREE names a JavaScript tree of the sources (scripts/source-tree.mjs,
// built by `npm test`), imports of the runtime's and the compiler's sources load it. Registered
// after tsx, its hooks run before tsx's, which never see those modules. Worker threads, where Node
// 20 runs no --import, register the same hooks from scripts/register-runtime-build.cjs.
import { register } from 'node:module';
import { sourceTreeHooks } from './source-tree-registration.cjs';

const hooks = sourceTreeHooks();
if (hooks !== undefined) {
  // Stack frames name the `.ts` files, as they do under tsx (the runtime's callSite() reads them).
  process.setSourceMapsEnabled(true);
  register(hooks.url, { data: hooks.data });
}
