import { dirname } from 'node:path';
import type { WriteResult } from '../CodeGen.ts';
import type { CodeFirstSession } from '../codefirst/CodeFirst.ts';
import { isEndpointInput } from '../codefirst/endpointFiles.ts';
import type { Diagnostic } from '../diagnostics/index.ts';
import { loadTemplates, type OpenAPIFormat, type Target } from '../emit/index.ts';
import type { FormatMode } from '../format/formatCode.ts';
import { fromOpenAPIDocument } from './fromOpenAPIDocument.ts';
import type { ReadInput } from './InputModel.ts';
import { RunProgress } from './progress.ts';
import { writeOutput } from './writeOutput.ts';

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

/** A code-first session as a run uses it: the endpoint files described, then closed. */
export type CodeFirstRunSession = Pick<CodeFirstSession, 'describe' | 'close'>;

/**
 * The code-first session of a run (a watch keeps one across runs). ts-morph, TypeScript and the
 * derivation are loaded on its first `describe`, so a run on an OpenAPI document never loads them
 * (~0.5–1 s of a run's start). `once` for a session that serves a single run (see CodeFirstOptions).
 */
export function codeFirstSession(run: GenerateRun, once = false): CodeFirstRunSession {
  const options = {
    ...(once ? { once: true } : {}),
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
    describe: async (whileLoading) => (await open()).describe(whileLoading),
    close: async () => {
      if (opened !== undefined) await (await opened).close();
    },
  };
}

/**
 * One `kitgen generate`: the input's adapter reads it (an OpenAPI document, or endpoint definition
 * files through a {@link codeFirstSession}, which a watch passes to keep), the templates are
 * loaded, the adapter builds the model, and the one emit → format → write road takes it from
 * there. Throws a `CompileError` for invalid input.
 */
export async function runGenerate(
  run: GenerateRun,
  reporter: RunReporter,
  session?: CodeFirstRunSession,
): Promise<RunResult> {
  if (isEndpointInput(run.input)) {
    const own = session ?? codeFirstSession(run, true);
    try {
      const { fromEndpointFiles } = await import('./fromEndpointFiles.ts');
      return await generate(run, await fromEndpointFiles(run, own), reporter, RunProgress.silent());
    } finally {
      if (session === undefined) await own.close();
    }
  }
  const progress = new RunProgress(reporter);
  return generate(run, await fromOpenAPIDocument(run, progress), reporter, progress);
}

async function generate(
  run: GenerateRun,
  input: ReadInput,
  reporter: RunReporter,
  progress: RunProgress,
): Promise<RunResult> {
  const templates = loadTemplates(run.templates);
  return writeOutput(run, await input.model(), templates, reporter, progress);
}
