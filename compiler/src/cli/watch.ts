import { watch, type FSWatcher } from 'node:fs';
import { dirname, resolve, sep } from 'node:path';
import { formatDiagnostic } from '../input/Diagnostic.ts';
import type { CliIO } from './main.ts';
import { runGenerate, type GenerateRun, type RunReporter } from './runGenerate.ts';

/** How long to wait after the last change before regenerating. */
export const watchDebounceMs = 150;

/**
 * Generates, then again whenever a file in the input's folder (external `$ref`s live there)
 * or the templates folder changes, debounced. Changes under the output folder are ignored,
 * so writing the output never triggers another run. Errors are printed and watching goes on.
 */
export async function watchAndGenerate(run: GenerateRun, reporter: RunReporter, io: CliIO, done: (code: number) => number): Promise<number> {
  const out = resolve(run.out) + sep;
  const dirs = [dirname(resolve(run.input)), ...(run.templates !== undefined ? [resolve(run.templates)] : [])];
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let again = false;
  const once = async () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      const r = await runGenerate(run, reporter);
      io.stderr(`kitgen: ${r.write?.written.length ?? 0} files written (${r.operations} operations); watching for changes`);
    } catch (error) {
      const diagnostics = (error as { diagnostics?: Parameters<typeof formatDiagnostic>[0][] }).diagnostics;
      if (diagnostics) for (const d of diagnostics) io.stderr(formatDiagnostic(d));
      else io.stderr(`kitgen: ${(error as Error).message}`);
      io.stderr('kitgen: watching for changes');
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
  const watchers: FSWatcher[] = dirs.map((dir) =>
    watch(dir, { recursive: true }, (_event, name) => {
      if (name === null) return schedule();
      const path = resolve(dir, name.toString());
      if ((path + sep).startsWith(out) || path.startsWith(out)) return;
      schedule();
    }),
  );
  await once();
  await (io.stopped ?? new Promise<void>((r) => process.once('SIGINT', () => r())));
  clearTimeout(timer);
  for (const w of watchers) w.close();
  return done(0);
}
