// Debug lines of the code-first pipeline (`KITGEN_DEBUG=codefirst`): what each run did and what it
// skipped, so a test can see that a run reused a cache (no TypeScript program made) without timing it.

const enabled = /(?:^|,)\s*(?:codefirst|\*)\s*(?:,|$)/.test(process.env.KITGEN_DEBUG ?? '');

/** Writes `kitgen:codefirst <line>` to stderr when `KITGEN_DEBUG` names `codefirst` (or `*`). */
export function debugLog(line: string | (() => string)): void {
  if (enabled) process.stderr.write(`kitgen:codefirst ${typeof line === 'function' ? line() : line}\n`);
}

/** A stopwatch for debug lines: each call gives the milliseconds since the last one. */
export function lapTimer(): () => string {
  let last = performance.now();
  return () => {
    const now = performance.now();
    const ms = now - last;
    last = now;
    return `${Math.round(ms)} ms`;
  };
}
