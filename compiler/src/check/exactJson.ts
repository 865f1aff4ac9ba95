/**
 * JSON text of a sampled value with every whole number beyond 2^53 written as the integer its
 * double holds. JSON.stringify prints the double -2^63 as -9223372036854776000, which a server
 * reading 64-bit integers exactly takes for a number below -2^63 (gsmtasks' `minimum`, sampled).
 */
export function exactJson(value: unknown): string {
  const marked = JSON.stringify(value, (_k, v: unknown) =>
    typeof v === 'number' && Number.isInteger(v) && !Number.isSafeInteger(v) ? `\u0000int:${BigInt(v)}` : v,
  );
  // JSON.stringify answers undefined for undefined (its type says string).
  return (marked as string | undefined)?.replace(/"\\u0000int:(-?\d+)"/g, '$1') ?? marked;
}
