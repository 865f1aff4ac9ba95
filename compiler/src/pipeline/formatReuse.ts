// Formatting is most of a regeneration's time when little changed (prettier on every emitted
// file). A run records, per output folder, the hash of each code file as emitted and as written;
// the next run whose emitted text is the same and whose file on disk is still what it wrote takes
// that file as the formatted text, and formats only the rest. The record lives in the cache folder
// (`node_modules/.cache/kitgen/format`), never beside the user's output.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import type { Options } from 'prettier';
import { defaultCacheDir, DiskCache, hashText } from '../codefirst/diskCache.ts';
import { effectiveMode, formatFiles, type FormatMode } from '../format/formatCode.ts';

/** Per output path: the hash of the text as emitted, and of the text written. */
type WrittenFiles = Readonly<Record<string, readonly [emitted: string, written: string]>>;

const isCode = (path: string) => path.endsWith('.ts') || path.endsWith('.js');

function prettierVersion(): string {
  try {
    const require = createRequire(import.meta.url);
    return (JSON.parse(readFileSync(require.resolve('prettier/package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return '?';
  }
}

/** The formatted files of one run, and how to record them once they are written. */
export interface FormattedOutput {
  readonly files: Map<string, string>;
  /** How many code files were taken from disk rather than formatted. */
  readonly reused: number;
  /** Records the run's files as written (call after a write that succeeded). */
  record(): void;
}

/**
 * Formats `files` (see formatFiles) for the output folder `out`, taking from disk each code file
 * whose emitted text and written file are as the last recorded run left them.
 */
export async function formatForOutput(
  files: ReadonlyMap<string, string>,
  options: Options,
  mode: FormatMode,
  out: string,
  cacheDir: string | false | undefined,
  warn: (message: string) => void,
): Promise<FormattedOutput> {
  const chosen = effectiveMode(mode, files);
  const root = cacheDir === undefined ? defaultCacheDir(resolve(out)) : cacheDir || undefined;
  const cache = root !== undefined && chosen !== 'none' ? new DiskCache(root, warn, 'format') : undefined;
  const slot = JSON.stringify([resolve(out), chosen, options, chosen === 'prettier' ? prettierVersion() : '']);
  const last = cache?.read<WrittenFiles>('output', slot) ?? {};
  const emitted = new Map<string, string>();
  const reused = new Map<string, string>();
  for (const [path, text] of files) {
    if (!isCode(path) || cache === undefined) continue;
    const hash = hashText(text);
    emitted.set(path, hash);
    const was = last[path];
    if (was === undefined || was[0] !== hash) continue;
    let onDisk: string | undefined;
    try {
      onDisk = readFileSync(join(out, path), 'utf8');
    } catch {
      continue;
    }
    if (hashText(onDisk) === was[1]) reused.set(path, onDisk);
  }
  const rest = new Map([...files].filter(([path]) => !reused.has(path)));
  const formatted = rest.size > 0 ? await formatFiles(rest, options, chosen) : new Map<string, string>();
  const all = new Map([...files.keys()].map((path) => [path, reused.get(path) ?? formatted.get(path)!]));
  return {
    files: all,
    reused: reused.size,
    record: () => {
      if (cache === undefined) return;
      const entry: Record<string, readonly [string, string]> = {};
      for (const [path, hash] of emitted) entry[path] = [hash, hashText(all.get(path)!)];
      cache.write('output', slot, slot, entry);
    },
  };
}
