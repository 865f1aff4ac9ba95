import type { Constraints, SchemaAnnotations } from './Schema.ts';

// An int64 is a bigint in memory (exact), so the numbers its schema holds are bigints too: a
// bound or default written as a JSON number beyond 2^53 reads as a double, and JavaScript prints
// the double -2^63 as -9223372036854776000, a different integer (an error message naming that
// bound was wrong by 192), while a default left a number fills a bigint field with a number
// (GraphHopper's `duration: { default: 0 }` refused every request leaving it out, "must be bigint").

const boundKeys = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'];

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/**
 * A whole double as an int64: the exact integer it holds, where ±2^63 (what Java's
 * Long.MIN_VALUE/MAX_VALUE become when a generator prints them through a double, GraphHopper's
 * `default: 9223372036854776000`) is the nearest int64.
 */
const asInt64 = (v: number): bigint => {
  const exact = BigInt(v);
  return exact > INT64_MAX ? INT64_MAX : exact < INT64_MIN ? INT64_MIN : exact;
};

/** The bounds of an int64 beyond 2^53 as the exact bigints their doubles hold, within int64. */
export function exactBounds(constraints: Constraints): Constraints {
  let out: Record<string, unknown> | undefined;
  for (const k of boundKeys) {
    const v = constraints[k];
    if (typeof v !== 'number' || !Number.isInteger(v) || Number.isSafeInteger(v)) continue;
    out ??= { ...constraints };
    out[k] = asInt64(v);
  }
  return out ?? constraints;
}

/** The annotations of an int64 with a whole-number default as a bigint (any other default as written). */
export function int64Default<T extends SchemaAnnotations>(notes: T): T {
  return typeof notes.default === 'number' && Number.isInteger(notes.default)
    ? { ...notes, default: asInt64(notes.default) }
    : notes;
}
