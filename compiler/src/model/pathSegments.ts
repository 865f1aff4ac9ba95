import type { PathPiece, PathSegment } from './Api.ts';

/**
 * Splits a path template into segments: literal text, a whole parameter, or text around
 * parameters (`{name}.json`, `{year}-{month}`); the reason when the router cannot express it.
 */
export function pathSegments(path: string): PathSegment[] | string {
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
    else if (pieces.some((p, i) => 'param' in p && 'param' in (pieces[i + 1] ?? {}))) {
      return `its segment "${seg}" has two parameters with no text between them, which cannot be told apart`;
    } else out.push({ mixed: pieces });
  }
  return out;
}

/** The path parameter names of a segment list, in path order. */
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
