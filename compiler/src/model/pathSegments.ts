import type { PathPiece, PathSegment } from './Api.ts';
import type { RawParameter } from './parameters.ts';

const numericCodecs = new Set(['int', 'integer', 'long', 'number']);

/**
 * Whether the path parameter `name` can follow `before` with no text between them: its enum or
 * pattern tells where its text starts, or `before` is a number, whose text ends where its digits
 * do (NASA's `{id}{.format}`: `123.json` is `123` and `.json`).
 */
export const delimitingParams =
  (parameters: readonly RawParameter[]) =>
  (name: string, before?: string): boolean => {
    const param = (n: string) => parameters.find((p) => p.in === 'path' && p.name === n);
    const c = param(name)?.pathConstraints;
    if (c !== undefined && (c.enum !== undefined || c.pattern !== undefined)) return true;
    const kind = before === undefined ? undefined : param(before)?.pathCodec;
    return kind !== undefined && numericCodecs.has(kind);
  };

/**
 * Splits a path template into segments: literal text, a whole parameter, or text around
 * parameters (`{name}.json`, `{year}-{month}`); the reason when the router cannot express it.
 * Two parameters with no text between them are kept where `delimits` says the later one's
 * values tell where it starts (an enum or pattern), or the earlier one's where it ends (a
 * number): the router's `PathCodec.segment` splits there.
 */
export function pathSegments(
  path: string,
  delimits: (param: string, before: string) => boolean = () => false,
): PathSegment[] | string {
  const out: PathSegment[] = [];
  for (const seg of path.split('/')) {
    if (seg === '') continue;
    const pieces: PathPiece[] = [];
    for (const m of seg.matchAll(/\{([^{}]*)\}|[^{}]+|[{}]/g)) {
      if (m[1] !== undefined && m[1] !== '') pieces.push({ param: m[1] });
      else if (m[0] === '{' || m[0] === '}' || m[1] === '')
        return `its segment "${seg}" has unbalanced or empty braces`;
      else pieces.push({ literal: m[0] });
    }
    if (pieces.length === 1) out.push(pieces[0]);
    else if (
      pieces.some((p, i) => {
        const next = pieces[i + 1];
        return 'param' in p && next !== undefined && 'param' in next && !delimits(next.param, p.param);
      })
    ) {
      return `its segment "${seg}" has two parameters with no text between them, which cannot be told apart (the later one has no enum or pattern, the earlier is no number)`;
    } else out.push({ mixed: pieces });
  }
  // One name twice (Azure Stack's `System.{location}/…/fabricLocations/{location}`) is one value in
  // two places: the route holds one codec in both, and a request must send the same text in each.
  return out;
}

/** The path parameter names of a segment list, in path order (a name the path holds twice, twice). */
export function segmentParams(segments: readonly PathSegment[]): string[] {
  // Loops, not flatMap: it runs for every operation, twice, and flatMap allocates per segment.
  const names: string[] = [];
  for (const s of segments) {
    if ('mixed' in s) {
      for (const p of s.mixed) if ('param' in p) names.push(p.param);
    } else if ('param' in s) names.push(s.param);
  }
  return names;
}
