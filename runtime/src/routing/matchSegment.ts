import type { PathCodec } from './PathCodec.ts';
import type { MixedPart } from './SegmentCodec.ts';

/** How a mixed segment matched: the decoded text of each parameter piece, and whether every codec accepts its piece. */
export interface SegmentMatch {
  readonly pieces: string[];
  readonly accepted: boolean;
}

const unreserved = /[A-Za-z0-9\-._~]/;

/**
 * A raw (still percent-encoded) segment in RFC 3986 normal form (section 6.2.2): escapes of
 * unreserved characters decoded (`%2E` is `.`), other escapes with upper-case hex. An escaped
 * reserved character (`%3A`) stays escaped, so it never matches a literal `:`.
 */
export function normalizeWire(raw: string): string {
  if (!raw.includes('%')) return raw;
  return raw.replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) => {
    const c = String.fromCharCode(parseInt(hex, 16));
    return unreserved.test(c) ? c : '%' + hex.toUpperCase();
  });
}

// A bound on split attempts: `{a}-{b}-{c}` against a long run of "-" must not cost the square of its length.
const maxAttempts = 64;

/**
 * Splits a normalised raw segment by a mixed segment's parts; undefined when the literal text
 * does not match. Each parameter takes a non-empty piece; the first parameter takes as much as
 * it can (greedy), so `{name}.json` reads `a.json.json` as `a.json`. Among the splits the text
 * allows, the first (in that greedy order) whose pieces all decode wins; when none does, the
 * greedy split comes back unaccepted, for its route's 400.
 */
export function matchSegment(
  parts: readonly MixedPart[],
  codecs: readonly PathCodec<unknown, string>[],
  wire: string,
): SegmentMatch | undefined {
  const st: SplitState = { parts, codecs, wire, pieces: [], first: undefined, attempts: 0 };
  if (split(st, 0, 0)) return { pieces: st.pieces, accepted: true };
  return st.first && { pieces: st.first, accepted: false };
}

// Plain functions over one state record, no closures: this runs per request at a node with mixed segments.
interface SplitState {
  readonly parts: readonly MixedPart[];
  readonly codecs: readonly PathCodec<unknown, string>[];
  readonly wire: string;
  readonly pieces: string[];
  first: string[] | undefined;
  attempts: number;
}

/** Matches parts[k…] against wire[pos…], pushing pieces; true when the split is complete and every piece decodes. */
function split(st: SplitState, k: number, pos: number): boolean {
  const { parts, wire } = st;
  if (k === parts.length) {
    if (pos !== wire.length) return false;
    st.first ??= st.pieces.slice();
    st.attempts++;
    for (let i = 0; i < st.pieces.length; i++) if (st.codecs[i].decode(st.pieces[i]) === undefined) return false;
    return true;
  }
  const part = parts[k];
  if (part.kind === 'literal') return wire.startsWith(part.wire, pos) && split(st, k + 1, pos + part.wire.length);
  const next = parts[k + 1];
  if (next === undefined) {
    if (!take(st, pos, wire.length)) return false;
    if (split(st, k + 1, wire.length)) return true;
    st.pieces.pop();
    return false;
  }
  const text = next.kind === 'literal' ? next.wire : '';
  // Try each place the following literal occurs, the furthest first.
  for (let at = wire.lastIndexOf(text); at > pos; at = wire.lastIndexOf(text, at - 1)) {
    if (insideEscape(wire, at) || !take(st, pos, at)) continue;
    if (split(st, k + 1, at)) return true;
    st.pieces.pop();
    if (st.attempts >= maxAttempts) return false;
  }
  return false;
}

/** Pushes the decoded text of wire[from, to); false for an empty piece or one that does not decode. */
function take(st: SplitState, from: number, to: number): boolean {
  if (to <= from) return false;
  const raw = st.wire.slice(from, to);
  if (!raw.includes('%')) {
    st.pieces.push(raw);
    return true;
  }
  try {
    st.pieces.push(decodeURIComponent(raw));
    return true;
  } catch {
    return false;
  }
}

/** Whether `at` falls on the hex digits of an escape (`%2F`), where no literal can begin. */
function insideEscape(wire: string, at: number): boolean {
  return wire.charCodeAt(at - 1) === 37 || (at >= 2 && wire.charCodeAt(at - 2) === 37);
}
