import { PathFailure } from './errors.ts';

// Checks and conversions on in-memory values that every binary codec needs. Libraries differ in
// what they do with a value of the wrong type (protobufjs and thrift coerce it silently), so the
// encoders check before handing values over.

/** Smallest int64. */
export const INT64_MIN = -(2n ** 63n);
/** Largest int64. */
export const INT64_MAX = 2n ** 63n - 1n;

/** True for a non-array object (a record or a map in memory). */
export function isObjectValue(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    !(value instanceof Uint8Array) &&
    !(value instanceof Date)
  );
}

/** A 32-bit signed integer, else a PathFailure. */
export function expectInt32(value: unknown): number {
  if (typeof value === 'number' && (value | 0) === value) return value;
  throw new PathFailure(`expected a 32-bit integer, got ${show(value)}`, 'int32');
}

/** An int64 held as a bigint, else a PathFailure. */
export function expectInt64(value: unknown): bigint {
  if (typeof value === 'bigint' && value >= INT64_MIN && value <= INT64_MAX) return value;
  throw new PathFailure(`expected a 64-bit integer (bigint), got ${show(value)}`, 'int64');
}

/** An int64 held as a number: a safe integer, else a PathFailure. */
export function expectSafeInteger(value: unknown): number {
  if (Number.isSafeInteger(value)) return value as number;
  throw new PathFailure(`expected an integer within ±(2^53-1), got ${show(value)}`, 'int64');
}

/** A bigint from the wire, as a safe-integer number for an int64 held as `number`. */
export function bigintToSafeNumber(value: bigint): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) {
    throw new PathFailure(
      `int64 value ${value} does not fit a number exactly; use Schema.Int64() to hold it as a bigint`,
      'int64',
    );
  }
  return n;
}

/** Any number (NaN and infinities included: binary formats carry IEEE 754 doubles). */
export function expectNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  throw new PathFailure(`expected a number, got ${show(value)}`, 'number');
}

/** A boolean, else a PathFailure. */
export function expectBoolean(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  throw new PathFailure(`expected a boolean, got ${show(value)}`, 'boolean');
}

/** A string, else a PathFailure. */
export function expectString(value: unknown): string {
  if (typeof value === 'string') return value;
  throw new PathFailure(`expected a string, got ${show(value)}`, 'string');
}

/** A Uint8Array, else a PathFailure. */
export function expectBytes(value: unknown): Uint8Array {
  if (value instanceof Uint8Array) return value;
  throw new PathFailure(`expected a Uint8Array, got ${show(value)}`, 'bytes');
}

/** A valid `Date`, else a PathFailure (an invalid Date has no instant to write). */
export function expectDate(value: unknown): Date {
  if (value instanceof Date && !Number.isNaN(value.getTime())) return value;
  throw new PathFailure(`expected a valid Date, got ${show(value)}`, 'date-time');
}

/** A valid Date as epoch milliseconds (the int64 wire form of protobuf and Thrift). */
export function dateToMillis(value: unknown): number {
  return expectDate(value).getTime();
}

/** Epoch milliseconds from the wire as a Date; beyond ±8.64e15 ms (JavaScript's range) a PathFailure. */
export function millisToDate(millis: number | bigint): Date {
  const date = new Date(Number(millis));
  if (Number.isNaN(date.getTime()))
    throw new PathFailure(`timestamp ${millis} ms is outside the range of a Date`, 'date-time');
  return date;
}

/** A plain `Uint8Array` over the same memory (libraries hand out Buffers). */
export function plainBytes(bytes: Uint8Array): Uint8Array {
  return Object.getPrototypeOf(bytes) === Uint8Array.prototype
    ? bytes
    : new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** A Buffer over the same memory (libraries that want one). */
export function bufferView(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** A short rendering of a value for error messages. */
export function show(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (Array.isArray(value)) return 'an array';
  if (value instanceof Uint8Array) return 'bytes';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'an invalid Date' : value.toISOString();
  if (typeof value === 'object') return 'an object';
  return String(value);
}
