/**
 * Load generators, each run as its own process: `wrk` (preferred, see docs/decisions.md) or
 * `autocannon` (the dev dependency; used when wrk is absent or asked for).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cpuSeconds, pinned } from './processes.ts';
import type { BenchRequest } from './scenarios.ts';

/** The load generators the runner knows. */
export type LoadGeneratorName = 'wrk' | 'autocannon';

/** One timed run against one server. */
export interface LoadOptions {
  readonly url: string;
  readonly request: BenchRequest;
  readonly durationSec: number;
  readonly connections: number;
  /** wrk threads (autocannon is single-threaded). */
  readonly threads: number;
  /** `taskset -c` CPU list for the generator, when pinning. */
  readonly cpus?: string;
}

/** What one run measured. */
export interface LoadResult {
  /** Completed requests per second. */
  readonly rps: number;
  readonly requests: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  /** Responses outside 2xx; must be 0 for a valid run. */
  readonly non2xx: number;
  /** Connect/read/write errors and timeouts. */
  readonly errors: number;
  /** CPU seconds the generator process used (sampled every 200 ms, so slightly low), if known. */
  readonly generatorCpuSec: number | undefined;
}

/** True when `wrk` is on PATH. */
export function hasWrk(): boolean {
  return spawnSync('wrk', ['--version']).error === undefined;
}

/** The generator's version line, for the report. */
export function loadGeneratorVersion(name: LoadGeneratorName): string {
  if (name === 'wrk')
    return (spawnSync('wrk', ['--version'], { encoding: 'utf8' }).stdout.split('\n')[0] ?? 'wrk')
      .trim()
      .replace(/\s+Copyright.*/, '');
  const require = createRequire(import.meta.url);
  return `autocannon ${(require('autocannon/package.json') as { version: string }).version}`;
}

/** Runs one load and parses its numbers; rejects when the generator fails. */
export function runLoad(name: LoadGeneratorName, options: LoadOptions): Promise<LoadResult> {
  return name === 'wrk' ? runWrk(options) : runAutocannon(options);
}

let scriptDir: string | undefined;
const marker = 'KITGEN_BENCH_RESULT ';

/** A wrk Lua script that sets the request and prints the summary as one JSON line. */
function wrkScript(request: BenchRequest): string {
  // Long brackets need no escaping as long as the text does not hold the closing bracket.
  const lit = (s: string) => {
    let eq = '=';
    while (s.includes(`]${eq}]`)) eq += '=';
    return `[${eq}[${s}]${eq}]`;
  };
  const lines = [`wrk.method = ${lit(request.method)}`];
  if (request.body !== undefined) lines.push(`wrk.body = ${lit(request.body)}`);
  for (const [k, v] of Object.entries(request.headers ?? {})) lines.push(`wrk.headers[ ${lit(k)} ] = ${lit(v)}`); // spaces: `[[` would open a long string
  lines.push(
    'done = function(summary, latency, requests)',
    '  local e = summary.errors',
    `  io.write(string.format('${marker}{"requests":%.0f,"durationUs":%.0f,"p50Us":%.1f,"p99Us":%.1f,"non2xx":%.0f,"errors":%.0f}\\n',`,
    '    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), e.status, e.connect + e.read + e.write + e.timeout))',
    'end',
  );
  return lines.join('\n') + '\n';
}

async function runWrk(o: LoadOptions): Promise<LoadResult> {
  scriptDir ??= mkdtempSync(join(tmpdir(), 'kitgen-bench-'));
  const script = join(scriptDir, `${o.request.method}-${Math.random().toString(36).slice(2)}.lua`);
  writeFileSync(script, wrkScript(o.request));
  const args = [
    `-t${o.threads}`,
    `-c${o.connections}`,
    `-d${o.durationSec}s`,
    '--timeout',
    '5s',
    '-s',
    script,
    o.url + o.request.path,
  ];
  const { out, cpuSec } = await run(...pinned(o.cpus, 'wrk', args), process.env);
  const line = out.split('\n').find((l) => l.startsWith(marker));
  if (!line) throw new Error(`wrk printed no result:\n${out}`);
  const r = JSON.parse(line.slice(marker.length)) as {
    requests: number;
    durationUs: number;
    p50Us: number;
    p99Us: number;
    non2xx: number;
    errors: number;
  };
  return {
    rps: r.requests / (r.durationUs / 1e6),
    requests: r.requests,
    p50Ms: r.p50Us / 1000,
    p99Ms: r.p99Us / 1000,
    non2xx: r.non2xx,
    errors: r.errors,
    generatorCpuSec: cpuSec,
  };
}

async function runAutocannon(o: LoadOptions): Promise<LoadResult> {
  const require = createRequire(import.meta.url);
  const bin = join(require.resolve('autocannon/package.json'), '..', 'autocannon.js');
  const args = [
    bin,
    '--json',
    '-c',
    String(o.connections),
    '-d',
    String(o.durationSec),
    '-t',
    '5',
    '-m',
    o.request.method,
  ];
  for (const [k, v] of Object.entries(o.request.headers ?? {})) args.push('-H', `${k}=${v}`);
  if (o.request.body !== undefined) args.push('-b', o.request.body);
  args.push(o.url + o.request.path);
  // Plain JavaScript: no TypeScript loader in the generator process.
  const env = { ...process.env };
  delete env.NODE_OPTIONS;
  const { out, cpuSec } = await run(...pinned(o.cpus, process.execPath, args), env);
  const r = JSON.parse(out.slice(out.indexOf('{'))) as {
    duration: number;
    requests: { total: number };
    latency: { p50: number; p99: number };
    non2xx: number;
    errors: number;
    timeouts: number;
  };
  return {
    rps: r.requests.total / r.duration,
    requests: r.requests.total,
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    generatorCpuSec: cpuSec,
  };
}

const running = new Set<ChildProcess>();

/** Ends the generator runs under way (when the benchmark is interrupted). */
export function stopLoad(): void {
  for (const child of running) child.kill('SIGTERM');
}

function run(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ out: string; cpuSec: number | undefined }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
    running.add(child);
    // /proc/<pid> is gone once the child is reaped, so keep the latest reading.
    let cpuSec: number | undefined;
    const poll = setInterval(() => (cpuSec = cpuSeconds(child.pid!) ?? cpuSec), 200);
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (err += c.toString('utf8')));
    child.once('error', (error) => {
      clearInterval(poll);
      reject(error);
    });
    child.once('exit', (code) => {
      clearInterval(poll);
      running.delete(child);
      if (code === 0) resolve({ out, cpuSec });
      else reject(new Error(`${command} ${args.join(' ')} exited with ${code}\n${out}${err}`));
    });
  });
}
