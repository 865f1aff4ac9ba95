import { reportError, reportWarning, type ExitCode } from '../diagnostics/index.ts';
import type { CliIO } from './CliIO.ts';
import { plural } from './plural.ts';
import type { GenerateRun, RunReporter, RunResult } from '../pipeline/runGenerate.ts';

/**
 * How `kitgen generate` reports a run, the same for a single run and for each run of a watch:
 * progress and warnings while it runs (not under `--quiet`; warnings not under `--strict`, which
 * turns them into errors), then either its summary line or why it failed with the exit code a
 * single run gives.
 */
export interface CliReporter extends RunReporter {
  /** Prints why a run failed (diagnostics, or one `kitgen:` line) and gives its exit code. */
  failed(error: unknown): ExitCode;
  /** Ends a run that succeeded: the files listed on stdout for a dry run, else the summary line (`then` appended). */
  done(result: RunResult, then?: string): void;
}

/** The reporter of a run's options, writing to `io`. */
export function cliReporter(run: GenerateRun, io: CliIO, quiet: boolean): CliReporter {
  return {
    progress: (line) => !quiet && io.stderr(`kitgen: ${line}`),
    // Under --strict the warnings come back as errors; printing them twice would only confuse.
    warning: (d) => !quiet && !run.strict && reportWarning(d, io.stderr),
    failed: (error) => reportError(error, io.stderr),
    done: (result, then = '') => {
      if (run.dryRun) {
        for (const f of result.files) io.stdout(f);
        return;
      }
      if (quiet) return;
      const w = result.write!;
      const warnings = result.warnings.length > 0 ? ` (${plural(result.warnings.length, 'warning')})` : '';
      io.stderr(
        `kitgen: ${plural(result.operations, 'operation')} → ${plural(w.written.length, 'file')} written, ${w.unchanged.length} unchanged${run.clean ? `, ${w.removed.length} removed` : ''} in ${run.out}${warnings}${then}`,
      );
    },
  };
}
