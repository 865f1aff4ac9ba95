// The watch part of `npm run bench:codefirst`: how long after a one-type edit `openapi.json` on
// disk shows it, with `kitgen generate --watch` running as a user would leave it running.
import { spawn } from 'node:child_process';
import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { BenchProject } from './project.ts';
import { benchEdit } from './sources.ts';

/** What a watch session measured. */
export interface WatchResult {
  /** From the start of the process to the first "watching" line (the cold generation, with start-up). */
  readonly firstMs: number;
  /** From each edit's write to the moment openapi.json holds it, in edit order. */
  readonly latencies: readonly number[];
}

/** Polls (1 ms) until `done()` holds, or fails after `timeoutMs`. */
async function until(done: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const limit = performance.now() + timeoutMs;
  while (!done()) {
    if (performance.now() > limit) throw new Error(`watch: timed out waiting for ${what}`);
    await sleep(1);
  }
}

/**
 * Starts `kitgen generate '<glob>' --out <out> --targets openapi --watch` (the tsc build
 * `kitgenEntry`), waits for its first "watching" line, then makes `edits` edits one at a time:
 * even ones add an optional field to the first interface of a types file, odd ones take it out
 * again (each edit a one-type change). An edit counts from its write until openapi.json on disk
 * has (or no longer has) the field; the next edit waits for kitgen's "watching" line, so runs
 * never overlap. The files are restored and the watcher stopped (SIGINT) at the end.
 */
export async function watchLatency(
  project: BenchProject,
  kitgenEntry: string,
  out: string,
  edits = 20,
): Promise<WatchResult> {
  const openapi = join(out, 'openapi.json');
  rmSync(`${out}-cache`, { recursive: true, force: true });
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [kitgenEntry, 'generate', project.endpointGlob, '--out', out, '--targets', 'openapi', '--watch'],
    {
      cwd: project.dir,
      // An empty cache of its own: the first generation is cold, as the one before the cache was.
      env: { ...process.env, NODE_OPTIONS: '', KITGEN_CACHE_DIR: `${out}-cache` },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let watching = 0;
  let log = '';
  let exited: number | null | undefined;
  child.on('exit', (code) => (exited = code));
  child.stderr.setEncoding('utf8');
  let partial = '';
  child.stderr.on('data', (chunk: string) => {
    log = (log + chunk).slice(-4000);
    const lines = (partial + chunk).split('\n');
    partial = lines.pop()!;
    for (const line of lines) if (/watching for changes/.test(line)) watching += 1;
  });
  const alive = (done: () => boolean) => () => {
    if (exited !== undefined) throw new Error(`kitgen --watch exited (${exited}):\n${log}`);
    return done();
  };
  const originals = new Map<string, string>();
  try {
    await until(
      alive(() => watching > 0),
      600_000,
      'the first generation',
    );
    const firstMs = performance.now() - started;
    const latencies: number[] = [];
    for (let i = 0; i < edits; i++) {
      const { file, field, adding, text } = benchEdit(project.typesFiles, i, originals, (f) => readFileSync(f, 'utf8'));
      const seen = watching;
      let lastStat = '';
      const t0 = performance.now();
      writeFileSync(file, text);
      await until(
        alive(() => {
          // Read the document only when it changed on disk: reading 1,000 operations' JSON each millisecond would slow the watcher down.
          let s;
          try {
            s = statSync(openapi);
          } catch {
            return false;
          }
          const stamp = `${s.mtimeMs}:${s.size}`;
          if (stamp === lastStat) return false;
          lastStat = stamp;
          return readFileSync(openapi, 'utf8').includes(`"${field}"`) === adding;
        }),
        60_000,
        `edit ${i + 1} (${adding ? 'adding' : 'removing'} ${field})`,
      );
      latencies.push(performance.now() - t0);
      await until(
        alive(() => watching > seen),
        60_000,
        `the end of the run after edit ${i + 1}`,
      );
    }
    return { firstMs, latencies };
  } finally {
    for (const [file, text] of originals) writeFileSync(file, text);
    if (exited === undefined) {
      child.kill('SIGINT');
      const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await new Promise((r) => (exited !== undefined ? r(undefined) : child.once('exit', r)));
      clearTimeout(killer);
    }
  }
}
