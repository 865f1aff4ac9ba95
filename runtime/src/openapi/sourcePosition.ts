import type { Node } from 'yaml';
import { lazyRequire } from '../util/lazyRequire.ts';

const yaml = lazyRequire<typeof import('yaml')>('yaml');

/** A 1-based line and column in a source text. */
export interface SourcePosition {
  readonly line: number;
  readonly column: number;
}

/** The line and column of a character offset. */
export function positionOfOffset(text: string, offset: number): SourcePosition {
  const before = text.slice(0, Math.max(0, Math.min(offset, text.length)));
  const lines = before.split('\n');
  return { line: lines.length, column: lines[lines.length - 1].length + 1 };
}

/** Unescapes the segments of a JSON pointer (`~1` → `/`, `~0` → `~`). */
export function pointerSegments(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/**
 * A function giving where the value at a JSON pointer starts in a JSON or YAML text; when it is
 * absent (a missing field), where its nearest existing parent starts. The text is parsed again
 * with `yaml` (JSON is YAML) once, only when problems have to be placed.
 */
export function pointerLocator(text: string): (pointer: string) => SourcePosition | undefined {
  const { isMap, isSeq, LineCounter, parseDocument } = yaml();
  const counter = new LineCounter();
  const doc = parseDocument(text, { lineCounter: counter, uniqueKeys: false });
  return (pointer) => {
    let node: Node | null | undefined = doc.contents as Node | null;
    let found = node;
    for (const segment of pointerSegments(pointer)) {
      if (isMap(node)) {
        const pair = node.items.find((p) => String((p.key as { value?: unknown } | null)?.value ?? p.key) === segment);
        node = pair?.value as Node | null | undefined;
      } else if (isSeq(node)) {
        node = node.items[Number(segment)] as Node | undefined;
      } else node = undefined;
      if (!node) break;
      found = node;
    }
    const start = found?.range?.[0];
    if (start === undefined) return undefined;
    const { line, col } = counter.linePos(start);
    return { line, column: col };
  };
}
