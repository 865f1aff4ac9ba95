// The integer formats OpenAPI documents put on `type: integer` (and kitgen's Int64 puts on its
// bigint schema). JSON Schema leaves formats to the validator; these are enforced, as ranges,
// on numbers and bigints alike, so an `int32` field never accepts 2^40 and an `int64` never 2^64.

/** One integer format's range and the words a validation message uses for it. */
export interface IntegerFormat {
  readonly min: bigint;
  readonly max: bigint;
  readonly message: string;
}

const range = (bits: number, signed: boolean, name: string): IntegerFormat => {
  const min = signed ? -(1n << BigInt(bits - 1)) : 0n;
  const max = signed ? (1n << BigInt(bits - 1)) - 1n : (1n << BigInt(bits)) - 1n;
  return { min, max, message: `must be ${name} integer (${min} to ${max})` };
};

const FORMATS: Readonly<Record<string, IntegerFormat>> = {
  int32: range(32, true, 'a 32-bit'),
  int64: range(64, true, 'a 64-bit'),
  uint32: range(32, false, 'an unsigned 32-bit'),
  uint64: range(64, false, 'an unsigned 64-bit'),
};

/** The most digits (sign excluded) any integer format's value has: 2^64-1 has 20. */
export const MAX_INTEGER_DIGITS = 20;

/** The integer format named `format`, or undefined when it is not one. */
export function integerFormat(format: unknown): IntegerFormat | undefined {
  return typeof format === 'string' && Object.prototype.hasOwnProperty.call(FORMATS, format)
    ? FORMATS[format]
    : undefined;
}

/**
 * The check of a format on numbers and bigints (other values are the `type` keyword's business).
 * A number beyond 2^53 is already rounded, so a 64-bit bound is compared as the double nearest
 * to it: 9223372036854775807 in JSON parses to 2^63 as a number and passes, as it would in ajv.
 */
export function integerFormatCheck(format: IntegerFormat): (value: unknown) => boolean {
  const min = Number(format.min);
  const max = Number(format.max);
  const { min: bigMin, max: bigMax } = format;
  return (value) => {
    if (typeof value === 'number') return Number.isInteger(value) && value >= min && value <= max;
    if (typeof value === 'bigint') return value >= bigMin && value <= bigMax;
    return true;
  };
}
