/**
 * `npm run bench:server`: the same routes on kitgen, node:http, Fastify and Hono, each in its
 * own process, loaded in interleaved rounds by one generator; prints medians and kitgen's
 * ratios. See docs/benchmarks.md for how to read it and docs/decisions.md for the choices.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { createRequire } from 'node:module';
import { buildApps } from './buildApps.ts';
import { buildRuntime } from './buildRuntime.ts';
import { parseOptions, usage, type BenchOptions } from './options.ts';
import { loadGeneratorVersion, runLoad, stopLoad } from './loadgen.ts';
import { runProbes } from './probe.ts';
import { cpuSeconds, startServer, systemCpu, type ServerProcess } from './processes.ts';
import { summarise, table, type Sample } from './report.ts';
import { scenarios, serves, type Scenario } from './scenarios.ts';
import type { ServerName } from './servers/index.ts';

const host = '127.0.0.1';
const pauseMs = 500;
const retryPauseMs = 3_000;
/** kitgen's goals on tiny routes (a scenario may set its own): its ratio to each peer, by req/s and by CPU per request. */
const defaultGoals: ReadonlyArray<readonly [ServerName, number]> = [
  ['fastify', 1.2],
  ['node-http', 0.97],
];

function frameworkVersions(): string {
  const require = createRequire(import.meta.url);
  const version = (pkg: string) => {
    try {
      return (JSON.parse(readFileSync(require.resolve(`${pkg}/package.json`), 'utf8')) as { version: string }).version;
    } catch {
      // Packages whose exports hide package.json: read it next to the resolved entry's package root.
      const entry = require.resolve(pkg);
      const root = entry.slice(0, entry.lastIndexOf(`/node_modules/${pkg}/`) + `/node_modules/${pkg}/`.length);
      return (JSON.parse(readFileSync(root + 'package.json', 'utf8')) as { version: string }).version;
    }
  };
  return `fastify ${version('fastify')}, hono ${version('hono')}, @hono/node-server ${version('@hono/node-server')}`;
}

function describe(o: BenchOptions): string {
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  return [
    `date:        ${new Date().toISOString()}`,
    `machine:     ${cpus().length} CPUs (${cpu}), node ${process.version}, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
    `peers:       ${frameworkVersions()}`,
    `generator:   ${loadGeneratorVersion(o.loadGenerator)}, ${o.connections.join(' / ')} connections${o.loadGenerator === 'wrk' ? `, ${o.threads} thread(s)` : ''}`,
    `servers:     plain \`node serve.js <server>\` (apps compiled to JavaScript in .tmp/bench-server, no loader, no NODE_OPTIONS), NODE_ENV=production`,
    `handlers:    ${o.handlers === 'async' ? '`async` functions (await the user store) in every server' : 'plain (synchronous) functions in every server'}`,
    `kitgen:      ${o.kitgenFrom === 'build' ? 'runtime bundled as shipped (scripts/build-runtime.mjs), in .tmp/bench-runtime' : 'app and runtime from TypeScript source through tsx'}`,
    `pinning:     ${o.pinning ? `servers on CPU ${o.pinning.server}, generator on CPU ${o.pinning.load} (taskset)` : 'none (servers and generator share all CPUs)'}`,
    `plan:        ${o.warmupSec}s warm-up per server, then ${o.rounds} rounds × ${o.connections.length} connection count(s) × ${o.servers.length} servers × ${o.durationSec}s, order rotated each round`,
    `disturbance: a run with over ${o.maxBackground} cores of other work is repeated, ${o.attempts} attempts at most`,
  ].join('\n');
}

/** One timed run; throws when any response was not 2xx or a socket failed. */
async function measureOnce(
  o: BenchOptions,
  server: ServerProcess,
  scenario: Scenario,
  connections: number,
  seconds: number,
  round: number,
): Promise<Sample> {
  const systemBefore = systemCpu();
  const cpuBefore = cpuSeconds(server.pid);
  const started = process.hrtime.bigint();
  const r = await runLoad(o.loadGenerator, {
    url: `http://${host}:${server.port}`,
    request: scenario.request,
    durationSec: seconds,
    connections,
    threads: o.threads,
    cpus: o.pinning?.load,
  });
  const wallSec = Number(process.hrtime.bigint() - started) / 1e9;
  const cpuAfter = cpuSeconds(server.pid);
  const systemAfter = systemCpu();
  if (r.non2xx > 0 || r.errors > 0) {
    throw new Error(
      `${server.name} ${scenario.title}: ${r.non2xx} non-2xx responses and ${r.errors} socket errors; results would not be comparable`,
    );
  }
  const cpu = cpuBefore !== undefined && cpuAfter !== undefined ? cpuAfter - cpuBefore : undefined;
  const busy =
    systemBefore !== undefined && systemAfter !== undefined ? systemAfter.busy - systemBefore.busy : undefined;
  const background =
    busy === undefined || cpu === undefined || r.generatorCpuSec === undefined
      ? undefined
      : Math.max(0, busy - cpu - r.generatorCpuSec) / wallSec;
  return {
    round,
    server: server.name,
    scenario: scenario.id,
    connections,
    rps: r.rps,
    p50Ms: r.p50Ms,
    p99Ms: r.p99Ms,
    cpuUsPerRequest: cpu === undefined || r.requests === 0 ? undefined : (cpu * 1e6) / r.requests,
    cpuCores: cpu === undefined ? undefined : cpu / wallSec,
    backgroundCores: background,
  };
}

/**
 * A timed run that other work on the machine did not disturb much: when the background CPU
 * exceeds `maxBackground` cores the run is repeated after a pause, at most `attempts` times in
 * all, and the least disturbed attempt is kept (so a busy machine slows the benchmark down, but
 * never makes it run without end).
 */
async function measure(
  o: BenchOptions,
  server: ServerProcess,
  scenario: Scenario,
  connections: number,
  seconds: number,
  round: number,
): Promise<Sample> {
  let best: Sample | undefined;
  for (let attempt = 1; attempt <= o.attempts; attempt++) {
    const sample = await measureOnce(o, server, scenario, connections, seconds, round);
    if (best === undefined || (sample.backgroundCores ?? 0) < (best.backgroundCores ?? 0)) best = sample;
    if ((sample.backgroundCores ?? 0) <= o.maxBackground) break;
    if (attempt < o.attempts) {
      console.log(
        `             ${server.name}: ${sample.backgroundCores!.toFixed(2)} cores of background work during the run; repeating`,
      );
      await new Promise((r) => setTimeout(r, retryPauseMs));
    }
  }
  return best!;
}

async function main(): Promise<void> {
  const parsed = parseOptions(process.argv.slice(2), process.env);
  if (parsed === 'help') {
    console.log(usage);
    return;
  }
  const o = parsed;
  const chosen = scenarios.filter((s) => o.scenarios.includes(s.id));
  console.log(describe(o) + '\n');

  const servers: ServerProcess[] = [];
  const stopAll = () => Promise.all(servers.map((s) => s.stop()));
  process.once('SIGINT', () => {
    stopLoad();
    void stopAll().then(() => process.exit(130));
  });
  try {
    const compiledEntry = buildApps();
    const kitgenEnv: Record<string, string> = {};
    if (o.kitgenFrom === 'build' && o.servers.includes('kitgen')) {
      const { entry, warning } = buildRuntime();
      if (warning) console.log(`warning:     ${warning}`);
      kitgenEnv.KITGEN_BENCH_RUNTIME = entry;
    }
    for (const name of o.servers) {
      const kitgenFromSource = name === 'kitgen' && o.kitgenFrom === 'source';
      servers.push(
        await startServer(name, {
          host,
          cpus: o.pinning?.server,
          env: { BENCH_HANDLERS: o.handlers, ...(name === 'kitgen' ? kitgenEnv : {}) },
          compiledEntry: kitgenFromSource ? undefined : compiledEntry,
        }),
      );
    }

    for (const scenario of chosen) {
      for (const s of servers.filter((x) => serves(scenario, x.name))) {
        const problems = await runProbes(`http://${host}:${s.port}`, scenario.probes);
        if (problems.length > 0)
          throw new Error(`${s.name} fails the probes of ${scenario.title}:\n  ${problems.join('\n  ')}`);
      }
    }
    console.log(`probes:      every server answers each of its scenarios' probes alike`);

    for (const scenario of chosen) {
      for (const s of servers.filter((x) => serves(scenario, x.name)))
        await measureOnce(o, s, scenario, o.connections[0], o.warmupSec, 0);
    }
    console.log('warm-up:     done');

    const samples: Sample[] = [];
    for (let round = 1; round <= o.rounds; round++) {
      // Rotate the order so no server always runs first (or right after the same neighbour).
      const order = servers.map((_, i) => servers[(i + round - 1) % servers.length]);
      for (const scenario of chosen) {
        for (const connections of o.connections) {
          for (const s of order.filter((x) => serves(scenario, x.name))) {
            const sample = await measure(o, s, scenario, connections, o.durationSec, round);
            samples.push(sample);
            console.log(
              `round ${round}/${o.rounds}  ${scenario.id.padEnd(12)} -c${String(connections).padEnd(4)} ${s.name.padEnd(9)} ${Math.round(sample.rps).toString().padStart(7)} req/s  p99 ${sample.p99Ms.toFixed(2).padStart(7)} ms  ${sample.cpuUsPerRequest?.toFixed(1) ?? 'n/a'} µs/req  background ${sample.backgroundCores?.toFixed(2) ?? 'n/a'}`,
            );
            await new Promise((r) => setTimeout(r, pauseMs));
          }
        }
      }
    }

    for (const scenario of chosen) {
      for (const connections of o.connections) {
        const summaries = summarise(
          samples.filter((s) => s.scenario === scenario.id && s.connections === connections),
          o.servers.filter((name) => serves(scenario, name)),
        );
        console.log(
          `\n${scenario.title}, ${o.handlers} handlers, ${connections} connections — medians over ${o.rounds} rounds of ${o.durationSec}s\n`,
        );
        console.log(table(summaries));
        console.log('');
        for (const [peer, goal] of (scenario as Scenario).goals ?? defaultGoals) {
          const s = summaries.find((x) => x.server === peer);
          if (s?.kitgenRatio === undefined) continue;
          const verdict = (r: number | undefined) =>
            r === undefined ? 'n/a' : `${r.toFixed(2)}× (${r >= goal ? 'met' : 'NOT met'})`;
          console.log(
            `kitgen ÷ ${peer.padEnd(9)} goal ≥ ${goal.toFixed(2)}×: by req/s ${verdict(s.kitgenRatio)}, by CPU per request ${verdict(s.kitgenCpuRatio)}`,
          );
        }
      }
    }
    if (o.jsonOut) {
      writeFileSync(o.jsonOut, JSON.stringify({ options: o, loadavgAfter: loadavg(), samples }, null, 2));
      console.log(`\nsamples written to ${o.jsonOut}`);
    }
  } finally {
    await stopAll();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
