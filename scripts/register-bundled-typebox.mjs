// `node --import ./scripts/register-bundled-typebox.mjs`: typebox's entry points resolve to the
// bundle scripts/bundled-typebox.mjs built for the installed version, when there is one.
import { register } from 'node:module';
import { bundledTypeboxMap } from './bundled-typebox.mjs';

if (bundledTypeboxMap() !== undefined)
  register(new URL('./resolve-map-hooks.mjs', import.meta.url), { data: { map: {}, typebox: true } });
