import type { Either } from '../util/Either.ts';

/** The value a tuple of codec values stands for: none → void, one → itself, more → the tuple. */
export type Unwrap<T extends unknown[]> = T extends [] ? void : T extends [infer X] ? X : T;

/** Two codecs combined with `and`: their tuples concatenated. */
export type Concat<A extends unknown[], B extends unknown[]> = [...A, ...B];

/** Two codecs combined with `or`: an Either of their values (left = the first). */
export type OrValue<A extends unknown[], B extends unknown[]> = [Either<Unwrap<A>, Unwrap<B>>];

/** Where a codec reads from or writes to. */
export type CodecKind = 'query' | 'header' | 'content' | 'status' | 'mixed';

/** The kind of two codecs combined: the same kind, or mixed. */
export type AndKind<K1 extends CodecKind, K2 extends CodecKind> = [K1] extends [K2]
  ? [K2] extends [K1]
    ? K1
    : 'mixed'
  : 'mixed';
