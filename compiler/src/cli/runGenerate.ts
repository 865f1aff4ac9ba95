import { stat } from 'node:fs/promises';
import { CodeGen, type WriteResult } from '../CodeGen.ts';
import { EndpointGen, type OpenAPIFormat, type Target } from '../EndpointGen.ts';
import { CompileError, type Diagnostic } from '../input/Diagnostic.ts';
import { loadDocument, placeDiagnostics } from '../input/loadDocument.ts';
import { effectiveMode, formatFiles, prettierOptions, type FormatMode } from '../format/formatCode.ts';
import { loadTemplates } from '../render/Templates.ts';

/** Everything one `kitgen generate` run needs (command line and config merged). */
export interface GenerateRun {
  readonly input: string;
  readonly out: string;
  /** The targets named (default by input kind: `defaultOpenAPITargets` or `defaultCodeFirstTargets`). */
  readonly targets?: readonly Target[];
  readonly openapiFormats: readonly OpenAPIFormat[];
  /** The tsconfig of endpoint definition files. */
  readonly tsconfig?: string;
  /** Title and version of the document made from endpoint definition files. */
  readonly title?: string;
  readonly version?: string;
  readonly templates?: string;
  readonly format: FormatMode;
  readonly prettierConfig?: string;
  readonly clean: boolean;
  readonly dryRun: boolean;
  readonly split: boolean | 'auto';
  readonly lean: boolean;
  readonly int64: 'bigint' | 'number';
  readonly importExtension: '.js' | '.ts' | '';
  readonly runtimePackage: string;
}

/** Where a run reports: progress lines (large inputs), warnings, the summary. */
export interface RunReporter {
  progress(line: string): void;
  warning(diagnostic: Diagnostic): void;
}

/** What a run produced. */
export interface RunResult {
  readonly files: readonly string[];
  readonly write?: WriteResult;
  readonly warnings: readonly Diagnostic[];
  readonly operations: number;
}

/** Inputs above this size (or with more operations than the next) get progress lines. */
const largeInputBytes = 1_000_000;
const largeInputOperations = 100;

/**
 * One `kitgen generate`: read and check the document, build the model, emit the targets,
 * format, write (or list with `dryRun`). Throws {@link CompileError} for invalid input.
 */
export async function runGenerate(run: GenerateRun, reporter: RunReporter): Promise<RunResult> {
  const started = performance.now();
  let last = started;
  const lap = () => {
    const now = performance.now();
    const ms = now - last;
    last = now;
    return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
  };
  const size = (await stat(run.input).catch(() => undefined))?.size ?? 0;
  let large = size > largeInputBytes;
  const progress = (line: string) => large && reporter.progress(line);

  const source = await loadDocument(run.input);
  progress(`parse      ${lap()}  (${(size / 1e6).toFixed(1)} MB)`);
  const templates = loadTemplates(run.templates);
  let code;
  try {
    code = EndpointGen.fromOpenAPI(source.document, {
      ...(run.targets !== undefined ? { targets: run.targets } : {}),
      openapiFormats: run.openapiFormats,
      templates,
      split: run.split,
      lean: run.lean,
      int64: run.int64,
      importExtension: run.importExtension,
      runtimePackage: run.runtimePackage,
      file: run.input,
    });
  } catch (error) {
    if (error instanceof CompileError) throw new CompileError(placeDiagnostics(source, error.diagnostics));
    throw error;
  }
  large ||= code.api.operations.length > largeInputOperations;
  progress(`model      ${code.api.operations.length} operations, ${code.api.schemas.length} schemas`);
  progress(`emit       ${lap()}  (${code.files.size} files)`);
  const warnings = [...(source.warnings ?? []), ...placeDiagnostics(source, code.warnings)];
  for (const w of warnings) reporter.warning(w);
  const paths = [...code.files.keys()].sort();
  const mode = effectiveMode(run.format, code.files);
  const formatted = mode === 'none' ? new Map(code.files) : await formatFiles(code.files, await prettierOptions(run.prettierConfig), mode);
  if (mode !== 'none') progress(`format     ${lap()}  (${mode === 'layout' ? "kitgen's layout: the output is too large for prettier in reasonable time; --format prettier forces it" : 'prettier'})`);
  if (run.dryRun) return { files: paths, warnings, operations: code.api.operations.length };
  const write = await CodeGen.write(formatted, run.out, { format: false, clean: run.clean });
  progress(`write      ${lap()}  (${write.written.length} written, ${write.unchanged.length} unchanged${run.clean ? `, ${write.removed.length} removed` : ''})`);
  progress(`total      ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return { files: paths, write, warnings, operations: code.api.operations.length };
}
