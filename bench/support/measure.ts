// Measuring one command in a fresh Node process, shared by the code-generation benchmarks:
// wall time from here, CPU time and peak memory reported by the child itself (child.mjs).
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** One measured command: a Node entry point and its arguments. */
export interface Step {
  readonly entry: string;
  readonly args: readonly string[];
  /** Runs before each measured run (clears the output folder, writes a tsconfig). */
  readonly prepare: () => void;
  /** The working folder of the run (default: the repository). */
  readonly cwd?: string;
  /** Checks the run's output after it ended (throws when it is wrong), so a fast failure never passes for a fast run. */
  readonly verify?: (stdout: string) => void;
}

/** One measured run. */
export interface Sample {
  readonly wallMs: number;
  readonly cpuMs: number;
  readonly maxRssMb: number;
}

const child = fileURLToPath(new URL('./child.mjs', import.meta.url));

/** The median of a non-empty list. */
export const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** The value at quantile `q` (0–1) of a non-empty list, nearest rank. */
export const quantile = (xs: readonly number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))];
};

/**
 * Runs one step in a fresh Node process, without the repository's TypeScript loader in
 * NODE_OPTIONS (the tools run as they ship); `usageFile` is where the child appends its usage.
 * Every process of the run that goes through child.mjs counts: peak memory is the largest.
 */
export function measure(step: Step, usageFile: string, root: string): Sample {
  step.prepare();
  rmSync(usageFile, { force: true });
  const started = performance.now();
  const r = spawnSync(process.execPath, ['--max-old-space-size=6144', child, step.entry, ...step.args], {
    cwd: step.cwd ?? root,
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: '', KITGEN_BENCH_OUT: usageFile },
    maxBuffer: 64 * 1024 * 1024,
  });
  const wallMs = performance.now() - started;
  let usage: { code: number; maxRssKb: number; cpuMs: number }[] = [];
  try {
    usage = readFileSync(usageFile, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { code: number; maxRssKb: number; cpuMs: number });
  } catch {
    // No usage line: the child died before its exit handler; reported below.
  }
  const last = usage[usage.length - 1];
  if (r.status !== 0 || last === undefined || last.code !== 0)
    throw new Error(
      `${step.entry} ${step.args.join(' ')} failed (${r.status}):\n${r.stdout.slice(-2000)}${r.stderr.slice(-2000)}`,
    );
  step.verify?.(r.stdout);
  return { wallMs, cpuMs: last.cpuMs, maxRssMb: Math.max(...usage.map((u) => u.maxRssKb)) / 1024 };
}
