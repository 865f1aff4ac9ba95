import { formatDateTime, parseDateTime } from '../schema/DateTime.ts';
import { segmentCodec } from './SegmentCodec.ts';

/** JSON Schema of a path parameter, as OpenAPI shows it. */
export interface PathParamSchema {
  readonly type: 'integer' | 'string' | 'boolean';
  readonly format?: string;
  readonly description?: string;
}

/** The kinds of path codec. */
export type PathCodecKind = 'int' | 'long' | 'string' | 'uuid' | 'bool' | 'dateTime' | 'trailing';

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
  decode(segment: string): A | undefined;
  encode(value: A): string;
  /** A copy with a description (the spec's `?? Doc.p(text)` on a parameter). */
  doc(text: string): PathCodec<A, Name>;
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
  };
  return codec;
}

const intPattern = /^-?\d+$/;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const int64Min = -(2n ** 63n);
const int64Max = 2n ** 63n - 1n;

/** Path parameter codecs: `PathCodec.int('id')`, `string`, `long` (bigint), `uuid`, `bool`, `dateTime` (Date), `trailing`, and `segment` (text around parameters). */
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
    return pathCodec('bool', name, 'true or false', { type: 'boolean' }, (s) => (s === 'true' ? true : s === 'false' ? false : undefined), String);
  },
  /** An RFC 3339 date-time (`2024-05-01T10:00:00Z`), a `Date` in memory (the path form of `Schema.DateTime`). */
  dateTime<const N extends string>(name: N): PathCodec<Date, N> {
    return pathCodec('dateTime', name, 'an RFC 3339 date-time', { type: 'string', format: 'date-time' }, parseDateTime, formatDateTime);
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
