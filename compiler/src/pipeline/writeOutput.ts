import { outputString, type OutputText } from '../ChunkedText.ts';
import { CodeGen, WrittenFiles } from '../CodeGen.ts';
import { CompileError, type Diagnostic } from '../diagnostics/index.ts';
import { effectiveMode, prettierOptions } from '../format/formatCode.ts';
import { formatForOutput } from './formatReuse.ts';
import type { Templates } from '../render/Templates.ts';
import { emitCode } from './emitCode.ts';
import type { InputModel } from './InputModel.ts';
import { outputError } from './outputErrors.ts';
import { largeInputOperations, type RunProgress } from './progress.ts';
import type { GenerateRun, RunReporter, RunResult } from './runGenerate.ts';

/** `--strict`: each warning becomes the error it is in CI, same place, same text, and nothing is written. */
function strictError(warnings: readonly Diagnostic[]): CompileError {
  return new CompileError([
    ...warnings.map((w) => ({ ...w, severity: 'error' as const })),
    {
      severity: 'error',
      message: `--strict: ${warnings.length === 1 ? 'this warning is an error' : `these ${warnings.length} warnings are errors`}; nothing was written`,
      fix: 'fix the input, or run without --strict to generate with the approximations the warnings describe',
    },
  ]);
}

/** What each run (a watch reuses its run for every change) last wrote, so a save does not read the output back. */
const writtenBy = new WeakMap<GenerateRun, WrittenFiles>();

/**
 * The one road from a model to the output folder, whatever the input was: emit the targets,
 * report the warnings (under `--strict` they fail the run here), format the emitted files (the
 * input's `extra` files are kept as they are), then write them (or, with `dryRun`, only list them).
 */
export async function writeOutput(
  run: GenerateRun,
  input: InputModel,
  templates: Templates,
  reporter: RunReporter,
  progress: RunProgress,
): Promise<RunResult> {
  const { api } = input;
  const choices = { ...run, userModules: input.userModules, userEndpoints: input.userEndpoints };
  const files = emitCode(api, choices, templates, input.targets);
  progress.markLarge(api.operations.length > largeInputOperations);
  progress.note('model', `${api.operations.length} operations, ${api.schemas.length} schemas`);
  progress.step('emit', `${files.size} files`);
  const { warnings } = input;
  for (const w of warnings) reporter.warning(w);
  if (run.strict && warnings.length > 0) throw strictError(warnings);
  const paths = [...files.keys(), ...input.extra.keys()].sort();
  const mode = effectiveMode(run.format, files);
  const output =
    mode === 'none'
      ? undefined
      : await formatForOutput(files, await prettierOptions(run.prettierConfig), mode, run.out, run.cacheDir, (m) =>
          reporter.warning({ severity: 'warning', message: m }),
        );
  const formatted: Map<string, OutputText> = output?.files ?? new Map(files);
  if (mode !== 'none')
    progress.step(
      'format',
      (mode === 'layout'
        ? "kitgen's layout: the output is too large for prettier in reasonable time; --format prettier forces it"
        : 'prettier') +
        // Files unchanged since the last run are taken as written then.
        (output !== undefined && output.reused > 0 ? `; ${output.reused} files as last written` : ''),
    );
  for (const [path, text] of input.extra) formatted.set(path, text);
  for (const [path, chunks] of input.chunked ?? []) if (formatted.has(path)) formatted.set(path, chunks());
  const operations = input.operations;
  const sources = input.sources !== undefined ? { sources: input.sources } : {};
  let texts: Map<string, string> | undefined;
  // As strings only when read (--check, a dry run, tests): a chunked file is joined then.
  const outputTexts = () => (texts ??= new Map([...formatted].map(([path, text]) => [path, outputString(text)])));
  if (run.dryRun)
    return {
      files: paths,
      get output() {
        return outputTexts();
      },
      warnings,
      operations,
      ...sources,
    };
  const written = writtenBy.get(run) ?? new WrittenFiles();
  writtenBy.set(run, written);
  const write = await CodeGen.write(formatted, run.out, { format: false, clean: run.clean, written }).catch(
    (error: unknown) => {
      throw outputError(error, run.out) ?? error;
    },
  );
  output?.record();
  progress.step(
    'write',
    `${write.written.length} written, ${write.unchanged.length} unchanged${run.clean ? `, ${write.removed.length} removed` : ''}`,
  );
  progress.total();
  return {
    files: paths,
    get output() {
      return outputTexts();
    },
    write,
    warnings,
    operations,
    ...sources,
  };
}
