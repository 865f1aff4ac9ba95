/**
 * `node scripts/run-ts.mjs bench/server/disagreement.ts`: why the old bench:server and an
 * independent run disagreed. The same GET route served by variants that
 * differ in one thing each — how the process is started (plain node vs the tsx loader the old
 * harness put in every server) and whether the handlers are `async` — loaded in interleaved
 * rounds (wrk, pinned), compared by server CPU per request (median and per-round ratios).
 * Flags: --rounds (7), --duration (5), --connections (100).
 */
import { parseArgs } from 'node:util';
import { buildApps } from './buildApps.ts';
import { buildRuntime } from './buildRuntime.ts';
import { runLoad } from './loadgen.ts';
import { cpuSeconds, defaultPinning, startServer, systemCpu, type ServerProcess } from './processes.ts';
import { median } from './report.ts';
import type { ServerName } from './servers/index.ts';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '7' },
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '100' },
  },
});
const host = '127.0.0.1';
const pinning = defaultPinning();
const entry = buildApps();
const { entry: runtime } = buildRuntime();

interface Variant {
  readonly label: string;
  readonly server: ServerName;
  /** Through tsx (the old harness: `--import=tsx --conditions=kitgen-source`), or plain node. */
  readonly tsx: boolean;
  readonly handlers: 'async' | 'sync';
}
const variants: Variant[] = [
  { label: 'fastify, plain node, async', server: 'fastify', tsx: false, handlers: 'async' },
  { label: 'fastify, tsx loader, async (old harness)', server: 'fastify', tsx: true, handlers: 'async' },
  { label: 'kitgen, plain node, async', server: 'kitgen', tsx: false, handlers: 'async' },
  { label: 'kitgen, plain node, sync (old harness handler)', server: 'kitgen', tsx: false, handlers: 'sync' },
  { label: 'kitgen, tsx loader, sync (old harness)', server: 'kitgen', tsx: true, handlers: 'sync' },
  { label: 'node-http, plain node, async', server: 'node-http', tsx: false, handlers: 'async' },
];

const running: Array<{ v: Variant; p: ServerProcess }> = [];
try {
  for (const v of variants) {
    const env: Record<string, string> = { BENCH_HANDLERS: v.handlers };
    if (v.server === 'kitgen') env.KITGEN_BENCH_RUNTIME = runtime;
    running.push({
      v,
      p: await startServer(v.server, { host, cpus: pinning?.server, env, compiledEntry: v.tsx ? undefined : entry }),
    });
  }
  const samples = new Map<string, Array<{ round: number; cpu: number; rps: number; bg: number }>>(
    variants.map((v) => [v.label, []]),
  );
  const load = async (p: ServerProcess, seconds: number) => {
    const before = cpuSeconds(p.pid)!;
    const sys = systemCpu()!;
    const t0 = process.hrtime.bigint();
    const r = await runLoad('wrk', {
      url: `http://${host}:${p.port}`,
      request: { method: 'GET', path: '/users/42' },
      durationSec: seconds,
      connections: Number(values.connections),
      threads: 1,
      cpus: pinning?.load,
    });
    const wall = Number(process.hrtime.bigint() - t0) / 1e9;
    const cpu = cpuSeconds(p.pid)! - before;
    const busy = systemCpu()!.busy - sys.busy;
    if (r.non2xx > 0 || r.errors > 0) throw new Error(`${p.name}: ${r.non2xx} non-2xx, ${r.errors} errors`);
    return { cpu: (cpu * 1e6) / r.requests, rps: r.rps, bg: Math.max(0, busy - cpu - (r.generatorCpuSec ?? 0)) / wall };
  };
  for (const { p } of running) await load(p, 2);
  const rounds = Number(values.rounds);
  for (let round = 1; round <= rounds; round++) {
    for (let i = 0; i < running.length; i++) {
      const { v, p } = running[(i + round) % running.length];
      samples.get(v.label)!.push({ round, ...(await load(p, Number(values.duration))) });
    }
    console.log(`round ${round}/${rounds} done`);
  }
  const base = samples.get(variants[0].label)!;
  console.log(
    `\nGET /users/{id}, wrk -c${values.connections}, ${rounds} interleaved rounds × ${values.duration}s, servers pinned to CPU ${pinning?.server ?? 'any'}\n`,
  );
  console.log(
    '| variant | server CPU µs/req (median) | req/s (median) | CPU/req ÷ Fastify plain node, per round: median (min–max) | background cores (median) |',
  );
  console.log('|:--|--:|--:|--:|--:|');
  for (const v of variants) {
    const s = samples.get(v.label)!;
    const ratios = s.map((x) => x.cpu / base.find((b) => b.round === x.round)!.cpu);
    console.log(
      `| ${v.label} | ${median(s.map((x) => x.cpu)).toFixed(1)} | ${Math.round(median(s.map((x) => x.rps)))} | ${median(ratios).toFixed(2)} (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}) | ${median(s.map((x) => x.bg)).toFixed(2)} |`,
    );
  }
} finally {
  await Promise.all(running.map(({ p }) => p.stop()));
}
