// `kitgen mock <document | URL>`: starts the mock server, prints where it listens and how many
// operations it serves, and runs until the user stops it (Ctrl-C); with `--watch`, a change of the
// document (or a file its `$ref`s name) starts it again on the same port.
import { watch, type FSWatcher } from 'node:fs';
import type { CliIO } from '../cli/CliIO.ts';
import { ExitCode, reportError, reportWarning, RunError, UsageError } from '../diagnostics/index.ts';
import { isUrl } from '../input/readSource.ts';
import { startMock, type MockOptions, type RunningMock } from './mockServer.ts';

/** The options of `kitgen mock` as commander gives them. */
export interface MockFlags {
  readonly port?: string;
  readonly host?: string;
  readonly seed?: string;
  readonly watch?: boolean;
}

/** Prism's port, so a frontend set up for Prism finds the mock where it looks. */
export const defaultMockPort = 4010;

function mockOptions(flags: MockFlags): MockOptions {
  const port = flags.port === undefined ? defaultMockPort : Number(flags.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port ${flags.port} is no port number (0–65535; 0 takes any free port)`);
  const seed = flags.seed === undefined ? undefined : Number(flags.seed);
  if (seed !== undefined && !Number.isSafeInteger(seed)) throw new UsageError(`--seed ${flags.seed} is no integer`);
  return { host: flags.host ?? '127.0.0.1', port, ...(seed !== undefined ? { seed } : {}) };
}

async function start(input: string, options: MockOptions, io: CliIO): Promise<RunningMock> {
  try {
    const running = await startMock(input, options);
    for (const w of running.warnings) reportWarning(w, io.stderr);
    io.stdout(`kitgen mock: ${input} — ${running.operations} operation${running.operations === 1 ? '' : 's'} at ${running.url} (docs: ${running.url}/docs)`);
    return running;
  } catch (error) {
    if ((error as { code?: string }).code === 'EADDRINUSE') throw new RunError(`port ${options.port} on ${options.host} is in use; choose another with --port`);
    throw error;
  }
}

/** Runs `kitgen mock`; resolves with the exit code once the user stops it (or at once, on a bad document). */
export async function mockCommand(input: string, flags: MockFlags, io: CliIO): Promise<number> {
  const options = mockOptions(flags);
  if (flags.watch && isUrl(input)) throw new UsageError(`--watch needs a file to watch, not a URL (${input}); download the document, or leave --watch out`);
  let running: RunningMock | undefined = await start(input, options, io);
  const stopped = io.stopped ?? new Promise<void>(() => undefined);
  if (!flags.watch) {
    await stopped;
    await running.close();
    return ExitCode.ok;
  }
  // The port stays the one first given, even when that was 0 (any free one): clients keep their URL.
  const again = { ...options, port: running.port };
  let watchers: FSWatcher[] = [];
  let timer: NodeJS.Timeout | undefined;
  let reloading = Promise.resolve();
  const watchSources = (sources: readonly string[]) => {
    for (const w of watchers) w.close();
    watchers = sources.filter((s) => !isUrl(s)).map((file) => watch(file, () => schedule()));
  };
  const reload = async () => {
    await running?.close();
    running = undefined;
    try {
      running = await start(input, again, io);
      watchSources(running.sources);
    } catch (error) {
      reportError(error, io.stderr);
      io.stderr('kitgen mock: waiting for the document to change');
    }
  };
  // Editors write a file in several steps: one reload after they settle.
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(() => (reloading = reloading.then(reload)), 150);
  };
  watchSources(running.sources.length > 0 ? running.sources : [input]);
  await stopped;
  clearTimeout(timer);
  await reloading;
  for (const w of watchers) w.close();
  await running?.close();
  return ExitCode.ok;
}
