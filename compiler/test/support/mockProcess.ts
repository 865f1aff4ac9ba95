// `kitgen mock` as a user runs it, for the mock's tests: bin/kitgen.js in a child process (on the
// runtime built from the current sources, as a user's installed runtime), its listening URL read
// from the line it prints on start, and Ctrl-C (SIGINT) to stop it.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';
import { ensureRuntimeBuild } from '../../../scripts/runtime-builds.mjs';
import { repoRoot } from './fixtures.ts';

/** A running `kitgen mock`. */
export interface MockProcess {
  readonly url: string;
  readonly operations: number;
  /** Everything printed so far. */
  output(): { stdout: string; stderr: string };
  /** Resolves at the next start line (a `--watch` reload), with its URL. */
  nextStart(timeoutMs?: number): Promise<string>;
  /** Stops it with SIGINT; resolves with its exit code. */
  stop(): Promise<number | null>;
}

/** What an exited `kitgen mock` printed. */
export interface MockExit {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

const startLine = /kitgen mock: .* — (\d+) operations? at (\S+) /g;

function child(args: readonly string[], build: string): ChildProcessWithoutNullStreams {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    KITGEN_TEST_RUNTIME_BUILD: build,
    NODE_OPTIONS: `--require=${join(repoRoot, 'scripts/register-runtime-build.cjs')}`,
  };
  delete env.NODE_TEST_CONTEXT;
  return spawn(process.execPath, [join(repoRoot, 'bin/kitgen.js'), 'mock', ...args], { cwd: repoRoot, env });
}

/** Starts `kitgen mock <args>` (any free port unless `args` names one); rejects with its output if it exits first. */
export async function startMockProcess(args: readonly string[], timeoutMs = 60_000): Promise<MockProcess> {
  const build = await ensureRuntimeBuild();
  const proc = child(args.includes('--port') ? args : [...args, '--port', '0'], build);
  let stdout = '';
  let stderr = '';
  let seen = 0;
  const waiting: Array<() => void> = [];
  proc.stdout.on('data', (c: Buffer) => {
    stdout += c.toString('utf8');
    for (const w of waiting.splice(0)) w();
  });
  proc.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => proc.on('close', (code) => resolve(code)));
  const starts = () => [...stdout.matchAll(startLine)];
  const nextStart = (limit = timeoutMs) =>
    new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`kitgen mock did not start in ${limit} ms:\n${stdout}\n${stderr}`)),
        limit,
      );
      const look = () => {
        const all = starts();
        if (all.length > seen) {
          seen = all.length;
          clearTimeout(timer);
          resolve(all.at(-1)![2]);
        } else waiting.push(look);
      };
      void exited.then((code) => {
        clearTimeout(timer);
        reject(new Error(`kitgen mock exited (${code}):\n${stdout}\n${stderr}`));
      });
      look();
    });
  const url = await nextStart();
  return {
    url,
    operations: Number(starts()[0][1]),
    output: () => ({ stdout, stderr }),
    nextStart,
    stop: async () => {
      proc.kill('SIGINT');
      return exited;
    },
  };
}

/** Runs `kitgen mock <args>` expecting it to exit by itself (a bad document, a bad option). */
export async function runMockToExit(args: readonly string[]): Promise<MockExit> {
  const proc = child(args, await ensureRuntimeBuild());
  let stdout = '';
  let stderr = '';
  proc.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
  proc.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  const timer = setTimeout(() => proc.kill('SIGINT'), 60_000);
  const code = await new Promise<number | null>((resolve) => proc.on('close', resolve));
  clearTimeout(timer);
  return { code, stdout, stderr };
}
