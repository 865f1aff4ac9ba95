import { ts } from 'ts-morph';
import { codeFrame } from '../input/codeFrame.ts';
import type { Diagnostic } from '../input/Diagnostic.ts';

/** A diagnostic of schema derivation: where (file, line, column, frame) and the path from the root to the place. */
export interface DeriveDiagnostic extends Diagnostic {
  /** `showPetById → Owner.pet → Pet.born`: the root label, then each named type passed through. */
  readonly path?: string;
}

/** Where a problem is: the node to point at, and the path to show. */
export interface Place {
  readonly node: ts.Node;
  readonly path?: string;
}

/**
 * A diagnostic pointing at `node` (its first line is underlined), TypeScript-style 1-based line
 * and column, so editors and terminals can jump to it.
 */
export function diagnosticAt(place: Place, message: string, fix?: string, severity: 'error' | 'warning' = 'error'): DeriveDiagnostic {
  const { node } = place;
  const sf = node.getSourceFile();
  const start = node.getStart(sf);
  const { line, character } = sf.getLineAndCharacterOfPosition(start);
  const text = sf.getFullText();
  const lineEnd = text.indexOf('\n', start);
  const width = Math.max(1, Math.min(node.getEnd(), lineEnd === -1 ? text.length : lineEnd) - start);
  return {
    severity,
    message,
    file: sf.fileName,
    line: line + 1,
    column: character + 1,
    frame: codeFrame(text, line + 1, character + 1, width),
    ...(fix !== undefined ? { fix } : {}),
    ...(place.path !== undefined ? { path: place.path } : {}),
  };
}

/** `file:line:column` of a node (1-based), for messages that name a second place. */
export function locationOf(node: ts.Node): string {
  const sf = node.getSourceFile();
  const { line, character } = sf.getLineAndCharacterOfPosition(node.getStart(sf));
  return `${sf.fileName}:${line + 1}:${character + 1}`;
}
