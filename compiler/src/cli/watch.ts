import { watch, type FSWatcher } from 'node:fs';
import { dirname, resolve, sep } from 'node:path';
import { isEndpointInput } from '../codefirst/endpointFiles.ts';
import { ExitCode } from '../diagnostics/index.ts';
import { isUrl } from '../input/readSource.ts';
import type { CliIO } from './CliIO.ts';
import type { CliReporter } from './reporter.ts';
import { codeFirstSession, runGenerate, type GenerateRun } from './runGenerate.ts';

/** How long to wait after the last change before regenerating. */
export const watchDebounceMs = 50;

/** The folder a glob's matches are under (the part before its first wildcard). */
function globBase(input: string): string {
  const head = input.split(/[*?{[]/)[0];
  return head.endsWith(sep) || head.endsWith('/') ? head : dirname(head);
}

/**
 * Generates, then again whenever an input changes, debounced. Each run reports through the
 * same {@link CliReporter} as a single run (same summary line, with the time taken; same
 * diagnostics); a failed run keeps the last good output and watching goes on. What is watched is what the last run read: for an
 * OpenAPI document, the document and the files its `$ref`s name (not the rest of its folder: a
 * build folder, `node_modules` or a log beside it must not regenerate), plus the templates
 * folder; for endpoint definition files, the endpoint files and the files their types are
 * declared in, and new TypeScript files under the input, with one long-lived session that
 * re-derives only what changed. Changes under the output folder are ignored, so writing never
 * triggers another run.
 */
export async function watchAndGenerate(run: GenerateRun, reporter: CliReporter, io: CliIO): Promise<ExitCode> {
  const out = resolve(run.out) + sep;
  const codeFirst = isEndpointInput(run.input);
  const session = codeFirst ? codeFirstSession(run) : undefined;
  // Until a run says what it read, the document itself (a broken first version is fixed in place).
  let sources = new Set<string>(codeFirst ? [] : [resolve(run.input)]);
  const fixedDirs = codeFirst ? [globBase(run.input)] : [];
  const templates = run.templates !== undefined ? resolve(run.templates) + sep : undefined;
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let again = false;
  const watchers = new Map<string, FSWatcher>();
  const relevant = (path: string): boolean => {
    if ((path + sep).startsWith(out) || path.startsWith(out)) return false;
    if (sources.has(path) || (templates !== undefined && path.startsWith(templates))) return true;
    if (!codeFirst) return false;
    return (
      sources.has(path) ||
      (/\.(?:m|c)?tsx?$/.test(path) &&
        !path.includes(`${sep}node_modules${sep}`) &&
        !sources.has(path) &&
        fixedDirs.some((d) => path.startsWith(d)))
    );
  };
  const watchDir = (dir: string, recursive: boolean) => {
    if (watchers.has(dir)) return;
    try {
      watchers.set(
        dir,
        watch(dir, { recursive }, (_event, name) => {
          if (name === null) return schedule();
          if (relevant(resolve(dir, name.toString()))) schedule();
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
        // A document's $refs may point into node_modules on purpose; endpoint files' types there are libraries.
        sources = new Set(
          r.sources.filter((f) => !isUrl(f) && (!codeFirst || !f.includes(`${sep}node_modules${sep}`))),
        );
        for (const f of sources) watchDir(dirname(f), false);
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
  for (const dir of fixedDirs) watchDir(dir, true);
  if (templates !== undefined) watchDir(templates, true);
  for (const f of sources) watchDir(dirname(f), false);
  await once();
  await (io.stopped ?? new Promise<void>((r) => process.once('SIGINT', () => r())));
  clearTimeout(timer);
  for (const w of watchers.values()) w.close();
  await session?.close();
  return ExitCode.ok;
}
