import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** How one generated file differs from the one on disk. */
export interface StaleFile {
  readonly path: string;
  readonly reason: 'missing' | 'changed';
}

/**
 * `kitgen generate --check` (as openapi-typescript's `--check`): compares the output generated
 * in memory with the files under `out`, and lists those that are missing or differ, so CI can
 * fail when someone changed the document and forgot to regenerate. Files on disk that the run
 * does not produce are not looked at (another tool's, or the user's own).
 */
export async function staleFiles(output: ReadonlyMap<string, string>, out: string): Promise<StaleFile[]> {
  const stale: StaleFile[] = [];
  for (const [path, text] of [...output].sort(([a], [b]) => a.localeCompare(b))) {
    const old = await readFile(join(out, path), 'utf8').catch(() => undefined);
    if (old === undefined) stale.push({ path, reason: 'missing' });
    else if (old !== text) stale.push({ path, reason: 'changed' });
  }
  return stale;
}
