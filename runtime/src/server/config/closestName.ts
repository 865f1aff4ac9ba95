/** Edit distance (insertions, deletions, substitutions, adjacent swaps) between two strings. */
function distance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

// Case and separators do not count: `keepAlive`, `keep_alive` and `KEEP-ALIVE` are one name.
const normal = (name: string) => name.toLowerCase().replace(/[-_.]/g, '');

/**
 * The candidate closest to a mistyped name, for "did you mean" hints; undefined when none is
 * close enough to be a likely typo (more than a third of the name differs, at least 2 edits).
 */
export function closestName(name: string, candidates: Iterable<string>): string | undefined {
  const n = normal(name);
  let best: { candidate: string; score: number; dist: number } | undefined;
  for (const candidate of candidates) {
    const c = normal(candidate);
    const dist = distance(n, c);
    // A name that is the start or end of a candidate (`PORT` for `BINDING_PORT`) is a likely slip too.
    const score = n.length >= 3 && (c.startsWith(n) || c.endsWith(n)) ? Math.min(dist, 2) : dist;
    if (!best || score < best.score || (score === best.score && dist < best.dist)) best = { candidate, score, dist };
  }
  return best !== undefined && best.score <= Math.max(2, Math.floor(n.length / 3)) ? best.candidate : undefined;
}
