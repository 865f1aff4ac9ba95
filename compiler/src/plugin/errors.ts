import { CompileError, formatDiagnostic, type Diagnostic } from '../diagnostics/index.ts';

/**
 * A problem in the form bundlers take from a plugin (`this.error(…)`, or thrown): Rollup and Vite
 * read `id`, `loc` and `frame` (Vite's overlay shows them), esbuild reads `loc`, webpack the
 * message. `loc.column` is 0-based, as Rollup and esbuild count; the message says
 * `file:line:column` 1-based, as `kitgen generate` and TypeScript print it.
 */
export interface BundlerError {
  readonly message: string;
  readonly plugin: string;
  readonly id?: string;
  readonly loc?: { readonly file: string; readonly line: number; readonly column: number };
  readonly frame?: string;
}

/** The plugin's name, as bundlers print it. */
export const pluginName = 'kitgen';

/**
 * One diagnostic as a bundler error. `loc` only when the place is in `module` (the module being
 * transformed): Rolldown and webpack print a `loc` against that module whatever its `file`, and a
 * type declared in another file would be shown at the wrong place; the message names it rightly.
 */
export function bundlerError(d: Diagnostic, module?: string): BundlerError {
  const message = formatDiagnostic({ ...d, frame: undefined });
  const loc =
    d.file !== undefined && d.line !== undefined && (module === undefined || module === d.file)
      ? { file: d.file, line: d.line, column: Math.max(0, (d.column ?? 1) - 1) }
      : undefined;
  return {
    message,
    plugin: pluginName,
    ...(d.file !== undefined ? { id: d.file } : {}),
    ...(loc ? { loc } : {}),
    ...(d.frame !== undefined && d.frame !== '' ? { frame: d.frame } : {}),
  };
}

/** An error a hook throws (where a bundler offers no `this.error`): every problem in the message, the first one's place on it. */
export class KitgenBuildError extends Error {
  readonly plugin = pluginName;
  readonly id?: string;
  readonly loc?: BundlerError['loc'];
  readonly frame?: string;

  constructor(error: unknown) {
    const diagnostics = error instanceof CompileError ? error.diagnostics.filter((d) => d.severity === 'error') : [];
    super(
      diagnostics.length > 0
        ? diagnostics.map(formatDiagnostic).join('\n')
        : error instanceof Error
          ? error.message
          : String(error),
      { cause: error },
    );
    this.name = 'KitgenBuildError';
    const first = diagnostics[0] ? bundlerError(diagnostics[0]) : undefined;
    if (first?.id !== undefined) this.id = first.id;
    if (first?.loc !== undefined) this.loc = first.loc;
    if (first?.frame !== undefined) this.frame = first.frame;
  }
}
