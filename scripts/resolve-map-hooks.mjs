// Module resolution hooks that send a few bare specifiers to prebuilt files: typebox's entry
// points to one bundle (scripts/register-bundled-typebox.mjs), `@kitgen/runtime` to a build of the
// runtime's current sources (scripts/register-runtime-build.cjs). Every other specifier goes on to
// the next hook (tsx, then Node).
import { bundledTypeboxMap } from './bundled-typebox.mjs';

/** @type {Record<string, string>} */
let map = {};

/**
 * Receives a specifier → file URL map, and with `typebox: true` adds the typebox bundle's when one is
 * built; a second registration of this file adds to the first (one module instance serves both).
 */
export function initialize(data) {
  map = { ...map, ...(data.typebox ? bundledTypeboxMap() : undefined), ...data.map };
}

/** Node's resolve hook: a mapped specifier becomes its file, an ES module. */
export async function resolve(specifier, context, next) {
  const url = map[specifier];
  return url === undefined ? next(specifier, context) : { url, format: 'module', shortCircuit: true };
}
