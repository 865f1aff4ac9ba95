import { AsyncLocalStorage } from 'node:async_hooks';

/** Annotations in effect: key → value, frozen; shared by every log line in one scope. */
export type AnnotationRecord = Readonly<Record<string, string>>;

const none: AnnotationRecord = Object.freeze(Object.create(null) as Record<string, string>);

// One store for the process: the request's async context carries it into handlers, codecs and
// any `await` below them, which is how handler logs see the middleware's annotations.
const store = new AsyncLocalStorage<AnnotationRecord>();

/**
 * The log annotations in effect in the current async context (empty outside any scope), as a
 * fresh object each call: pino's mixin merge writes into what the mixin returns.
 */
export function annotationsInEffect(): Record<string, string> {
  return { ...(store.getStore() ?? none) };
}

/** Runs `fn` with `more` added to the annotations in effect (later keys win). */
export function withAnnotations<T>(more: Iterable<readonly [string, string]>, fn: () => T): T {
  const next: Record<string, string> = Object.assign(
    Object.create(null) as Record<string, string>,
    store.getStore() ?? none,
  );
  let changed = false;
  for (const [key, value] of more) {
    next[key] = value;
    changed = true;
  }
  if (!changed) return fn();
  return store.run(Object.freeze(next), fn);
}
