import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Node } from 'yaml';
import type { Diagnostic } from './Diagnostic.ts';
import { pointerParts, pointerSegment } from './jsonPointer.ts';

/** A 1-based line and column. */
export interface Position {
  readonly line: number;
  readonly column: number;
}

/** Line and column (1-based) of an offset in a text. */
export function lineAndColumn(text: string, offset: number): Position {
  let line = 1;
  let start = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    start = i + 1;
  }
  return { line, column: offset - start + 1 };
}

/** Every prefix of a pointer, longest first (the pointer itself, its parent, …, the root). */
function prefixes(pointer: string): string[] {
  const parts = pointerParts(pointer);
  const out: string[] = [];
  for (let n = parts.length; n >= 0; n--)
    out.push(
      parts
        .slice(0, n)
        .map((p) => `/${pointerSegment(p)}`)
        .join(''),
    );
  return out;
}

/**
 * Where each pointer sits in the source text (JSON or YAML): the key of the member, or the
 * nearest enclosing one when the pointer names something absent. Computed in one pass, only
 * when there is something to report.
 */
export function locatePointers(
  text: string,
  format: 'json' | 'yaml',
  pointers: Iterable<string>,
): Map<string, Position> {
  const wanted = new Set<string>();
  const list = [...pointers];
  for (const p of list) for (const q of prefixes(p)) wanted.add(q);
  const offsets = format === 'json' ? jsonOffsets(text, wanted) : yamlOffsets(text, wanted);
  const out = new Map<string, Position>();
  for (const p of list) {
    const hit = prefixes(p).find((q) => offsets.has(q));
    if (hit !== undefined) out.set(p, lineAndColumn(text, offsets.get(hit)!));
  }
  return out;
}

/** A source text diagnostics are placed in: the file as the user named it, its text and syntax. */
export interface SourceText {
  readonly file: string;
  readonly text: string;
  readonly format: 'json' | 'yaml';
}

/** Adds line and column to diagnostics that name a pointer in the main file. */
export function placeDiagnostics(source: SourceText, diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const inSource = (d: Diagnostic) =>
    d.pointer !== undefined && d.line === undefined && (d.file === undefined || d.file === source.file);
  const pointers = diagnostics.filter(inSource).map((d) => d.pointer!);
  if (pointers.length === 0) return [...diagnostics];
  const positions = locatePointers(source.text, source.format, pointers);
  return diagnostics.map((d) => {
    const pos = inSource(d) ? positions.get(d.pointer!) : undefined;
    return pos ? { ...d, file: source.file, line: pos.line, column: pos.column } : d;
  });
}

function yamlOffsets(text: string, wanted: Set<string>): Map<string, number> {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, keepSourceTokens: false, uniqueKeys: false });
  const out = new Map<string, number>();
  const visit = (node: unknown, pointer: string, keyOffset: number | undefined): void => {
    if (!wanted.has(pointer)) return;
    const own = (node as Node | null)?.range?.[0];
    out.set(pointer, keyOffset ?? own ?? 0);
    if (isMap(node)) {
      for (const pair of node.items) {
        if (!isPair(pair)) continue;
        const key = isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
        visit(pair.value, `${pointer}/${pointerSegment(key)}`, (pair.key as Node | null)?.range?.[0]);
      }
    } else if (isSeq(node)) {
      node.items.forEach((item, i) => visit(item, `${pointer}/${i}`, undefined));
    }
  };
  visit(doc.contents, '', undefined);
  return out;
}

/** A small JSON scanner recording the offset of each wanted member (at its key). */
function jsonOffsets(text: string, wanted: Set<string>): Map<string, number> {
  const out = new Map<string, number>();
  let i = 0;
  const ws = () => {
    while (i < text.length && (text[i] === ' ' || text[i] === '\n' || text[i] === '\r' || text[i] === '\t')) i++;
  };
  const skipStr = (): void => {
    i = text.indexOf('"', i + 1);
    // A quote preceded by an odd number of backslashes is escaped: keep looking.
    while (i !== -1) {
      let b = i - 1;
      while (text[b] === '\\') b--;
      if ((i - 1 - b) % 2 === 0) break;
      i = text.indexOf('"', i + 1);
    }
    i = i === -1 ? text.length : i + 1;
  };
  const str = (): string => {
    const start = i;
    skipStr();
    try {
      return JSON.parse(text.slice(start, i)) as string;
    } catch {
      return text.slice(start + 1, i - 1);
    }
  };
  const value = (pointer: string, at: number): void => {
    ws();
    const track = wanted.has(pointer);
    if (track) out.set(pointer, at);
    const c = text[i];
    if (c === '{') {
      i++;
      for (;;) {
        ws();
        if (text[i] === '}' || i >= text.length) break;
        const keyAt = i;
        // Keys are only decoded under a member that is looked for.
        const key = track ? str() : (skipStr(), '');
        ws();
        i++; // ':'
        value(track ? `${pointer}/${pointerSegment(key)}` : '\u0000', keyAt);
        ws();
        if (text[i] === ',') i++;
      }
      i++;
    } else if (c === '[') {
      i++;
      let n = 0;
      for (;;) {
        ws();
        if (text[i] === ']' || i >= text.length) break;
        value(track ? `${pointer}/${n}` : '\u0000', i);
        n++;
        ws();
        if (text[i] === ',') i++;
      }
      i++;
    } else if (c === '"') {
      skipStr();
    } else {
      while (i < text.length && !',}] \n\r\t'.includes(text[i])) i++;
    }
  };
  try {
    value('', 0);
  } catch {
    // Positions are a convenience; a scanning problem leaves the rest unplaced.
  }
  return out;
}
