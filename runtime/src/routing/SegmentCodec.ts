import type { PathCodec } from './PathCodec.ts';
import { ConfigErrors, configError } from '../errors/catalogue.ts';

/** One piece of a {@link SegmentCodec}: literal text, or a typed parameter. */
export type SegmentPart = string | PathCodec<unknown, string>;

/** The tuple of parameter value types of a segment's parts, in order. */
export type PartsParams<S extends readonly SegmentPart[]> = S extends readonly [
  infer H,
  ...infer T extends readonly SegmentPart[],
]
  ? H extends PathCodec<infer A, string>
    ? [A, ...PartsParams<T>]
    : PartsParams<T>
  : [];

/** @internal A normalised part: literal text (with its on-the-wire form) or a parameter codec. */
export type MixedPart =
  | { readonly kind: 'literal'; readonly text: string; readonly wire: string }
  | { readonly kind: 'param'; readonly codec: PathCodec<unknown, string> };

/**
 * One path segment made of literal text and parameters, `{name}.json` or `v{version}` (ZIO's
 * `SegmentCodec` combined with `~`): built by `PathCodec.segment(PathCodec.string('name'), '.json')`.
 * `P` is the tuple of its parameters' value types.
 */
export interface SegmentCodec<P extends unknown[] = unknown[]> {
  readonly _tag: 'SegmentCodec';
  /** @internal The parts in order; literal text and parameters alternate around each parameter. */
  readonly parts: readonly MixedPart[];
  /** The parameter codecs in order. */
  readonly params: readonly PathCodec<unknown, string>[];
  /** The OpenAPI form: `{name}.json`. */
  readonly template: string;
  /** Phantom: the parameter value types. */
  readonly _params?: P;
}

// RFC 3986 pchar minus pct-encoded: unreserved, sub-delims, ":" and "@" travel as they are.
const pcharRaw = /[A-Za-z0-9\-._~!$&'()*+,;=:@]/;

/** Literal text as it travels in a path segment: pchar characters raw, the rest percent-encoded (upper-case hex). */
export function wireText(text: string): string {
  let out = '';
  for (const ch of text) out += pcharRaw.test(ch) ? ch : encodeURIComponent(ch);
  return out;
}

/**
 * A parameter value as it travels inside a mixed segment: like `encodeURIComponent`, and also
 * `!'()*`, so no reserved character of the value can be taken for the segment's literal text.
 */
export function encodePiece(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());
}

/**
 * Whether a parameter's values tell where it starts when it follows `before` directly: its enum
 * or pattern does, or `before` is a number, whose text ends where its digits do (`{id}{ext}`
 * reads `123.json` as `123` and `.json`).
 */
const delimits = (codec: PathCodec<unknown, string>, before: PathCodec<unknown, string>): boolean =>
  codec.schema.enum !== undefined ||
  codec.schema.pattern !== undefined ||
  before.schema.type === 'integer' ||
  before.schema.type === 'number';

/** Builds a segment codec from its parts; refuses shapes that cannot be matched unambiguously. */
export function segmentCodec<const S extends readonly SegmentPart[]>(...parts: S): SegmentCodec<PartsParams<S>> {
  const out: MixedPart[] = [];
  const shown = parts.map((p) => (typeof p === 'string' ? p : `{${p.name}}`)).join('');
  for (const p of parts) {
    if (typeof p === 'string') {
      if (p === '') continue;
      if (p.includes('/')) throw configError(ConfigErrors.BAD_PATH_SEGMENT, shown, 'literal text may not hold "/"');
      const last = out[out.length - 1];
      // Adjacent texts are one literal: the split points are between a parameter and text.
      if (last?.kind === 'literal')
        out[out.length - 1] = { kind: 'literal', text: last.text + p, wire: wireText(last.text + p) };
      else out.push({ kind: 'literal', text: p, wire: wireText(p) });
    } else {
      if (p.trailing)
        throw configError(
          ConfigErrors.BAD_PATH_SEGMENT,
          shown,
          `trailing parameter "${p.name}" cannot share a segment`,
        );
      // Two parameters with no text between them split where the later one's values say: an
      // `enum` or `pattern` decides how much of the text it takes (`{id}{ext}` with `ext` one of
      // `.json`, `.xml`), or a number first ends with its digits; else no split is better than another.
      const last = out[out.length - 1];
      if (last?.kind === 'param' && !delimits(p as PathCodec<unknown, string>, last.codec))
        throw configError(
          ConfigErrors.BAD_PATH_SEGMENT,
          shown,
          'two parameters need literal text between them, an enum or pattern on the later one, or a number first',
        );
      out.push({ kind: 'param', codec: p as PathCodec<unknown, string> });
    }
  }
  const params = out.flatMap((p) => (p.kind === 'param' ? [p.codec] : []));
  if (params.length === 0)
    throw configError(
      ConfigErrors.BAD_PATH_SEGMENT,
      shown,
      'a segment codec needs a parameter (plain text is a string segment)',
    );
  return {
    _tag: 'SegmentCodec',
    parts: out,
    params,
    template: out.map((p) => (p.kind === 'literal' ? p.text : `{${p.codec.name}}`)).join(''),
  };
}

/** The segment text for parameter values (in order): literal text in its wire form, values encoded by {@link encodePiece}. */
export function formatSegment(parts: readonly MixedPart[], values: readonly unknown[], from: number): string {
  let out = '';
  let i = from;
  for (const p of parts) out += p.kind === 'literal' ? p.wire : encodePiece(p.codec.encode(values[i++]));
  return out;
}
