// Types of scripts/runtime-builds.mjs, for the tests that import it.

/** Where the declarations of the runtime's current sources live (`.tmp/runtime-types-<hash>`). */
export function runtimeDeclarationsDir(): string;
/** Where the build of the runtime's current sources lives (`.tmp/runtime-build-<hash>`, entry `index.js`). */
export function runtimeBuildDir(): string;
/** Emits the runtime's declarations unless they exist for these sources; resolves with their folder. */
export function ensureRuntimeDeclarations(): Promise<string>;
/** Builds the runtime as it ships unless it is built for these sources; resolves with its folder. */
export function ensureRuntimeBuild(): Promise<string>;
