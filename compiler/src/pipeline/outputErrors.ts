import { existsSync, mkdirSync, rmdirSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { RunError } from '../diagnostics/index.ts';

/**
 * The output folder cannot be written (permissions, a file in the way, a read-only or full
 * disk): the user's to fix, so one line naming the path and what to do, exit code 1 — never
 * "internal error" with a stack.
 */
export class OutputError extends RunError {}

/** The first existing path on the way to `path` that is not a folder (what makes ENOTDIR/EEXIST). */
function fileInTheWay(path: string): string | undefined {
  for (let p = path; ; p = dirname(p)) {
    try {
      if (!statSync(p).isDirectory()) return p;
    } catch {
      // Not there yet: look further up.
    }
    if (dirname(p) === p) return undefined;
  }
}

/**
 * Node's recursive mkdir says ENOENT when a folder cannot be made for another reason (a
 * read-only file system, no permission); making the first missing folder alone gives the real
 * error (the folder is removed again if it could be made after all).
 */
function realMkdirError(path: string): unknown {
  let missing = path;
  while (!existsSync(dirname(missing)) && dirname(missing) !== missing) missing = dirname(missing);
  try {
    mkdirSync(missing);
    rmdirSync(missing);
    return undefined;
  } catch (error) {
    return error;
  }
}

/**
 * Turns a file-system error met while writing under `out` into an {@link OutputError}, or
 * gives `undefined` for errors that are not the user's (those stay bugs, reported with a stack).
 */
export function outputError(error: unknown, out: string): OutputError | undefined {
  const { code, path, syscall } = (error ?? {}) as NodeJS.ErrnoException;
  if (code === 'ENOENT' && syscall === 'mkdir' && path !== undefined) {
    const real = realMkdirError(path);
    return real !== undefined && (real as NodeJS.ErrnoException).code !== 'ENOENT' ? outputError(real, out) : undefined;
  }
  const where = path ?? out;
  switch (code) {
    case 'EACCES':
    case 'EPERM':
      return new OutputError(`cannot write ${where}: permission denied; make ${out} writable or choose another --out`);
    case 'EROFS':
      return new OutputError(`cannot write ${where}: the file system is read-only; choose another --out`);
    case 'ENOSPC':
    case 'EDQUOT':
      return new OutputError(
        `cannot write ${where}: no space left on the device; free some space or choose another --out`,
      );
    case 'ENOTDIR':
    case 'EEXIST':
    case 'EISDIR': {
      const file = fileInTheWay(where) ?? where;
      if (code === 'EISDIR')
        return new OutputError(`cannot write ${where}: a folder is in the way; remove it or choose another --out`);
      const what = file === out ? 'it is a file, not a folder' : `${file} is a file, not a folder`;
      return new OutputError(`cannot write to ${out}: ${what}; give --out a folder, or a path that does not exist yet`);
    }
    default:
      return undefined;
  }
}
