/**
 * `npm run bench:cluster`: the typed GET route on kitgen with TransportConfig.nThreads 1 and 2,
 * and Fastify in one process and on node:cluster with 2 workers, each started by plain node and
 * loaded by wrk in interleaved rounds; prints req/s medians and the ratios (docs/benchmarks.md,
 * "Scale out"). wrk runs on the same machine and takes a core's share of its own.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { createServer } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { buildRuntime } from '../server/buildRuntime.ts';

interface Contestant {
  readonly name: string;
  readonly app: string;
  readonly threads: number;
}

const contestants: Contestant[] = [
  { name: 'kitgen ×1', app: 'kitgenApp.mjs', threads: 1 },
  { name: 'kitgen ×2', app: 'kitgenApp.mjs', threads: 2 },
  { name: 'fastify ×1', app: 'fastifyApp.mjs', threads: 1 },
  { name: 'fastify ×2', app: 'fastifyApp.mjs', threads: 2 },
];
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 100);
const wrkThreads = Number(process.env.BENCH_WRK_THREADS ?? 1);
/** Core-seconds wrk itself used per second of load, per run: what it takes from the servers. */
const wrkCores: number[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

async function start(c: Contestant, runtime: string): Promise<{ child: ChildProcess; port: number }> {
  const port = await freePort();
  // Plain node: no tsx loader, no source conditions (NODE_OPTIONS cleared).
  const child = spawn(process.execPath, [new URL(c.app, import.meta.url).pathname], {
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      KITGEN_BENCH_RUNTIME: runtime,
      BENCH_THREADS: String(c.threads),
      BENCH_PORT: String(port),
      KITGEN_LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    createInterface({ input: child.stderr! }).on('line', (line) => line.startsWith('{"port"') && resolve());
    child.on('exit', (code) => reject(new Error(`${c.name} exited with ${code}`)));
  });
  return { child, port };
}

function wrk(port: number, duration: number): number {
  // /usr/bin/time reports wrk's own CPU time on stderr (`user system`).
  const r = spawnSync(
    '/usr/bin/time',
    [
      '-f',
      '%U %S',
      'wrk',
      `-t${wrkThreads}`,
      `-c${connections}`,
      `-d${duration}s`,
      `http://127.0.0.1:${port}/users/42`,
    ],
    {
      encoding: 'utf8',
    },
  );
  if (/Non-2xx|Socket errors/.test(r.stdout)) throw new Error(`wrk saw errors:\n${r.stdout}`);
  const [user, sys] = (r.stderr.trim().split('\n').pop() ?? '').split(' ').map(Number);
  if (duration > 2) wrkCores.push((user + sys) / duration);
  return Number(/Requests\/sec:\s+([\d.]+)/.exec(r.stdout)?.[1] ?? NaN);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const { entry, warning } = buildRuntime();
if (warning) console.warn(warning);
console.log(
  `machine: ${cpus().length} CPUs (${cpus()[0]?.model}), node ${process.version}, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
console.log(
  `plan: ${rounds} rounds × ${contestants.length} servers × ${seconds}s of wrk -t${wrkThreads} -c${connections} (2 s warm-up each), order rotated per round`,
);
const results = new Map<string, number[]>(contestants.map((c) => [c.name, []]));
for (let round = 0; round < rounds; round++) {
  const order = contestants.map((_, i) => contestants[(i + round) % contestants.length]);
  for (const c of order) {
    const { child, port } = await start(c, entry);
    try {
      wrk(port, 2);
      const rps = wrk(port, seconds);
      results.get(c.name)!.push(rps);
      console.log(`round ${round + 1}: ${c.name.padEnd(11)} ${rps.toFixed(0)} req/s`);
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
  }
}
const m = Object.fromEntries([...results].map(([name, xs]) => [name, median(xs)]));
console.log('\nmedian req/s:');
for (const [name, v] of Object.entries(m)) console.log(`  ${name.padEnd(11)} ${v.toFixed(0)}`);
console.log(`\nkitgen ×2 / kitgen ×1:   ${(m['kitgen ×2'] / m['kitgen ×1']).toFixed(2)}  (goal ≥ 1.6)`);
console.log(`fastify ×2 / fastify ×1: ${(m['fastify ×2'] / m['fastify ×1']).toFixed(2)}`);
console.log(`kitgen ×2 / fastify ×2:  ${(m['kitgen ×2'] / m['fastify ×2']).toFixed(2)}`);
console.log(`kitgen ×1 / fastify ×1:  ${(m['kitgen ×1'] / m['fastify ×1']).toFixed(2)}`);
console.log(
  `wrk itself used ${median(wrkCores).toFixed(2)} of the ${cpus().length} cores (median over runs): the servers had the rest`,
);
console.log(
  `load average after: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
