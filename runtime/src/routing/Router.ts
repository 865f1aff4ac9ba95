import type { Method } from '../http/Method.ts';
import { Route } from './Route.ts';
import type { Handler } from './Handler.ts';
import { wireText, type MixedPart } from './SegmentCodec.ts';
import { matchSegment, normalizeWire, type SegmentMatch } from './matchSegment.ts';
import type { PathCodec } from './PathCodec.ts';
import type { PatternSegment } from './RoutePattern.ts';

/** What the router found for a method and path. */
export type RouteMatch =
  | { readonly kind: 'found'; readonly route: Route; readonly params: string[] }
  | { readonly kind: 'methodNotAllowed'; readonly allow: readonly Method[] }
  | { readonly kind: 'notFound' };

// `literals` and `routes` stay undefined until something is put in them: most nodes of a large
// API's trie are leaves or inner segments and need only one of the two, and a server builds the
// trie while it starts.
interface Node {
  literals: Map<string, Node> | undefined;
  readonly params: Array<{
    readonly kind: string;
    readonly expected: string;
    readonly decode: (s: string) => unknown;
    readonly node: Node;
  }>;
  /** Segments of text around parameters, most literal text first; undefined while there are none (the common case costs one check). */
  mixed: MixedEntry[] | undefined;
  trailing: Map<string, Route> | undefined;
  routes: Map<string, Route> | undefined;
}

/** Mixed segments of one shape (same text, same codec kinds) share a branch, as parameters of one kind do. */
interface MixedEntry {
  readonly key: string;
  readonly parts: readonly MixedPart[];
  readonly codecs: readonly PathCodec<unknown, string>[];
  readonly weight: number;
  /** The summed narrowness of its codecs: at equal text, `{id:int}.json` is tried before `{name}.json`. */
  readonly narrow: number;
  readonly node: Node;
}

const shapeKey = (parts: readonly MixedPart[]): string =>
  parts.map((p) => (p.kind === 'literal' ? `l${p.wire}` : `p${p.codec.kind}`)).join('\u0000');

/** How few segments a parameter kind accepts: narrower kinds are tried first. */
function narrowness(kind: string): number {
  return kind === 'bool' || kind === 'uuid' || kind === 'int' || kind === 'integer' || kind === 'dateTime'
    ? 0
    : kind === 'long' || kind === 'number'
      ? 1
      : 2;
}

/** The codec kinds of a pattern segment (empty for literal text). */
function segmentKinds(seg: PatternSegment): string {
  return seg.kind === 'literal'
    ? ''
    : seg.kind === 'mixed'
      ? seg.codec.params.map((c) => c.kind).join(',')
      : seg.codec.kind;
}

const newNode = (): Node => ({
  literals: undefined,
  params: [],
  mixed: undefined,
  trailing: undefined,
  routes: undefined,
});
const notFound: RouteMatch = { kind: 'notFound' };

/**
 * A segment trie over routes: lookup costs the path's depth, not the number of routes. Literal
 * segments win over mixed ones (`{name}.json`), which win over whole parameters; among
 * parameters, those whose codec accepts the segment come first, narrowest kind first (bool,
 * uuid, int, dateTime, then long and number, then string); a mixed segment whose text matches but whose
 * pieces do not decode comes after every accepting parameter; a trailing parameter takes the
 * rest of the path. HEAD falls back to GET, and a path known under other methods gives
 * methodNotAllowed with the Allow list.
 */
export class Router {
  readonly #root = newNode();

  constructor(routes: Iterable<Route>) {
    for (const r of routes) this.#add(r);
  }

  #add(route: Route): void {
    // Operations of one method and path (told apart by their queries, headers or bodies) share
    // one leaf even where their parameters' bounds differ (a `pattern` on one operation's `{id}`,
    // none on its sibling's): on separate branches only the first branch's routes would be tried.
    // Each route decodes its own parameters, so the first sibling's bounds only pick the branch.
    // Parameters of other kinds (`/x/{n:int}` beside `/x/{n}`) are other routes, not siblings.
    const template = `${String(route.pattern)}\u0000${route.pattern.segments.map(segmentKinds).join('/')}`;
    const sibling = this.#leaves.get(template);
    if (sibling !== undefined) return this.#chain(sibling, route);
    let node = this.#root;
    for (const seg of route.pattern.segments) {
      if (seg.kind === 'literal') {
        const literals = (node.literals ??= new Map());
        let next = literals.get(seg.text);
        if (!next) literals.set(seg.text, (next = newNode()));
        node = next;
      } else if (seg.kind === 'mixed') {
        const key = shapeKey(seg.parts);
        const list = (node.mixed ??= []);
        let entry = list.find((m) => m.key === key);
        if (!entry) {
          const weight = seg.parts.reduce((n, p) => n + (p.kind === 'literal' ? p.wire.length : 0), 0);
          const narrow = seg.codec.params.reduce((n, c) => n + narrowness(c.kind), 0);
          entry = { key, parts: seg.parts, codecs: seg.codec.params, weight, narrow, node: newNode() };
          // More literal text first (`{id}.tar.gz` before `{id}.gz`), then narrower codecs, then declaration order.
          const at = list.findIndex((m) => m.weight < weight || (m.weight === weight && m.narrow > narrow));
          list.splice(at < 0 ? list.length : at, 0, entry);
        }
        node = entry.node;
      } else if (seg.codec.trailing) {
        node.trailing ??= new Map();
        if (!node.trailing.has(route.pattern.method)) node.trailing.set(route.pattern.method, route);
        return;
      } else {
        // Parameters with the same codec kind share a branch so `/a/{x}/b` and `/a/{y}/c` coexist;
        // a bound or enum of one (`minimum: 1` on PUT's `{id}`, none on GET's) makes a branch of its
        // own, or GET would refuse what only PUT's codec refuses.
        const { kind, decode, expected } = seg.codec;
        let entry = node.params.find((p) => p.kind === kind && p.expected === expected);
        if (!entry) {
          entry = { kind, expected, decode, node: newNode() };
          // Narrowest kind first, so `/items/{id:int}` wins over `/items/{slug}` for "42" in any declaration order.
          const at = node.params.findIndex((p) => narrowness(p.kind) > narrowness(kind));
          node.params.splice(at < 0 ? node.params.length : at, 0, entry);
        }
        node = entry.node;
      }
    }
    this.#leaves.set(template, node);
    this.#chain(node, route);
  }

  /** The leaf of each method and path template registered (`POST /users/{id}`). */
  readonly #leaves = new Map<string, Node>();

  #chain(node: Node, route: Route): void {
    // The first route registered for a method and path wins, as in ZIO's Routes; later ones are
    // reached only when it does not accept the request.
    const routes = (node.routes ??= new Map());
    const existing = routes.get(route.pattern.method);
    if (!existing) routes.set(route.pattern.method, route);
    else {
      const chain = [...(this.#chains.get(existing) ?? [existing]), route];
      const combined = Route.ofKind(existing.kind, existing.pattern, fallthrough(chain), existing.source);
      this.#chains.set(combined, chain);
      routes.set(route.pattern.method, combined);
    }
  }

  readonly #chains = new Map<Route, Route[]>();

  /** The raw path of the request being matched, read only by mixed segments (RFC 3986 tells `%3A` from `:`). */
  #rawPath: string | undefined;

  /** Whether the walk under way goes only through parameters whose codec takes their segment. */
  #strict = false;

  /** Which parameters of a node take its segment, per node, for the match under way (walked up to three times). */
  #accepted: Map<Node, boolean[]> | undefined;

  #accepts(node: Node, seg: string): boolean[] {
    let known = (this.#accepted ??= new Map()).get(node);
    if (known === undefined) {
      known = new Array<boolean>(node.params.length);
      for (let k = 0; k < node.params.length; k++) known[k] = node.params[k].decode(seg) !== undefined;
      this.#accepted.set(node, known);
    }
    return known;
  }

  /**
   * Finds the route for a method and canonical, decoded path segments. `rawPath`, the path as
   * sent, lets mixed segments match their literal text before decoding; without it they match
   * the decoded segments.
   */
  match(method: string, segments: readonly string[], rawPath?: string): RouteMatch {
    this.#rawPath = rawPath;
    this.#accepted = undefined;
    // First only through parameters whose codec takes their segment: a literal branch whose
    // parameter refuses it (`/zones/{zone_id: uuid}` for `/zones/count`) must not hide a
    // parameter branch that takes every segment (`/{zone_type: zones|rssizones}/count`). Then,
    // for the 400 of the route meant, through any parameter.
    const params: string[] = [];
    let found: Route | undefined;
    this.#strict = true;
    try {
      found = this.#walk(this.#root, segments, 0, method, params, undefined);
    } finally {
      this.#strict = false;
    }
    if (!found) {
      params.length = 0;
      found = this.#walk(this.#root, segments, 0, method, params, undefined);
    }
    if (found) return { kind: 'found', route: found, params };
    // A miss walks again, now collecting the methods for Allow: hits never build the set.
    const allow = new Set<string>();
    this.#walk(this.#root, segments, 0, method, [], allow);
    if (allow.size > 0) return { kind: 'methodNotAllowed', allow: [...allow] as Method[] };
    return notFound;
  }

  #pick(routes: Map<string, Route>, method: string, allow: Set<string> | undefined): Route | undefined {
    const r = routes.get(method) ?? (method === 'HEAD' ? routes.get('GET') : undefined) ?? routes.get('*');
    if (r || allow === undefined) return r;
    for (const m of routes.keys()) {
      allow.add(m);
      if (m === 'GET') allow.add('HEAD');
    }
    return undefined;
  }

  #walk(
    node: Node,
    segs: readonly string[],
    i: number,
    method: string,
    params: string[],
    allow: Set<string> | undefined,
  ): Route | undefined {
    if (i === segs.length) {
      if (node.routes !== undefined) {
        const r = this.#pick(node.routes, method, allow);
        if (r) return r;
      }
      if (node.trailing) {
        const r = this.#pick(node.trailing, method, allow);
        if (r) {
          params.push('');
          return r;
        }
      }
      return undefined;
    }
    const seg = segs[i];
    const lit = node.literals?.get(seg);
    if (lit) {
      const r = this.#walk(lit, segs, i + 1, method, params, allow);
      if (r) return r;
    }
    if (node.mixed !== undefined) return this.#walkMixed(node, segs, i, method, params, allow);
    if (node.params.length === 1) {
      if (this.#strict && node.params[0].decode(seg) === undefined)
        return this.#trailing(node, segs, i, method, params, allow);
      params.push(seg);
      const r = this.#walk(node.params[0].node, segs, i + 1, method, params, allow);
      if (r) return r;
      params.pop();
    } else if (node.params.length > 1) {
      // First the parameters whose codec accepts the segment, then the others (their route answers 400).
      const accepts = this.#accepts(node, seg);
      const r = this.#walkAccepting(node, accepts, segs, i, method, params, allow);
      if (r) return r;
      for (let k = 0; k < node.params.length && !this.#strict; k++) {
        if (accepts[k]) continue;
        params.push(seg);
        const r = this.#walk(node.params[k].node, segs, i + 1, method, params, allow);
        if (r) return r;
        params.pop();
      }
    }
    return this.#trailing(node, segs, i, method, params, allow);
  }

  /** The route of a trailing parameter at `node`, taking the rest of the path from segment i. */
  #trailing(
    node: Node,
    segs: readonly string[],
    i: number,
    method: string,
    params: string[],
    allow: Set<string> | undefined,
  ): Route | undefined {
    if (node.trailing === undefined) return undefined;
    const r = this.#pick(node.trailing, method, allow);
    if (r) params.push(segs.slice(i).join('/'));
    return r;
  }

  /**
   * Every parameter branch whose codec accepts segment i, the most specific match winning: branches
   * differ by their parameters' bounds (`{lang}` with `enum: [en]` on one operation, a longer enum on
   * another), and `/entries/{lang}/{id}/antonyms` on one must beat `/entries/{lang}/{id}/{filters}`
   * on the other, as it would on one branch. Ties keep declaration order.
   */
  #walkAccepting(
    node: Node,
    accepts: readonly boolean[],
    segs: readonly string[],
    i: number,
    method: string,
    params: string[],
    allow: Set<string> | undefined,
  ): Route | undefined {
    let best: { route: Route; params: string[] } | undefined;
    for (let k = 0; k < node.params.length; k++) {
      if (!accepts[k]) continue;
      const tried = [...params, segs[i]];
      const route = this.#walk(node.params[k].node, segs, i + 1, method, tried, allow);
      if (route && (best === undefined || moreSpecific(route, best.route, i + 1))) best = { route, params: tried };
    }
    if (best === undefined) return undefined;
    params.length = 0;
    params.push(...best.params);
    return best.route;
  }

  /** The segment as sent, in RFC 3986 normal form; the decoded segment re-encoded when there is no raw path. */
  #wire(segs: readonly string[], i: number): string {
    const path = this.#rawPath;
    if (path === undefined) return wireText(segs[i]);
    // Canonicalisation refused empty segments, so raw segment i lies after the i-th "/" past the first.
    let start = 1;
    for (let k = 0; k < i && start > 0; k++) start = path.indexOf('/', start) + 1;
    if (start === 0) return wireText(segs[i]);
    const end = path.indexOf('/', start);
    return normalizeWire(path.slice(start, end < 0 ? path.length : end));
  }

  /**
   * A node with mixed segments: the literal child (tried by the caller), mixed segments whose
   * pieces decode, every parameter whose codec accepts the segment, mixed segments whose text
   * matches (their 400), the other parameters (their 400), then a trailing parameter. Loops,
   * not closures: this runs per request.
   */
  #walkMixed(
    node: Node,
    segs: readonly string[],
    i: number,
    method: string,
    params: string[],
    allow: Set<string> | undefined,
  ): Route | undefined {
    const seg = segs[i];
    const wire = this.#wire(segs, i);
    const mixed = node.mixed!;
    const matches: Array<SegmentMatch | undefined> = new Array(mixed.length);
    for (let k = 0; k < mixed.length; k++) matches[k] = matchSegment(mixed[k].parts, mixed[k].codecs, wire);
    const accepts = this.#accepts(node, seg);
    for (const wanted of this.#strict ? [true] : [true, false]) {
      for (let k = 0; k < mixed.length; k++) {
        const m = matches[k];
        if (m === undefined || m.accepted !== wanted) continue;
        const depth = params.length;
        for (const piece of m.pieces) params.push(piece);
        const r = this.#walk(mixed[k].node, segs, i + 1, method, params, allow);
        if (r) return r;
        params.length = depth;
      }
      for (let k = 0; k < node.params.length; k++) {
        if (accepts[k] !== wanted) continue;
        params.push(seg);
        const r = this.#walk(node.params[k].node, segs, i + 1, method, params, allow);
        if (r) return r;
        params.pop();
      }
    }
    return this.#trailing(node, segs, i, method, params, allow);
  }
}

/**
 * One handler for routes of the same method and path: the first that accepts the request
 * answers it; when none does, the first answers (its 400 names what is missing).
 */
function fallthrough(routes: readonly Route[]): Handler {
  return (request) => {
    for (const route of routes)
      if (route.accepts === undefined || route.accepts(request)) return route.handler(request);
    return routes[0].handler(request);
  };
}

const segmentRank = { literal: 0, mixed: 1, param: 2 } as const;

/** Whether `a` matches the segments from `from` on more literally than `b` (literal, then mixed, then a parameter). */
function moreSpecific(a: Route, b: Route, from: number): boolean {
  const sa = a.pattern.segments;
  const sb = b.pattern.segments;
  for (let k = from; k < Math.max(sa.length, sb.length); k++) {
    const ra = k < sa.length ? segmentRank[sa[k].kind] : 3;
    const rb = k < sb.length ? segmentRank[sb[k].kind] : 3;
    if (ra !== rb) return ra < rb;
  }
  return false;
}
