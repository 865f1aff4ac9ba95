// What a request to the mock asks of its answer, in Prism's conventions: `Prefer: code=404` (that
// declared status), `Prefer: example=name` (that named example), `Prefer: dynamic=true` (values
// made from the schemas even where the document has examples); and which of a response's media
// types its `Accept` takes.
import { mediaEssence } from '../check/documentPointers.ts';

/** A request's preferences of the mock's answer. */
export interface Preferences {
  readonly code?: number;
  readonly example?: string;
  readonly dynamic: boolean;
}

/** A `Prefer` header's preferences (RFC 7240: `name=value` pairs, comma-separated; values may be quoted). */
export function preferences(header: string | undefined): Preferences | { readonly problem: string } {
  const out: { code?: number; example?: string; dynamic: boolean } = { dynamic: false };
  for (const part of (header ?? '').split(/[,;]/)) {
    const m = /^\s*([A-Za-z-]+)\s*(?:=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s"]*)))?\s*$/.exec(part);
    if (!m) continue;
    const name = m[1].toLowerCase();
    const value = m[2]?.replace(/\\(.)/g, '$1') ?? m[3] ?? '';
    if (name === 'code') {
      if (!/^[1-5]\d\d$/.test(value))
        return {
          problem: `Prefer: code=${value} is no HTTP status; write a status the operation declares, e.g. code=404`,
        };
      out.code = Number(value);
    } else if (name === 'example') out.example = value;
    else if (name === 'dynamic') out.dynamic = value === '' || value.toLowerCase() === 'true';
  }
  return out;
}

/** One range of an `Accept` header. */
interface AcceptRange {
  readonly type: string;
  readonly subtype: string;
  readonly q: number;
}

function acceptRanges(accept: string): AcceptRange[] {
  const out: AcceptRange[] = [];
  for (const item of accept.split(',')) {
    const [range, ...params] = item.split(';');
    const [type, subtype] = range.trim().toLowerCase().split('/');
    if (!type || !subtype) continue;
    const qParam = params.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    out.push({ type, subtype, q: Number.isFinite(q) ? q : 0 });
  }
  return out;
}

/**
 * The declared media type an `Accept` header prefers (highest quality, the most specific range
 * deciding each; the document's order breaks ties), or undefined when it takes none of them. No
 * `Accept`, or `*\/*`: the first JSON media type, else the first — what a generated server answers.
 */
export function chooseMediaType(
  declared: readonly string[],
  accept: string | undefined,
  preferred: string | undefined,
): string | undefined {
  if (declared.length === 0) return undefined;
  if (accept === undefined || accept.trim() === '' || accept.trim() === '*/*') return preferred ?? declared[0];
  const ranges = acceptRanges(accept);
  let best: { mediaType: string; q: number } | undefined;
  for (const mediaType of declared) {
    const [type, subtype] = mediaEssence(mediaType).split('/');
    const specificity = (r: AcceptRange) => (r.type === '*' ? 0 : r.subtype === '*' ? 1 : 2);
    const matching = ranges
      .filter(
        (r) => (r.type === '*' || r.type === type) && (r.subtype === '*' || r.subtype === subtype || type === '*'),
      )
      .sort((a, b) => specificity(b) - specificity(a));
    const q = matching[0]?.q ?? 0;
    if (q > 0 && (best === undefined || q > best.q)) best = { mediaType, q };
  }
  return best?.mediaType;
}
