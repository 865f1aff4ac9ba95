/**
 * Child processes of the benchmark: server processes (one per framework, each on its own event
 * loop) and optional CPU pinning with `taskset`, plus per-process CPU time from /proc.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { ServerName } from './servers/index.ts';

const sourceEntry = fileURLToPath(new URL('./serve.ts', import.meta.url));

/** A started server process. */
export interface ServerProcess {
  readonly name: ServerName;
  readonly pid: number;
  readonly port: number;
  /** Milliseconds from the process's start to listening (node's boot, loading, routes). */
  readonly listeningMs: number;
  /** Milliseconds from the app's first line to listening (loading the framework, building routes). */
  readonly appListeningMs: number;
  /** SIGTERM, then SIGKILL after 10 s; resolves with the exit code. */
  stop(): Promise<number | null>;
  /** Writes a command line to the server's stdin (see profiler.ts). */
  send(line: string): void;
  /** Resolves with the next stdout line matching `pattern`. */
  waitForLine(pattern: RegExp, timeoutMs: number): Promise<string>;
}

/** Which CPUs the servers and the load generator run on (`taskset -c` lists), or no pinning. */
export interface Pinning {
  readonly server: string;
  readonly load: string;
}

/**
 * Pins servers to CPU 0 and the load generator to the other CPUs when `taskset` exists and
 * there are at least two CPUs: then neither steals the other's core, the same way for every server.
 */
export function defaultPinning(): Pinning | undefined {
  const cpus = availableParallelism();
  if (cpus < 2 || spawnSync('taskset', ['--version']).status !== 0) return undefined;
  return { server: '0', load: cpus === 2 ? '1' : `1-${cpus - 1}` };
}

/** Prefixes a command with `taskset -c <cpus>` when pinning (taskset execs it, keeping the pid). */
export function pinned(cpus: string | undefined, command: string, args: readonly string[]): [string, string[]] {
  return cpus === undefined ? [command, [...args]] : ['taskset', ['-c', cpus, command, ...args]];
}

/** Options for {@link startServer}. */
export interface StartOptions {
  readonly host: string;
  readonly cpus?: string;
  /** Extra node flags, e.g. `--cpu-prof`. */
  readonly nodeArgs?: readonly string[];
  readonly timeoutMs?: number;
  /** Extra environment variables for the server process. */
  readonly env?: Readonly<Record<string, string>>;
  /**
   * The compiled `serve.js` (buildApps.ts): the server runs under plain node, no NODE_OPTIONS.
   * Undefined: `serve.ts` from source, through this process's NODE_OPTIONS (the tsx loader and
   * the `kitgen-source` condition) — only for `--kitgen source`.
   */
  readonly compiledEntry: string | undefined;
}

/**
 * Starts one server process, `node serve.js <name> <host>` (or `serve.ts` through tsx), and
 * waits for its `READY <port> <ms> <ms>` line.
 */
export function startServer(name: ServerName, options: StartOptions): Promise<ServerProcess> {
  const entry = options.compiledEntry ?? sourceEntry;
  const [command, args] = pinned(options.cpus, process.execPath, [
    ...(options.nodeArgs ?? []),
    entry,
    name,
    options.host,
  ]);
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', ...options.env };
  // As users run it: no loader, no conditions, nothing else this process was started with.
  if (options.compiledEntry !== undefined) delete env.NODE_OPTIONS;
  const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'], env });
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${name}: no READY line within ${options.timeoutMs ?? 30_000} ms`));
    }, options.timeoutMs ?? 30_000);
    const onExit = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`${name}: exited with ${code} before it was ready\n${out}`));
    };
    child.once('exit', onExit);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const m = /READY (\d+) ([\d.]+) ([\d.]+)/.exec(out);
      if (!m) return;
      clearTimeout(timer);
      child.off('exit', onExit);
      child.stdout!.removeAllListeners('data');
      resolve({
        name,
        pid: child.pid!,
        port: Number(m[1]),
        listeningMs: Number(m[2]),
        appListeningMs: Number(m[3]),
        stop: () => stopChild(child),
        send: (line) => void child.stdin!.write(line + '\n'),
        waitForLine: (pattern, timeoutMs) => nextLine(child, pattern, timeoutMs),
      });
    });
  });
}

function nextLine(child: ChildProcess, pattern: RegExp, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let buffered = '';
    const onData = (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      const hit = lines.find((l) => pattern.test(l));
      if (hit === undefined) return;
      clearTimeout(timer);
      child.stdout!.off('data', onData);
      resolve(hit);
    };
    const timer = setTimeout(() => {
      child.stdout!.off('data', onData);
      reject(new Error(`no line matching ${pattern} within ${timeoutMs} ms`));
    }, timeoutMs);
    child.stdout!.on('data', onData);
  });
}

function stopChild(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
    child.kill('SIGTERM');
  });
}

let clockTicks: number | undefined;

/**
 * CPU seconds (user + system) a process has used so far, from /proc (Linux); undefined elsewhere.
 * Under a saturating load this is the server's cost per request, which a busy shared machine
 * disturbs less than req/s.
 */
export function cpuSeconds(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start at state (field 3).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    clockTicks ??= Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;
    return ticks / clockTicks;
  } catch {
    return undefined;
  }
}

/** Machine-wide CPU seconds so far (all CPUs), busy (processes and steal) and total, from /proc/stat; undefined elsewhere. */
export function systemCpu(): { busy: number; total: number } | undefined {
  try {
    const first = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0];
    // cpu  user nice system idle iowait irq softirq steal …
    const [user, nice, system, idle, iowait, irq, softirq, steal] = first.trim().split(/\s+/).slice(1, 9).map(Number);
    clockTicks ??= Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;
    // Interrupt time is left out of `busy`: loopback TCP between the generator and the server is
    // processed in softirq context and charged to no process, so it would look like other work.
    const busy = user + nice + system + steal;
    return { busy: busy / clockTicks, total: (busy + idle + iowait + irq + softirq) / clockTicks };
  } catch {
    return undefined;
  }
}
