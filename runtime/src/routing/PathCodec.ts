import { formatDateTime, parseDateTime } from '../schema/DateTime.ts';
import { segmentCodec } from './SegmentCodec.ts';

/** JSON Schema of a path parameter, as OpenAPI shows it. */
export interface PathParamSchema extends PathConstraints {
  readonly type: 'integer' | 'number' | 'string' | 'boolean';
  readonly format?: string;
  readonly description?: string;
}

/** JSON Schema keywords a path parameter's value is held to beyond its type (OpenAPI's `enum`, bounds, lengths, `pattern`). */
export interface PathConstraints {
  readonly enum?: readonly (string | number | boolean)[];
  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: number;
  readonly exclusiveMaximum?: number;
  readonly minLength?: number;
  readonly maxLength?: number;
  /** A regular expression (unicode mode) the text must match somewhere, as JSON Schema's `pattern`. */
  readonly pattern?: string;
}

/** The kinds of path codec. */
export type PathCodecKind =
  'int' | 'integer' | 'long' | 'number' | 'string' | 'uuid' | 'bool' | 'dateTime' | 'trailing';

/**
 * The spec's `PathCodec`: a named, typed path parameter. `decode` turns one decoded path
 * segment into a value (undefined when it is not one), `encode` goes back for clients.
 */
export interface PathCodec<A, Name extends string = string> {
  readonly _tag: 'PathCodec';
  /** Which builder made it; parameters of one kind share a router branch. */
  readonly kind: PathCodecKind;
  readonly name: Name;
  /** What a valid segment looks like, for error messages ("a 32-bit integer"). */
  readonly expected: string;
  readonly schema: PathParamSchema;
  /** True for `PathCodec.trailing`, which takes the rest of the path. */
  readonly trailing: boolean;
  /** The media type of OpenAPI's `content` when the parameter is described by one (`application/json`). */
  readonly mediaType?: string;
  decode(segment: string): A | undefined;
  encode(value: A): string;
  /** A copy with a description (the spec's `?? Doc.p(text)` on a parameter). */
  doc(text: string): PathCodec<A, Name>;
  /**
   * A copy that also holds the value to JSON Schema keywords (an `enum` narrows the type to its
   * values): a segment that decodes but breaks one is refused like one that does not decode.
   */
  constrain<const V extends A>(constraints: PathConstraints & { readonly enum: readonly V[] }): PathCodec<V, Name>;
  constrain(constraints: PathConstraints): PathCodec<A, Name>;
}

function pathCodec<A, Name extends string>(
  kind: PathCodecKind,
  name: Name,
  expected: string,
  schema: PathParamSchema,
  decode: (s: string) => A | undefined,
  encode: (a: A) => string,
): PathCodec<A, Name> {
  const trailing = kind === 'trailing';
  const codec: PathCodec<A, Name> = {
    _tag: 'PathCodec',
    kind,
    name,
    expected,
    schema,
    trailing,
    decode,
    encode,
    doc: (text) => pathCodec(kind, name, expected, { ...schema, description: text }, decode, encode),
    constrain: (constraints: PathConstraints) => {
      const holds = constraintCheck(constraints);
      return pathCodec(
        kind,
        name,
        constrainedExpectation(expected, constraints),
        { ...schema, ...constraints },
        (s) => {
          const value = decode(s);
          return value !== undefined && holds(value) ? value : undefined;
        },
        encode,
      ) as PathCodec<never, Name>;
    },
  };
  return codec;
}

/** A test of a decoded value against constraints (`pattern` and lengths apply to text, bounds to numbers). */
export function constraintCheck(c: PathConstraints): (value: unknown) => boolean {
  const pattern = c.pattern === undefined ? undefined : new RegExp(c.pattern, 'u');
  const allowed = c.enum === undefined ? undefined : new Set(c.enum.map(String));
  return (value) => {
    // Compared as text, so a bigint parameter matches its enum's numbers.
    if (allowed !== undefined && !allowed.has(String(value))) return false;
    if (typeof value === 'number' || typeof value === 'bigint') {
      const n = Number(value);
      if (c.minimum !== undefined && n < c.minimum) return false;
      if (c.maximum !== undefined && n > c.maximum) return false;
      if (c.exclusiveMinimum !== undefined && n <= c.exclusiveMinimum) return false;
      if (c.exclusiveMaximum !== undefined && n >= c.exclusiveMaximum) return false;
    }
    if (typeof value === 'string') {
      const length = c.minLength !== undefined || c.maxLength !== undefined ? [...value].length : 0;
      if (c.minLength !== undefined && length < c.minLength) return false;
      if (c.maxLength !== undefined && length > c.maxLength) return false;
    }
    return pattern === undefined || typeof value !== 'string' || pattern.test(value);
  };
}

/** What a constrained segment must be, for the 400's message (`one of asc, desc`, `a 32-bit integer, at least 1`). */
function constrainedExpectation(expected: string, c: PathConstraints): string {
  if (c.enum !== undefined) return `one of ${c.enum.map(String).join(', ')}`;
  const rules = [
    c.minimum !== undefined && `at least ${c.minimum}`,
    c.exclusiveMinimum !== undefined && `above ${c.exclusiveMinimum}`,
    c.maximum !== undefined && `at most ${c.maximum}`,
    c.exclusiveMaximum !== undefined && `below ${c.exclusiveMaximum}`,
    c.minLength !== undefined && `at least ${c.minLength} characters`,
    c.maxLength !== undefined && `at most ${c.maxLength} characters`,
    c.pattern !== undefined && `matching /${c.pattern}/`,
  ].filter((r): r is string => typeof r === 'string');
  return rules.length === 0 ? expected : `${expected}, ${rules.join(', ')}`;
}

const intPattern = /^-?\d+$/;
const numberPattern = /^-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const int64Min = -(2n ** 63n);
const int64Max = 2n ** 63n - 1n;

/** Path parameter codecs: `PathCodec.int('id')` (32-bit), `integer` (safe integer), `number`, `string`, `long` (bigint), `uuid`, `bool`, `dateTime` (Date), `trailing`, and `segment` (text around parameters). */
export const PathCodec = {
  /** A 32-bit signed integer. */
  int<const N extends string>(name: N): PathCodec<number, N> {
    return pathCodec(
      'int',
      name,
      'a 32-bit integer',
      { type: 'integer', format: 'int32' },
      (s) => {
        if (!intPattern.test(s) || s.length > 11) return undefined;
        const n = Number(s) + 0; // `+ 0` turns "-0" into 0
        return n >= -2147483648 && n <= 2147483647 ? n : undefined;
      },
      String,
    );
  },
  /**
   * JSON Schema's `integer` with no format: any integer a JavaScript number holds exactly
   * (±2^53−1), as OpenAPI documents mean `type: integer` for ids that outgrew 32 bits.
   */
  integer<const N extends string>(name: N): PathCodec<number, N> {
    return pathCodec(
      'integer',
      name,
      'an integer',
      { type: 'integer' },
      (s) => {
        if (!intPattern.test(s) || s.length > 17) return undefined;
        const n = Number(s) + 0; // `+ 0` turns "-0" into 0
        return Number.isSafeInteger(n) ? n : undefined;
      },
      String,
    );
  },
  /** A 64-bit signed integer, as a bigint so no digit is lost. */
  long<const N extends string>(name: N): PathCodec<bigint, N> {
    return pathCodec(
      'long',
      name,
      'a 64-bit integer',
      { type: 'integer', format: 'int64' },
      (s) => {
        if (!intPattern.test(s) || s.length > 20) return undefined;
        const n = BigInt(s);
        return n >= int64Min && n <= int64Max ? n : undefined;
      },
      String,
    );
  },
  /** A finite decimal number (`12`, `-0.5`, `1e3`): JSON Schema's `number`. */
  number<const N extends string>(name: N): PathCodec<number, N> {
    return pathCodec(
      'number',
      name,
      'a number',
      { type: 'number' },
      (s) => {
        if (!numberPattern.test(s)) return undefined;
        const n = Number(s) + 0; // `+ 0` turns "-0" into 0
        return Number.isFinite(n) ? n : undefined;
      },
      String,
    );
  },
  /** Any non-empty text. */
  string<const N extends string>(name: N): PathCodec<string, N> {
    return pathCodec(
      'string',
      name,
      'a non-empty text',
      { type: 'string' },
      (s) => (s.length > 0 ? s : undefined),
      (s) => s,
    );
  },
  /** A UUID in its 8-4-4-4-12 hex form. */
  uuid<const N extends string>(name: N): PathCodec<string, N> {
    return pathCodec(
      'uuid',
      name,
      'a UUID',
      { type: 'string', format: 'uuid' },
      (s) => (uuidPattern.test(s) ? s.toLowerCase() : undefined),
      (s) => s,
    );
  },
  /** `true` or `false`. */
  bool<const N extends string>(name: N): PathCodec<boolean, N> {
    return pathCodec(
      'bool',
      name,
      'true or false',
      { type: 'boolean' },
      (s) => (s === 'true' ? true : s === 'false' ? false : undefined),
      String,
    );
  },
  /** An RFC 3339 date-time (`2024-05-01T10:00:00Z`), a `Date` in memory (the path form of `Schema.DateTime`). */
  dateTime<const N extends string>(name: N): PathCodec<Date, N> {
    return pathCodec(
      'dateTime',
      name,
      'an RFC 3339 date-time',
      { type: 'string', format: 'date-time' },
      parseDateTime,
      formatDateTime,
    );
  },
  /** The rest of the path (zero or more segments joined with `/`); only as the last segment. */
  trailing<const N extends string>(name: N): PathCodec<string, N> {
    return pathCodec(
      'trailing',
      name,
      'a path',
      { type: 'string' },
      (s) => s,
      (s) => s,
    );
  },
  /**
   * One segment of literal text around parameters (`{name}.json`, `v{version}`, `{year}-{month}`;
   * ZIO's `SegmentCodec` `~`): `PathCodec.segment(PathCodec.string('name'), '.json')`. Parameters
   * need text between them; the first takes as much as it can (decisions.md, "Mixed path segments").
   */
  segment: segmentCodec,
} as const;

/** Shorthand for `PathCodec.int(name)` in path position (the spec's `int("id")`). */
export const int = PathCodec.int;
/** Shorthand for `PathCodec.string(name)` in path position (the spec's `string("name")`). */
export const string = PathCodec.string;
