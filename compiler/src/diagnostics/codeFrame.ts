import type { Diagnostic, Severity } from './Diagnostic.ts';

/**
 * The lines around a place in a source text, with line numbers and a marker under the place,
 * as TypeScript's own `--pretty` output shows them:
 *
 * ```
 *   11 | export interface Pet {
 * > 12 |   born: () => Date;
 *      |         ^^^^^^^^^^
 *   13 | }
 * ```
 */
export function codeFrame(text: string, line: number, column: number, length = 1, context = 1): string {
  const lines = text.split(/\r?\n/);
  if (line < 1 || line > lines.length) return '';
  const first = Math.max(1, line - context);
  const last = Math.min(lines.length, line + context);
  const width = String(last).length;
  const out: string[] = [];
  for (let n = first; n <= last; n++) {
    const source = lines[n - 1].replace(/\t/g, '  ');
    out.push(`${n === line ? '>' : ' '} ${String(n).padStart(width)} | ${source}`.trimEnd());
    if (n === line) {
      const prefix = lines[n - 1]
        .slice(0, Math.max(0, column - 1))
        .replace(/\t/g, '  ')
        .replace(/[^ ]/g, ' ');
      const marks = Math.max(1, Math.min(length, source.length - prefix.length));
      out.push(`  ${' '.repeat(width)} | ${prefix}${'^'.repeat(marks)}`);
    }
  }
  return out.join('\n');
}

/** Where in which source text a diagnostic points (1-based line and column, the marked length). */
export interface TextPlace {
  readonly file: string;
  readonly text: string;
  readonly line: number;
  readonly column: number;
  readonly length?: number;
}

/** A diagnostic at a place of a TypeScript source, with the code frame that marks it (the one way code-first input places its messages). */
export function diagnosticAtText(
  place: TextPlace,
  severity: Severity,
  message: string,
  fix?: string,
): Diagnostic & { file: string; line: number; column: number; frame: string } {
  return {
    severity,
    file: place.file,
    line: place.line,
    column: place.column,
    frame: codeFrame(place.text, place.line, place.column, place.length ?? 1),
    message,
    ...(fix !== undefined ? { fix } : {}),
  };
}
