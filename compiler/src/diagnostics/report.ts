import { CompileError } from './CompileError.ts';
import type { Diagnostic } from './Diagnostic.ts';
import { ExitCode, RunError, UsageError } from './exitCodes.ts';
import { formatDiagnostic } from './formatDiagnostic.ts';

/** Where reports go, one line (or one multi-line diagnostic) at a time: stderr for the CLI. */
export type ReportSink = (text: string) => void;

/** Prints a warning the way every run prints it. */
export function reportWarning(d: Diagnostic, sink: ReportSink): void {
  sink(formatDiagnostic(d));
}

/**
 * Prints why a run failed and gives its exit code; a single run and each run of a watch report
 * through this one function: every diagnostic of a {@link CompileError} (1), a {@link UsageError}
 * (2) or {@link RunError} (1) as one `kitgen:` line, anything else as a kitgen bug with its stack (1).
 */
export function reportError(error: unknown, sink: ReportSink): ExitCode {
  if (error instanceof CompileError) {
    for (const d of error.diagnostics) sink(formatDiagnostic(d));
    return ExitCode.invalidInput;
  }
  if (error instanceof UsageError) {
    sink(`kitgen: ${error.message}`);
    return ExitCode.usage;
  }
  if (error instanceof RunError) {
    sink(`kitgen: ${error.message}`);
    return ExitCode.invalidInput;
  }
  sink(
    `kitgen: internal error (a bug in kitgen; please report it): ${(error as Error | undefined)?.stack ?? String(error)}`,
  );
  return ExitCode.invalidInput;
}
