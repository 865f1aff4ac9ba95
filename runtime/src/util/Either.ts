/** The spec's `Either[L, R]`: a tagged value holding a failure (`left`) or a success (`right`). */
export type Either<L, R> = Left<L> | Right<R>;

/** The failure side of an {@link Either}. */
export interface Left<L> {
  readonly _tag: 'left';
  readonly left: L;
}

/** The success side of an {@link Either}. */
export interface Right<R> {
  readonly _tag: 'right';
  readonly right: R;
}

/** Constructors and guards for {@link Either}. */
export const Either = {
  /** Wraps a failure. */
  left<L>(value: L): Left<L> {
    return { _tag: 'left', left: value };
  },
  /** Wraps a success. */
  right<R>(value: R): Right<R> {
    return { _tag: 'right', right: value };
  },
  /** True when the value is a `left`. */
  isLeft<L, R>(e: Either<L, R>): e is Left<L> {
    return e._tag === 'left';
  },
  /** True when the value is a `right`. */
  isRight<L, R>(e: Either<L, R>): e is Right<R> {
    return e._tag === 'right';
  },
  /** True when `value` is shaped like an Either (used where a handler may return one). */
  is(value: unknown): value is Either<unknown, unknown> {
    if (typeof value !== 'object' || value === null) return false;
    const tag = (value as { _tag?: unknown })._tag;
    return (tag === 'left' && 'left' in value) || (tag === 'right' && 'right' in value);
  },
} as const;
