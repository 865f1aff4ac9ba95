import MagicString, { type SourceMap } from 'magic-string';

/** Text inserted into a file: at `offset` of the original text, the inserted text's length. */
export type Insertion = readonly [offset: number, length: number];

/**
 * The expanded code and its source map, rebuilt from the original text and where the expansion
 * inserted what (`code` holds the inserted texts, in offset order): the same map the expansion
 * made, so a cached expansion hands a bundler what a fresh one would.
 */
export function insertionsApplied(
  text: string,
  code: string,
  insertions: readonly Insertion[],
  path: string,
): { readonly code: string; readonly map: SourceMap | undefined } {
  if (insertions.length === 0) return { code: text, map: undefined };
  const ms = new MagicString(text);
  let shift = 0;
  for (const [offset, length] of insertions) {
    ms.appendLeft(offset, code.slice(offset + shift, offset + shift + length));
    shift += length;
  }
  return { code, map: ms.generateMap({ hires: true, source: path, file: path, includeContent: true }) };
}
