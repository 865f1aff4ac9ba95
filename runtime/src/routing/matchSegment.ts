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
export function matchSegment(parts: readonly MixedPart[], wire: string): SegmentMatch | undefined {
  const codecs = parts.flatMap((p) => (p.kind === 'param' ? [p.codec] : []));
  let first: string[] | undefined;
  let attempts = 0;
  const pieces: string[] = [];
  const take = (from: number, to: number): boolean => {
    if (to <= from) return false;
    try {
      pieces.push(decodeURIComponent(wire.slice(from, to)));
      return true;
    } catch {
      return false;
    }
  };
  const walk = (k: number, pos: number): boolean => {
    if (k === parts.length) {
      if (pos !== wire.length) return false;
      first ??= [...pieces];
      attempts++;
      return pieces.every((t, i) => codecs[i].decode(t) !== undefined);
    }
    const part = parts[k];
    if (part.kind === 'literal') return wire.startsWith(part.wire, pos) && walk(k + 1, pos + part.wire.length);
    const next = parts[k + 1];
    if (next === undefined) {
      if (!take(pos, wire.length)) return false;
      if (walk(k + 1, wire.length)) return true;
      pieces.pop();
      return false;
    }
    const text = next.kind === 'literal' ? next.wire : '';
    // Try each place the following literal occurs, the furthest first.
    for (let at = wire.lastIndexOf(text); at > pos; at = wire.lastIndexOf(text, at - 1)) {
      if (insideEscape(wire, at) || !take(pos, at)) continue;
      if (walk(k + 1, at)) return true;
      pieces.pop();
      if (attempts >= maxAttempts) return false;
    }
    return false;
  };
  if (walk(0, 0)) return { pieces, accepted: true };
  return first && { pieces: first, accepted: false };
}

/** Whether `at` falls on the hex digits of an escape (`%2F`), where no literal can begin. */
function insideEscape(wire: string, at: number): boolean {
  return wire.charCodeAt(at - 1) === 37 || (at >= 2 && wire.charCodeAt(at - 2) === 37);
}
