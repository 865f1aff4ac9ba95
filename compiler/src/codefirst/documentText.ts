// The text of the document the parts are of (documentParts.ts): `JSON.stringify(document, null,
// 2)`, made of each part's text and the few characters between parts (a key, a comma, a brace).
// A watch writes `openapi.json` after every save: its bytes are kept per part, so a save encodes
// only the parts that changed and the file is written from the kept chunks, never as one string.
import type { DocumentPart } from './documentParts.ts';
import { partKey } from './documentParts.ts';

/**
 * Walks the document's text in order: for each part, the characters before it (`before`) and its
 * text; returns the characters after the last part. `before` holds only keys, commas, braces and
 * indentation, so it is short.
 */
function layoutParts(
  parts: readonly DocumentPart[],
  visit: (before: string, text: string, key: string) => void,
): string {
  if (parts.length === 0) return '{}';
  if (parts[0][0].length === 0) {
    visit('', parts[0][1], '');
    return '';
  }
  let before = '{';
  const open: string[] = [];
  const first: boolean[] = [true];
  const entry = (key: string) => {
    before += `${first[first.length - 1] ? '' : ','}\n${'  '.repeat(open.length + 1)}${JSON.stringify(key)}: `;
    first[first.length - 1] = false;
  };
  const close = () => {
    open.pop();
    first.pop();
    before += `\n${'  '.repeat(open.length + 1)}}`;
  };
  for (const [path, text] of parts) {
    const parent = path.length - 1;
    let common = 0;
    while (common < open.length && common < parent && open[common] === path[common]) common++;
    while (open.length > common) close();
    while (open.length < parent) {
      entry(path[open.length]);
      before += '{';
      open.push(path[open.length]);
      first.push(true);
    }
    entry(path[parent]);
    visit(before, text, partKey(path));
    before = '';
  }
  while (open.length > 0) close();
  return `${before}\n}`;
}

/** `JSON.stringify(document, null, 2)` of the document the parts are of, by joining them. */
export function joinParts(parts: readonly DocumentPart[]): string {
  const pieces: string[] = [];
  const end = layoutParts(parts, (before, text) => pieces.push(before, text));
  pieces.push(end);
  return pieces.join('');
}

/**
 * {@link joinParts} as a string made by concatenation, which V8 keeps as a tree of the pieces
 * (no copy) until something reads its characters: for a text that is asked for but then written
 * from {@link DocumentBytes} instead (`emitOpenAPI` puts it in the output; the write takes the chunks).
 */
export function concatParts(parts: readonly DocumentPart[]): string {
  let text = '';
  const end = layoutParts(parts, (before, part) => {
    text += before;
    text += part;
  });
  return text + end;
}

/**
 * The UTF-8 bytes of {@link joinParts}'s text as chunks, one per part (its text and the characters
 * before it), each kept while both are unchanged: a save encodes the parts that changed, and the
 * chunks of an unchanged part are the same objects, which tells a writer the bytes are the same.
 */
export class DocumentBytes {
  #kept = new Map<string, { readonly before: string; readonly text: string; readonly bytes: Uint8Array }>();
  #end: { readonly text: string; readonly bytes: Uint8Array } | undefined;

  /** The document's bytes, then `suffix`'s (a file's final newline). */
  chunks(parts: readonly DocumentPart[], suffix = ''): Uint8Array[] {
    const next = new Map<string, { readonly before: string; readonly text: string; readonly bytes: Uint8Array }>();
    const chunks: Uint8Array[] = [];
    const end =
      layoutParts(parts, (before, text, key) => {
        let kept = this.#kept.get(key);
        // An unchanged part's text is the string object the last answer had: compared at once.
        if (kept === undefined || kept.text !== text || kept.before !== before)
          kept = { before, text, bytes: Buffer.from(before + text, 'utf8') };
        next.set(key, kept);
        chunks.push(kept.bytes);
      }) + suffix;
    if (this.#end?.text !== end) this.#end = { text: end, bytes: Buffer.from(end, 'utf8') };
    chunks.push(this.#end.bytes);
    this.#kept = next;
    return chunks;
  }
}
