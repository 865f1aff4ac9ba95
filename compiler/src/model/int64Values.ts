import type { Constraints, SchemaAnnotations } from './Schema.ts';

// An int64 is a bigint in memory (exact), so the numbers its schema holds are bigints too: a
// bound or default written as a JSON number beyond 2^53 reads as a double, and JavaScript prints
// the double -2^63 as -9223372036854776000, a different integer (an error message naming that
// bound was wrong by 192), while a default left a number fills a bigint field with a number
// (GraphHopper's `duration: { default: 0 }` refused every request leaving it out, "must be bigint").

const boundKeys = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'];

/** The bounds of an int64 beyond 2^53 as the exact bigints their doubles hold. */
export function exactBounds(constraints: Constraints): Constraints {
  let out: Record<string, unknown> | undefined;
  for (const k of boundKeys) {
    const v = constraints[k];
    if (typeof v !== 'number' || !Number.isInteger(v) || Number.isSafeInteger(v)) continue;
    out ??= { ...constraints };
    out[k] = BigInt(v);
  }
  return out ?? constraints;
}

/** The annotations of an int64 with a whole-number default as a bigint (any other default as written). */
export function int64Default<T extends SchemaAnnotations>(notes: T): T {
  return typeof notes.default === 'number' && Number.isInteger(notes.default)
    ? { ...notes, default: BigInt(notes.default) }
    : notes;
}
