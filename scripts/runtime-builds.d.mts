// Types of scripts/runtime-builds.mjs, for the tests that import it.

/** Emits the runtime's declarations unless they exist for these sources; resolves with their folder (`.tmp/runtime-types-<hash>`). */
export function ensureRuntimeDeclarations(): Promise<string>;
/** Builds the runtime as it ships unless it is built for these sources; resolves with its folder (`.tmp/runtime-build-<hash>`, entry `index.js`). */
export function ensureRuntimeBuild(): Promise<string>;
/** A build made once per process and made again if its folder has gone since; resolves with the folder. */
export function keptBuild(locate: () => string, make: (tmp: string) => Promise<unknown>): () => Promise<string>;
/** Builds the runtime's shipped declarations unless they exist for these sources; resolves with the folder (`.tmp/runtime-shipped-types-<hash>`: `index.d.ts`, `client.d.ts`, `package.json`). */
export function ensureRuntimeShippedTypes(): Promise<string>;
