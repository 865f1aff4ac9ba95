// Module resolution hooks registered by scripts/bundled-typebox.mjs: typebox's entry points
// resolve to the bundle's files; every other specifier goes on to the next hook (tsx, then Node).

/** @type {Record<string, string>} */
let map = {};

/** Receives the specifier → bundle file URL map. */
export function initialize(data) {
  map = data.map;
}

/** Node's resolve hook: a typebox entry point becomes its bundle file. */
export async function resolve(specifier, context, next) {
  const url = map[specifier];
  return url === undefined ? next(specifier, context) : { url, format: 'module', shortCircuit: true };
}
