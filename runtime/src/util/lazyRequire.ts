import { createRequire } from 'node:module';

// CommonJS `require` keeps the APIs that use these packages synchronous while a server that never
// logs, exports metrics, parses YAML, runs a CLI or reads multipart bodies never loads them
// (each one costs 25–75 ms of module loading at start).
let requireFromHere: NodeJS.Require | undefined;

/** `require` resolving from the runtime's own location, made on first use (not at every start). */
export function runtimeRequire(): NodeJS.Require {
  return (requireFromHere ??= createRequire(import.meta.url));
}

/**
 * A function returning the package `name` (one of the runtime's own dependencies), loaded with
 * `require` on its first call and kept.
 */
export function lazyRequire<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= runtimeRequire()(name) as T);
}
