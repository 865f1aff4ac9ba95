// Build outputs under `.tmp/` that tests and scripts share (scripts/bundled-typebox.mjs,
// scripts/runtime-builds.mjs): each named by what it was made from, made at most once.
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Makes `dir` by `make(tmp)` unless it is there (a `done` marker inside): made beside and renamed
 * into place, so processes that start at once never read half of it; resolves with `dir`.
 * @param {string} dir
 * @param {(tmp: string) => Promise<unknown>} make
 */
export async function buildOnce(dir, make) {
  if (existsSync(join(dir, 'done'))) return dir;
  const tmp = `${dir}.${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  try {
    await make(tmp);
  } catch (error) {
    rmSync(tmp, { recursive: true, force: true });
    throw error;
  }
  mkdirSync(join(tmp, 'done'));
  try {
    renameSync(tmp, dir);
  } catch {
    // Another process put the same output there first.
    rmSync(tmp, { recursive: true, force: true });
  }
  return dir;
}
