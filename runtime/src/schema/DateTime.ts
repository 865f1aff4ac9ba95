import * as Type from 'typebox';
import type { TSchema, TUnsafe } from './schemaKinds.ts';

/** Marker keyword of a date-time schema. */
export const DateKeyword = 'x-kitgen-date';

/** Annotations a {@link DateTime} schema may carry (they reach OpenAPI). */
export interface DateTimeOptions {
  readonly description?: string;
  readonly title?: string;
  readonly $id?: string;
  readonly deprecated?: boolean;
  readonly examples?: readonly string[];
  /** The value an absent parameter or field takes (a `Date`, as values in memory are). */
  readonly default?: Date;
  readonly [annotation: `x-${string}`]: unknown;
}

const isValidDate = (value: unknown): boolean => value instanceof Date && !Number.isNaN(value.getTime());

/**
 * A point in time: a `Date` in memory, an RFC 3339 date-time string in JSON, parameters and
 * OpenAPI (`type: string, format: date-time`). The schema has no `type`, because the value in
 * memory is an object that JSON Schema's `string` would reject; the refinement checks it instead.
 */
export function DateTime(options: DateTimeOptions = {}): TUnsafe<Date> {
  const base = Type.Unsafe<Date>({ ...options, format: 'date-time', [DateKeyword]: true } as unknown as TSchema);
  // A string here is wire text that did not parse (parameters, CLI values): say what text is wanted.
  const message = (value: unknown) =>
    typeof value === 'string' ? 'must be an RFC 3339 date-time' : 'must be a valid Date';
  return Type.Refine(base, isValidDate, message) as unknown as TUnsafe<Date>;
}

/** True when a schema is {@link DateTime} (or the compiler's marker node for one). */
export function isDateSchema(schema: unknown): boolean {
  return typeof schema === 'object' && schema !== null && (schema as Record<string, unknown>)[DateKeyword] === true;
}

// RFC 3339 `date-time`: full date, `T` (any case), time with optional fraction, `Z` or an offset.
// Read as JSON Schema validators read it (ajv-formats, which Fastify uses): a space for the `T`
// (RFC 3339 §5.6 allows it by agreement) and an ISO 8601 offset without its colon (`-0700`) or
// minutes (`+07`), which published documents' own examples use. Written always as `toISOString()`.
const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-](\d{2})(?::?(\d{2}))?)$/;

/**
 * Parses RFC 3339 date-time text into a `Date`, or undefined when the text is not one (a calendar
 * check included: `2021-02-30T…` is rejected, not rolled over as `Date.parse` would).
 */
export function parseDateTime(text: string): Date | undefined {
  const m = RFC3339.exec(text);
  if (m === null) return undefined;
  const [, y, mo, d, h, mi, s, , , oh, om] = m.map(Number);
  if (mo < 1 || mo > 12 || d < 1 || d > new Date(Date.UTC(y, mo, 0)).getUTCDate() || h > 23 || mi > 59 || s > 60)
    return undefined;
  if (oh > 23 || om > 59) return undefined;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** The wire form of a Date: `toISOString()` (UTC, milliseconds). */
export function formatDateTime(date: Date): string {
  return date.toISOString();
}
