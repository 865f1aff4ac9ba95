// Debian tools the hostile suite drives (slowhttptest, wrk): found on PATH or the test skips
// with a message saying what to install; CI installs them (.ci/run).
import { spawnSync } from 'node:child_process';

/** True when `command` runs (`command -v`). */
export function hasTool(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/** p-th percentile (0–100) of the values, nearest rank. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
