// `node --import ./scripts/register-runtime-build.mjs`: `@kitgen/runtime` resolves to the build of
// the runtime named by KITGEN_TEST_RUNTIME_BUILD (a folder from scripts/runtime-builds.mjs), for a
// process a test starts to run generated JavaScript. Without the variable it changes nothing.
import { register } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const dir = process.env.KITGEN_TEST_RUNTIME_BUILD;
if (dir) register(new URL('./resolve-map-hooks.mjs', import.meta.url), { data: { map: { '@kitgen/runtime': pathToFileURL(join(dir, 'index.js')).href } } });
