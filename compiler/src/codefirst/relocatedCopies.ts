// The expanded copies under `<out>/definitions/`, their relative imports pointing back at the
// user's files: relocating parses each copy with TypeScript, so a copy relocated before (the same
// text, the same places) is taken from the cache, and TypeScript is loaded only for one that is not.
import { join, relative, sep } from 'node:path';
import type { Insertion } from '../derive/insertions.ts';
import { generatedMarker } from '../names/generatedMarker.ts';
import type { DiskCache } from './diskCache.ts';
import { hashText } from './diskCache.ts';
import type { TextHashes } from './textHashes.ts';

/** A memo of relocated texts, in memory for a session and on disk across runs. */
export interface RelocationMemo {
  /** Each copy (marker line included) by its key: the same string object while nothing changed, which a write compares at once. */
  readonly memory: Map<string, string>;
  readonly disk: DiskCache | undefined;
  /** The expanded texts' hashes, made again only for a text that changed. */
  readonly hashes?: TextHashes;
}

/** A relocation memo for a session, sharing the session's hashes of the expanded texts. */
export const relocationMemo = (disk: DiskCache | undefined, hashes: TextHashes): RelocationMemo => ({
  memory: new Map(),
  disk,
  hashes,
});

/**
 * Each expanded file's copy at `definitions/<path>` below `out` (`paths`: source → relative path),
 * with the marker line naming its source and its relative imports rewritten (relocateImports.ts);
 * `insertions` (file → where its expansion put the derived schemas) spares parsing those schemas.
 */
export async function relocatedCopies(
  expanded: ReadonlyMap<string, string>,
  paths: ReadonlyMap<string, string>,
  out: string,
  memo: RelocationMemo,
  insertions: ReadonlyMap<string, readonly Insertion[]> = new Map(),
): Promise<Map<string, string>> {
  // A watch's edits leave older texts behind: keep the memo about the size of one run's copies.
  if (memo.memory.size > 4 * expanded.size) memo.memory.clear();
  const moved = new Map([...paths].map(([file, path]) => [file, join(out, path)]));
  const movedKey = hashText(JSON.stringify([...moved]));
  const copies = new Map<string, string>();
  let relocate: typeof import('./relocateImports.ts').relocateImports | undefined;
  for (const [file, code] of expanded) {
    const path = paths.get(file)!;
    // One disk entry per copy's place, written over when its text changes.
    const slot = `${file}\0${join(out, path)}`;
    const key = `${slot}\0${movedKey}\0${memo.hashes?.of(file, code) ?? hashText(code)}`;
    let copy = memo.memory.get(key);
    if (copy === undefined) {
      let text = memo.disk?.read<string>('relocated', slot, key);
      if (text === undefined) {
        relocate ??= (await import('./relocateImports.ts')).relocateImports;
        text = relocate(code, file, join(out, path), moved, insertions.get(file));
        memo.disk?.write('relocated', slot, key, text);
      }
      const from = relative(out, file).split(sep).join('/');
      const marker = `${generatedMarker} from ${from}: its DeriveSchema.gen<T>() calls expanded. Do not edit: edit that file and run \`kitgen generate\` again.\n`;
      copy = marker + text;
    }
    memo.memory.set(key, copy);
    copies.set(path, copy);
  }
  return copies;
}
