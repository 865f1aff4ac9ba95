import type { Method } from '../http/Method.ts';
import type { PathCodec } from './PathCodec.ts';
import { ConfigErrors, configError } from '../errors/catalogue.ts';
import { formatSegment, type MixedPart, type SegmentCodec } from './SegmentCodec.ts';
import { matchSegment, normalizeWire } from './matchSegment.ts';

/** A path segment in a pattern: literal text, a typed parameter, or text around parameters (`PathCodec.segment`). */
export type Segment = string | PathCodec<any, string> | SegmentCodec<any>;

/** The tuple of parameter value types of a segment list, in order (the spec's PathInput). */
export type ParamsOf<S extends readonly Segment[]> = S extends readonly [infer H, ...infer T extends readonly Segment[]]
  ? H extends PathCodec<infer A, string>
    ? [A, ...ParamsOf<T>]
    : H extends SegmentCodec<infer Ps>
      ? [...Ps, ...ParamsOf<T>]
      : ParamsOf<T>
  : [];

/** A method in a pattern; `*` matches any method. */
export type PatternMethod = Method | '*';

/** @internal A normalised segment: literal text, a parameter codec, or literal text around parameters. */
export type PatternSegment =
  | { readonly kind: 'literal'; readonly text: string }
  | { readonly kind: 'param'; readonly codec: PathCodec<unknown, string> }
  | { readonly kind: 'mixed'; readonly codec: SegmentCodec; readonly parts: readonly MixedPart[] };

/**
 * The spec's `RoutePattern`: a method joined to path segments. `P` is the tuple of the path
 * parameters' value types, inferred from the codecs.
 */
export class RoutePattern<P extends unknown[] = unknown[]> {
  readonly method: PatternMethod;
  readonly segments: readonly PatternSegment[];
  /** @internal Whether a segment has text around parameters (`{name}.json`). */
  readonly hasMixed: boolean;
  declare readonly _params: P;

  /** The parameter codecs in path order (a parameter the path holds twice, twice). */
  readonly params: readonly PathCodec<unknown, string>[];

  /** The route's documentation (`pattern.doc(…)`), which OpenAPIGen puts in the operation's description. */
  readonly description: string | undefined;

  /**
   * @internal Whether a client writes the path with a trailing `/` (an empty last segment, `''`):
   * the router ignores one, except where a document declares `/x` and `/x/` as two operations
   * and the server tells them apart by it.
   */
  readonly trailingSlash: boolean;

  private constructor(
    method: PatternMethod,
    segments: readonly PatternSegment[],
    params: PathCodec<unknown, string>[],
    hasMixed: boolean,
    description?: string,
    trailingSlash = false,
  ) {
    this.method = method;
    this.segments = segments;
    this.params = params;
    this.hasMixed = hasMixed;
    this.description = description;
    this.trailingSlash = trailingSlash;
  }

  /**
   * The spec's `pattern ?? Doc.p(text)`: the same pattern, documented. Docs given twice are
   * kept as paragraphs, in order.
   */
  doc(doc: { readonly _tag: 'Doc'; readonly text: string } | string): RoutePattern<P> {
    // The shape of a `Doc` (endpoint/Doc.ts), written out: routing sits below the endpoint layer.
    const text = typeof doc === 'string' ? doc : doc.text;
    const description = this.description === undefined ? text : `${this.description}\n\n${text}`;
    return new RoutePattern<P>(
      this.method,
      this.segments,
      [...this.params],
      this.hasMixed,
      description,
      this.trailingSlash,
    );
  }

  /**
   * @internal Builds a pattern from segments; literal text with `/` becomes several segments. One
   * codec object may stand in two places: the parameter is then one value sent twice.
   */
  static of<const S extends readonly Segment[]>(method: PatternMethod, segments: S): RoutePattern<ParamsOf<S>> {
    // Plain loops: a server with a thousand routes builds a thousand patterns at start, before
    // V8 has compiled this beyond its interpreter.
    const out: PatternSegment[] = [];
    const params: PathCodec<unknown, string>[] = [];
    let hasMixed = false;
    for (let i = 0; i < segments.length; i++) {
      const s = segments[i];
      if (typeof s === 'string') {
        if (s.indexOf('/') < 0) {
          if (s !== '') out.push({ kind: 'literal', text: s });
        } else for (const part of s.split('/')) if (part !== '') out.push({ kind: 'literal', text: part });
      } else if (s._tag === 'SegmentCodec') {
        out.push({ kind: 'mixed', codec: s, parts: s.parts });
        for (const c of s.params) params.push(c);
        hasMixed = true;
      } else {
        if (s.trailing && i !== segments.length - 1) throw configError(ConfigErrors.TRAILING_NOT_LAST, s.name);
        out.push({ kind: 'param', codec: s as PathCodec<unknown, string> });
        params.push(s as PathCodec<unknown, string>);
      }
    }
    // The same codec given twice is one parameter read in two places (Azure Stack's
    // `System.{location}/…/fabricLocations/{location}`): a request must send one value in both
    // (decodePathParams). Two codecs of one name are a mistake.
    for (let i = 1; i < params.length; i++) {
      for (let j = 0; j < i; j++)
        if (params[j].name === params[i].name && params[j] !== params[i])
          throw configError(ConfigErrors.DUPLICATE_PATH_PARAMETER, params[i].name);
    }
    const trailingSlash = segments.length > 1 && segments[segments.length - 1] === '';
    return new RoutePattern<ParamsOf<S>>(method, out, params, hasMixed, undefined, trailingSlash);
  }

  static GET<const S extends readonly Segment[]>(...segments: S): RoutePattern<ParamsOf<S>> {
    return RoutePattern.of('GET', segments);
  }
  static POST<const S extends readonly Segment[]>(...segments: S): RoutePattern<ParamsOf<S>> {
    return RoutePattern.of('POST', segments);
  }
  static PUT<const S extends readonly Segment[]>(...segments: S): RoutePattern<ParamsOf<S>> {
    return RoutePattern.of('PUT', segments);
  }
  static PATCH<const S extends readonly Segment[]>(...segments: S): RoutePattern<ParamsOf<S>> {
    return RoutePattern.of('PATCH', segments);
  }
  static DELETE<const S extends readonly Segment[]>(...segments: S): RoutePattern<ParamsOf<S>> {
    return RoutePattern.of('DELETE', segments);
  }
  static HEAD<const S extends readonly Segment[]>(...segments: S): RoutePattern<ParamsOf<S>> {
    return RoutePattern.of('HEAD', segments);
  }
  static OPTIONS<const S extends readonly Segment[]>(...segments: S): RoutePattern<ParamsOf<S>> {
    return RoutePattern.of('OPTIONS', segments);
  }
  static TRACE<const S extends readonly Segment[]>(...segments: S): RoutePattern<ParamsOf<S>> {
    return RoutePattern.of('TRACE', segments);
  }
  /** Matches every method on the path. */
  static ANY<const S extends readonly Segment[]>(...segments: S): RoutePattern<ParamsOf<S>> {
    return RoutePattern.of('*', segments);
  }

  /** The OpenAPI form of the path: `/users/{id}`. */
  get openApiPath(): string {
    return (
      '/' +
      this.segments
        .map((s) => (s.kind === 'literal' ? s.text : s.kind === 'mixed' ? s.codec.template : `{${s.codec.name}}`))
        .join('/')
    );
  }

  /** The literal segments only (not the text inside mixed segments). */
  get literals(): string[] {
    return this.segments.flatMap((s) => (s.kind === 'literal' ? [s.text] : []));
  }

  /** Fills in parameter values to give a concrete, percent-encoded path. */
  format(params: P): string {
    let i = 0;
    const parts = this.segments.map((s) => {
      if (s.kind === 'literal') return encodeURIComponent(s.text);
      if (s.kind === 'mixed') {
        const text = formatSegment(s.parts, params, i);
        i += s.codec.params.length;
        return text;
      }
      const text = s.codec.encode(params[i++]);
      return s.codec.trailing ? text.split('/').map(encodeURIComponent).join('/') : encodeURIComponent(text);
    });
    return '/' + parts.join('/') + (this.trailingSlash ? '/' : '');
  }

  /**
   * @internal The first parameter of a mixed segment that a server would read back otherwise
   * (`{a}-{b}` with a = "x-y" splits as "x-y"… only if b has no "-"), so a client refuses to
   * send it rather than reach the wrong values; undefined when every value comes back.
   */
  misread(params: P): string | undefined {
    let i = 0;
    for (const s of this.segments) {
      if (s.kind === 'param') i++;
      if (s.kind !== 'mixed') continue;
      const codecs = s.codec.params;
      const m = matchSegment(s.parts, codecs, normalizeWire(formatSegment(s.parts, params, i)));
      for (let k = 0; k < codecs.length; k++) {
        if (m === undefined || !m.accepted || m.pieces[k] !== codecs[k].encode(params[i + k])) return codecs[k].name;
      }
      i += codecs.length;
    }
    return undefined;
  }

  toString(): string {
    return `${this.method} ${this.openApiPath}`;
  }
}
