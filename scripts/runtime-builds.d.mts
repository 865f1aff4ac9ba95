// Types of scripts/runtime-builds.mjs, for the tests that import it.

/** Emits the runtime's declarations unless they exist for these sources; resolves with their folder (`.tmp/runtime-types-<hash>`). */
export function ensureRuntimeDeclarations(): Promise<string>;
/** Builds the runtime as it ships unless it is built for these sources; resolves with its folder (`.tmp/runtime-build-<hash>`, entry `index.js`). */
export function ensureRuntimeBuild(): Promise<string>;
