import { watch, type FSWatcher } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { ExitCode } from '../diagnostics/index.ts';
import type { CliIO } from './CliIO.ts';
import type { CliReporter } from './reporter.ts';
import { RerunRule } from '../pipeline/rerunRule.ts';
import { codeFirstSession, runGenerate, type GenerateRun } from '../pipeline/runGenerate.ts';

/**
 * How long to wait after the last change before regenerating: enough to take an editor's save
 * (a truncate and a write, or a temporary file renamed, microseconds apart) as one change, as
 * webpack's 20 ms `aggregateTimeout` does; every save waits it, so it is no longer. A longer burst
 * (a branch checkout) that a run starts in the middle of runs again once it is over.
 */
export const watchDebounceMs = 20;

/**
 * Generates, then again whenever an input changes, debounced. Each run reports through the
 * same {@link CliReporter} as a single run (same summary line, with the time taken; same
 * diagnostics); a failed run keeps the last good output and watching goes on. Which change calls
 * for a run is the {@link RerunRule} the build-step plugin follows too (what the last run read, the
 * templates folder, new TypeScript files under an endpoint input; never the output folder).
 * Endpoint definition files keep one long-lived session that re-derives only what changed.
 */
export async function watchAndGenerate(run: GenerateRun, reporter: CliReporter, io: CliIO): Promise<ExitCode> {
  const rule = new RerunRule(run);
  const session = rule.codeFirst ? codeFirstSession(run) : undefined;
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let again = false;
  const watchers = new Map<string, FSWatcher>();
  const watchDir = (dir: string, recursive: boolean) => {
    if (watchers.has(dir)) return;
    try {
      watchers.set(
        dir,
        watch(dir, { recursive }, (_event, name) => {
          if (name === null) return schedule();
          if (rule.concerns(resolve(dir, name.toString()))) schedule();
        }),
      );
    } catch {
      // A folder that went away: the next run names what is missing.
    }
  };
  const once = async () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    const started = performance.now();
    try {
      const r = await runGenerate(run, reporter, session);
      if (r.sources) {
        rule.setInputs(r.sources);
        for (const f of rule.inputs) watchDir(dirname(f), false);
      }
      reporter.done(r, `, ${Math.round(performance.now() - started)} ms; watching for changes`);
    } catch (error) {
      reporter.failed(error);
      io.stderr('kitgen: the last good output is kept; watching for changes');
    } finally {
      running = false;
      if (again) {
        again = false;
        schedule();
      }
    }
  };
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(() => void once(), watchDebounceMs);
  };
  for (const dir of rule.roots) watchDir(dir, true);
  for (const f of rule.inputs) watchDir(dirname(f), false);
  await once();
  await (io.stopped ?? new Promise<void>((r) => process.once('SIGINT', () => r())));
  clearTimeout(timer);
  for (const w of watchers.values()) w.close();
  await session?.close();
  return ExitCode.ok;
}
