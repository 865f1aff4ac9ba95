// Starts test/fixtures/cluster/clusterApp.ts as its own process (a cluster's primary when the
// environment asks for workers): the line it prints once listening gives the port; stdout
// (request logs, one JSON line each) is kept for the tests to read.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';

/** A running cluster app. */
export interface ClusterProcess {
  readonly port: number;
  readonly child: ChildProcess;
  /** Request-log lines written so far (JSON, from every worker). */
  readonly logs: string[];
  /** Resolves with the exit code (or signal) once the process has exited. */
  readonly exited: Promise<number | string | null>;
  /** Sends a signal (default SIGTERM) and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | string | null>;
}

const app = new URL('../fixtures/cluster/clusterApp.ts', import.meta.url).pathname;
// In `npm test`, the app and its workers import the runtime's build of the current sources
// (scripts/runtime-builds.mjs): the processes, not the runtime's sources, are what these tests
// try, and each import of the sources through tsx cost ~1.7 s more CPU.
const build = process.env.KITGEN_TEST_RUNTIME_BUILD;
const runtime = build ? { CLUSTER_APP_RUNTIME: pathToFileURL(join(build, 'index.js')).href } : {};

/** Starts the app with these environment variables; rejects with its stderr if it exits before listening. */
export async function startCluster(env: Record<string, string>): Promise<ClusterProcess> {
  const child = spawn(process.execPath, [app], {
    env: { ...process.env, ...runtime, KITGEN_LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: string[] = [];
  createInterface({ input: child.stdout! }).on('line', (line) => logs.push(line));
  const errors = createInterface({ input: child.stderr! });
  const exited = once(child, 'exit').then(([code, signal]) => (code ?? signal) as number | string | null);
  let stderr = '';
  const port = await new Promise<number>((resolve, reject) => {
    errors.on('line', (line) => {
      stderr += `${line}\n`;
      if (line.startsWith('{"port"')) resolve((JSON.parse(line) as { port: number }).port);
    });
    void exited.then((code) =>
      reject(
        Object.assign(new Error(`cluster app exited with ${code} before listening:\n${stderr}`), { code, stderr }),
      ),
    );
  });
  return {
    port,
    child,
    logs,
    exited,
    stop: (signal: NodeJS.Signals = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
