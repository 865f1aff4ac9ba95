import { stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { CodeGen, type WriteResult } from '../CodeGen.ts';
import type { CodeFirstSession } from '../codefirst/CodeFirst.ts';
import { isEndpointInput } from '../codefirst/endpointFiles.ts';
import { EndpointGen, type GeneratedCode, type OpenAPIFormat, type Target } from '../EndpointGen.ts';
import { CompileError, placeDiagnostics, type Diagnostic } from '../diagnostics/index.ts';
import { loadDocument } from '../input/loadDocument.ts';
import { effectiveMode, formatFiles, prettierOptions, type FormatMode } from '../format/formatCode.ts';
import { loadTemplates } from '../EndpointGen.ts';
import { outputError } from './outputErrors.ts';

/** Everything one `kitgen generate` run needs (command line and config merged). */
export interface GenerateRun {
  readonly input: string;
  readonly out: string;
  /** The targets named (default by input kind: `defaultOpenAPITargets` or `defaultCodeFirstTargets`). */
  readonly targets?: readonly Target[];
  readonly openapiFormats: readonly OpenAPIFormat[];
  /** The tsconfig of endpoint definition files. */
  readonly tsconfig?: string;
  /** Derived objects without an index signature are closed (`additionalProperties: false`). */
  readonly closedObjects?: boolean;
  /** Title and version of the document made from endpoint definition files. */
  readonly title?: string;
  readonly version?: string;
  /** The code-first cache's folder, false for none (default `node_modules/.cache/kitgen`; `KITGEN_CACHE=off` turns it off). */
  readonly cacheDir?: string | false;
  readonly templates?: string;
  readonly format: FormatMode;
  readonly prettierConfig?: string;
  readonly clean: boolean;
  readonly dryRun: boolean;
  readonly split: boolean | 'auto';
  readonly lean: boolean;
  /** `--strict`: any warning fails the run before anything is written. */
  readonly strict?: boolean;
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
  /** The text of every file, as written (or as it would be, with `dryRun`). */
  readonly output: ReadonlyMap<string, string>;
  /** The source files the run read (the document and the files its `$ref`s name; endpoint definition files and the files their types are in), for a watch. */
  readonly sources?: readonly string[];
  readonly write?: WriteResult;
  readonly warnings: readonly Diagnostic[];
  readonly operations: number;
}

/** Inputs above this size (or with more operations than the next) get progress lines. */
const largeInputBytes = 1_000_000;
const largeInputOperations = 100;

/** Options of the emitters that come from the run. */
export function emitOptions(run: GenerateRun, templates: ReturnType<typeof loadTemplates>) {
  return {
    openapiFormats: run.openapiFormats,
    templates,
    split: run.split,
    lean: run.lean,
    int64: run.int64,
    importExtension: run.importExtension,
    runtimePackage: run.runtimePackage,
  };
}

/** A code-first session as a run uses it: the endpoint files described, then closed. */
export type CodeFirstRunSession = Pick<CodeFirstSession, 'describe' | 'close'>;

/**
 * The code-first session of a run (a watch keeps one across runs). ts-morph, TypeScript and the
 * derivation are loaded on its first `describe`, so a run on an OpenAPI document never loads them
 * (~0.5–1 s of a run's start).
 */
export function codeFirstSession(run: GenerateRun): CodeFirstRunSession {
  const options = {
    input: run.input,
    cwd: dirname(run.input),
    ...(run.tsconfig !== undefined ? { tsconfig: run.tsconfig } : {}),
    ...(run.closedObjects === true ? { closedObjects: true } : {}),
    ...(run.title !== undefined ? { title: run.title } : {}),
    ...(run.version !== undefined ? { version: run.version } : {}),
    ...(run.cacheDir !== undefined ? { cacheDir: run.cacheDir } : {}),
  };
  let opened: Promise<CodeFirstSession> | undefined;
  const open = () => (opened ??= import('../codefirst/CodeFirst.ts').then((m) => new m.CodeFirstSession(options)));
  return {
    describe: async () => (await open()).describe(),
    close: async () => {
      if (opened !== undefined) await (await opened).close();
    },
  };
}

/**
 * One `kitgen generate`: read and check the input (an OpenAPI document, or endpoint definition
 * files through a {@link codeFirstSession}, which a watch passes to keep), build the model, emit
 * the targets, format, write (or list with `dryRun`). Throws {@link CompileError} for invalid input.
 */
export async function runGenerate(
  run: GenerateRun,
  reporter: RunReporter,
  session?: CodeFirstRunSession,
): Promise<RunResult> {
  if (isEndpointInput(run.input)) {
    const own = session ?? codeFirstSession(run);
    try {
      const { generateFromEndpointFiles } = await import('./fromEndpointFiles.ts');
      const { code, extra, warnings, sources, operations } = await generateFromEndpointFiles(
        run,
        own,
        emitOptions(run, loadTemplates(run.templates)),
      );
      for (const w of warnings) reporter.warning(w);
      return { ...(await finish(run, code, extra, warnings, reporter, () => '')), sources, operations };
    } finally {
      if (session === undefined) await own.close();
    }
  }
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
      ...emitOptions(run, templates),
      ...(run.targets !== undefined ? { targets: run.targets } : {}),
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
  return {
    ...(await finish(run, code, new Map(), warnings, reporter, lap, progress, started)),
    ...(source.sources ? { sources: source.sources } : {}),
  };
}

/** Formats the emitted files (the expanded user files in `extra` are kept as they are), then writes or lists them. */
async function finish(
  run: GenerateRun,
  code: GeneratedCode,
  extra: ReadonlyMap<string, string>,
  warnings: readonly Diagnostic[],
  reporter: RunReporter,
  lap: () => string,
  progress: (line: string) => void = () => {},
  started = performance.now(),
): Promise<RunResult> {
  if (run.strict && warnings.length > 0) {
    // Each warning becomes the error it is in CI: same place, same text, nothing written.
    throw new CompileError([
      ...warnings.map((w) => ({ ...w, severity: 'error' as const })),
      {
        severity: 'error',
        message: `--strict: ${warnings.length === 1 ? 'this warning is an error' : `these ${warnings.length} warnings are errors`}; nothing was written`,
        fix: 'fix the input, or run without --strict to generate with the approximations the warnings describe',
      },
    ]);
  }
  const paths = [...code.files.keys(), ...extra.keys()].sort();
  const mode = effectiveMode(run.format, code.files);
  const formatted =
    mode === 'none'
      ? new Map(code.files)
      : await formatFiles(code.files, await prettierOptions(run.prettierConfig), mode);
  if (mode !== 'none')
    progress(
      `format     ${lap()}  (${mode === 'layout' ? "kitgen's layout: the output is too large for prettier in reasonable time; --format prettier forces it" : 'prettier'})`,
    );
  for (const [path, text] of extra) formatted.set(path, text);
  if (run.dryRun) return { files: paths, output: formatted, warnings, operations: code.api.operations.length };
  const write = await CodeGen.write(formatted, run.out, { format: false, clean: run.clean }).catch((error: unknown) => {
    throw outputError(error, run.out) ?? error;
  });
  progress(
    `write      ${lap()}  (${write.written.length} written, ${write.unchanged.length} unchanged${run.clean ? `, ${write.removed.length} removed` : ''})`,
  );
  progress(`total      ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return { files: paths, output: formatted, write, warnings, operations: code.api.operations.length };
}
