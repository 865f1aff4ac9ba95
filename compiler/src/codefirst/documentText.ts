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

/** Where each part sits in the text: its key, the characters before it, and those after the last part. */
interface Layout {
  readonly paths: readonly (readonly string[])[];
  readonly keys: readonly string[];
  readonly befores: readonly string[];
  readonly end: string;
}

function layoutOf(parts: readonly DocumentPart[]): Layout {
  const keys: string[] = [];
  const befores: string[] = [];
  const end = layoutParts(parts, (before, _text, key) => {
    keys.push(key);
    befores.push(before);
  });
  return { paths: parts.map(([path]) => path), keys, befores, end };
}

/**
 * The document's text for a session whose parts come and go little between runs: the
 * characters between parts are made again only when the parts' keys (their places) changed, and
 * the UTF-8 bytes of each part (with the characters before it) are kept while both are unchanged,
 * so a save encodes the parts that changed. The chunks of an unchanged part are the same objects,
 * which tells a writer the bytes are the same.
 */
export class DocumentBytes {
  #layout: Layout | undefined;
  #kept = new Map<string, { readonly before: string; readonly text: string; readonly bytes: Uint8Array }>();
  #end: { readonly text: string; readonly bytes: Uint8Array } | undefined;

  #layoutOf(parts: readonly DocumentPart[]): Layout {
    const last = this.#layout;
    if (last !== undefined && last.keys.length === parts.length) {
      let same = true;
      // A part whose place did not move has the place array the last answer had (PartReader).
      for (let i = 0; same && i < parts.length; i++)
        same = last.paths[i] === parts[i][0] || last.keys[i] === partKey(parts[i][0]);
      if (same) return last;
    }
    return (this.#layout = layoutOf(parts));
  }

  /**
   * {@link joinParts}'s text made by concatenation, which V8 keeps as a tree of the pieces (no
   * copy) until something reads its characters: `emitOpenAPI` puts it in the output, and the file
   * is written from {@link chunks}.
   */
  concat(parts: readonly DocumentPart[]): string {
    const layout = this.#layoutOf(parts);
    let text = '';
    for (let i = 0; i < parts.length; i++) {
      text += layout.befores[i];
      text += parts[i][1];
    }
    return text + layout.end;
  }

  /** The document's bytes, then `suffix`'s (a file's final newline). */
  chunks(parts: readonly DocumentPart[], suffix = ''): Uint8Array[] {
    const layout = this.#layoutOf(parts);
    const next = new Map<string, { readonly before: string; readonly text: string; readonly bytes: Uint8Array }>();
    const chunks: Uint8Array[] = [];
    for (let i = 0; i < parts.length; i++) {
      const key = layout.keys[i];
      const before = layout.befores[i];
      const text = parts[i][1];
      let kept = this.#kept.get(key);
      // An unchanged part's text is the string object the last answer had: compared at once.
      if (kept === undefined || kept.text !== text || kept.before !== before)
        kept = { before, text, bytes: Buffer.from(before + text, 'utf8') };
      next.set(key, kept);
      chunks.push(kept.bytes);
    }
    const end = layout.end + suffix;
    if (this.#end?.text !== end) this.#end = { text: end, bytes: Buffer.from(end, 'utf8') };
    chunks.push(this.#end.bytes);
    this.#kept = next;
    return chunks;
  }
}
