// Diagnostics, in one module for every stage (input, model, render, code-first, CLI, plugins):
// what a problem is, where it is (file, line, column, JSON pointer, code frame), how it prints
// and which exit code it gives.
export type { Diagnostic, Severity } from './Diagnostic.ts';
export { CompileError } from './CompileError.ts';
export { Diagnostics } from './Diagnostics.ts';
export { formatDiagnostic } from './formatDiagnostic.ts';
export {
  followRefs,
  pointerJoin,
  pointerParts,
  pointerSegment,
  refPointer,
  valueAt,
  type RefStop,
} from './jsonPointer.ts';
export { codeFrame, diagnosticAtText, type TextPlace } from './codeFrame.ts';
export { lineAndColumn, locatePointers, placeDiagnostics, type Position, type SourceText } from './positions.ts';
export { ExitCode, RunError, UsageError } from './exitCodes.ts';
export { reportError, reportWarning, type ReportSink } from './report.ts';
