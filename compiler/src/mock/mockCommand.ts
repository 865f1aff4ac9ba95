// `kitgen mock <document | URL>`: starts the mock server, prints where it listens and how many
// operations it serves, and runs until the user stops it (Ctrl-C). With `--watch`, a change of the
// document (or of a file its `$ref`s name) compiles it again; the new mock replaces the old on the
// same port, and an edit that does not compile leaves the old one serving.
import { watch, type FSWatcher } from 'node:fs';
import type { CliIO } from '../cli/CliIO.ts';
import { ExitCode, reportError, reportWarning, RunError, UsageError } from '../diagnostics/index.ts';
import { isUrl } from '../input/readSource.ts';
import { prepareMock, type PreparedMock, type RunningMock } from './mockServer.ts';

/** The options of `kitgen mock` as commander gives them. */
export interface MockFlags {
  readonly port?: string;
  readonly host?: string;
  readonly seed?: string;
  readonly watch?: boolean;
}

/** Prism's port, so a frontend set up for Prism finds the mock where it looks. */
export const defaultMockPort = 4010;

interface MockOptions {
  readonly host: string;
  readonly port: number;
  readonly seed?: number;
}

function mockOptions(flags: MockFlags): MockOptions {
  const port = flags.port === undefined ? defaultMockPort : Number(flags.port);
  if (!/^\d+$/.test(flags.port ?? '0') || port > 65535)
    throw new UsageError(`--port ${flags.port} is no port number (0–65535; 0 takes any free port)`);
  const seed = flags.seed === undefined ? undefined : Number(flags.seed);
  if (seed !== undefined && (!/^-?\d+$/.test(flags.seed!) || !Number.isSafeInteger(seed)))
    throw new UsageError(`--seed ${flags.seed} is no integer`);
  return { host: flags.host ?? '127.0.0.1', port, ...(seed !== undefined ? { seed } : {}) };
}

async function listen(input: string, prepared: PreparedMock, options: MockOptions, io: CliIO): Promise<RunningMock> {
  let running: RunningMock;
  try {
    running = await prepared.listen(options.host, options.port);
  } catch (error) {
    if ((error as { code?: string }).code === 'EADDRINUSE')
      throw new RunError(`port ${options.port} on ${options.host} is in use; choose another with --port`);
    throw error;
  }
  for (const w of prepared.warnings) reportWarning(w, io.stderr);
  const count = `${prepared.operations} operation${prepared.operations === 1 ? '' : 's'}`;
  io.stdout(`kitgen mock: ${input} — ${count} at ${running.url} (docs: ${running.url}/docs)`);
  // Said once judged, after the start line: a large document's examples take a while.
  void running
    .exampleWarnings()
    .then((warnings) => warnings.forEach((w) => reportWarning(w, io.stderr)))
    .catch((error: unknown) => void reportError(error, io.stderr));
  return running;
}

/** Runs `kitgen mock`; resolves with the exit code once the user stops it (or at once, on a bad document). */
export async function mockCommand(input: string, flags: MockFlags, io: CliIO): Promise<number> {
  const options = mockOptions(flags);
  if (flags.watch && isUrl(input))
    throw new UsageError(
      `--watch needs a file to watch, not a URL (${input}); download the document, or leave --watch out`,
    );
  const prepare = {
    ...(options.seed !== undefined ? { seed: options.seed } : {}),
    warn: (message: string) => io.stderr(`kitgen mock: ${message}`),
  };
  let prepared = await prepareMock(input, prepare);
  let running = await listen(input, prepared, options, io);
  const stopped = io.stopped ?? new Promise<void>(() => undefined);
  if (!flags.watch) {
    await stopped;
    await running.close();
    return ExitCode.ok;
  }
  // The port stays the one the mock first got, even where that was any free one: clients keep their URL.
  const again = { ...options, port: running.port };
  let watchers: FSWatcher[] = [];
  let timer: NodeJS.Timeout | undefined;
  let reloading = Promise.resolve();
  const watchSources = (sources: readonly string[]) => {
    for (const w of watchers) w.close();
    watchers = (sources.length > 0 ? sources : [input])
      .filter((s) => !isUrl(s))
      .map((file) => watch(file, () => schedule()));
  };
  const reload = async () => {
    try {
      prepared = await prepareMock(input, prepare);
    } catch (error) {
      reportError(error, io.stderr);
      io.stderr(`kitgen mock: still serving the last version of ${input}; waiting for the document to change`);
      // An editor that replaced the file left the watch on the old one.
      watchSources(prepared.sources);
      return;
    }
    await running.close();
    running = await listen(input, prepared, again, io);
    watchSources(prepared.sources);
  };
  // Editors write a file in several steps: one reload after they settle.
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(
      () => (reloading = reloading.then(reload).catch((error: unknown) => void reportError(error, io.stderr))),
      150,
    );
  };
  watchSources(prepared.sources);
  await stopped;
  clearTimeout(timer);
  await reloading;
  for (const w of watchers) w.close();
  await running.close();
  return ExitCode.ok;
}
