import type { Diagnostic } from './Diagnostic.ts';
import { formatDiagnostic } from './formatDiagnostic.ts';

/** The input cannot be compiled; every problem is listed (exit code 1). */
export class CompileError extends Error {
  readonly diagnostics: readonly Diagnostic[];

  constructor(diagnostics: readonly Diagnostic[]) {
    super(
      diagnostics
        .filter((d) => d.severity === 'error')
        .map(formatDiagnostic)
        .join('\n') || 'invalid input',
    );
    this.name = 'CompileError';
    this.diagnostics = diagnostics;
  }
}
