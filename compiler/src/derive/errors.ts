import { ts } from './tsMorph.ts';
import { diagnosticAtText, type Diagnostic } from '../diagnostics/index.ts';

/** A diagnostic of schema derivation: where (file, line, column, frame) and its `path` from the root to the place (`showPetById → Owner.pet → Pet.born`). */
export type DeriveDiagnostic = Diagnostic;

/** Where a problem is: the node to point at, and the path to show. */
export interface Place {
  readonly node: ts.Node;
  readonly path?: string;
}

/**
 * A diagnostic pointing at `node` (its first line is underlined), TypeScript-style 1-based line
 * and column, so editors and terminals can jump to it.
 */
export function diagnosticAt(
  place: Place,
  message: string,
  fix?: string,
  severity: 'error' | 'warning' = 'error',
): DeriveDiagnostic {
  const { node } = place;
  const sf = node.getSourceFile();
  const start = node.getStart(sf);
  const { line, character } = sf.getLineAndCharacterOfPosition(start);
  const text = sf.getFullText();
  const lineEnd = text.indexOf('\n', start);
  const width = Math.max(1, Math.min(node.getEnd(), lineEnd === -1 ? text.length : lineEnd) - start);
  return {
    ...diagnosticAtText(
      { file: sf.fileName, text, line: line + 1, column: character + 1, length: width },
      severity,
      message,
      fix,
    ),
    ...(place.path !== undefined ? { path: place.path } : {}),
  };
}

/** `file:line:column` of a node (1-based), for messages that name a second place. */
export function locationOf(node: ts.Node): string {
  const sf = node.getSourceFile();
  const { line, character } = sf.getLineAndCharacterOfPosition(node.getStart(sf));
  return `${sf.fileName}:${line + 1}:${character + 1}`;
}
