/**
 * `npm run bench:server:profile`: CPU profile of one benchmark server under the same load as
 * `bench:server` (same compiled app, pinning and generator), then a summary of where
 * its time goes. Flags: --server (kitgen), --scenario (get-user), --duration (10), --warmup (3),
 * --connections (100), --interval (µs between samples, 500), --top (25), --out (profile file),
 * --kitgen (build | source, as in bench:server), --handlers (async | sync). The server runs as in
 * bench:server (compiled, plain node) plus `--enable-source-maps` and the in-process profiler.
 */
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildApps } from './buildApps.ts';
import { buildRuntime } from './buildRuntime.ts';
import { analyse, formatReport } from './cpuprofile.ts';
import { hasWrk, runLoad } from './loadgen.ts';
import { defaultPinning, startServer } from './processes.ts';
import type { CpuProfile } from './profiler.ts';
import { scenarios } from './scenarios.ts';
import { isServerName } from './servers/index.ts';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const { values } = parseArgs({
  options: {
    server: { type: 'string', default: 'kitgen' },
    scenario: { type: 'string', default: 'get-user' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '100' },
    interval: { type: 'string', default: '500' },
    top: { type: 'string', default: '25' },
    out: { type: 'string' },
    kitgen: { type: 'string', default: 'build' },
    handlers: { type: 'string', default: 'async' },
  },
});
const server = values.server!;
const scenario = scenarios.find((s) => s.id === values.scenario);
if (!isServerName(server) || !scenario)
  throw new Error(`unknown --server '${server}' or --scenario '${values.scenario}'`);
const out = values.out ?? join(tmpdir(), `kitgen-bench-${server}-${scenario.id}-${Date.now()}.cpuprofile`);
const pinning = defaultPinning();
const generator = hasWrk() ? 'wrk' : 'autocannon';

const env: Record<string, string> = {};
if (server === 'kitgen' && values.kitgen === 'build') {
  const { entry, warning } = buildRuntime();
  if (warning) console.log(`warning: ${warning}`);
  env.KITGEN_BENCH_RUNTIME = entry;
}
if (values.handlers !== 'async' && values.handlers !== 'sync')
  throw new Error(`--handlers: expected async or sync, got '${values.handlers}'`);
env.BENCH_HANDLERS = values.handlers;
// The profiler is loaded only on request; source maps map the tsc build back to runtime/src.
env.KITGEN_BENCH_PROFILER = '1';
const compiledEntry = buildApps();
const proc = await startServer(server, {
  host: '127.0.0.1',
  cpus: pinning?.server,
  env,
  nodeArgs: ['--enable-source-maps'],
  compiledEntry: server === 'kitgen' && values.kitgen === 'source' ? undefined : compiledEntry,
});
try {
  const load = (seconds: number) =>
    runLoad(generator, {
      url: `http://127.0.0.1:${proc.port}`,
      request: scenario.request,
      durationSec: seconds,
      connections: Number(values.connections),
      threads: 1,
      cpus: pinning?.load,
    });
  await load(Number(values.warmup));
  proc.send(`profile-start ${Number(values.interval)}`);
  await proc.waitForLine(/^PROFILING/, 10_000);
  const r = await load(Number(values.duration));
  proc.send(`profile-stop ${out}`);
  await proc.waitForLine(/^PROFILED/, 60_000);
  const from = `${server === 'kitgen' ? ` [runtime from ${values.kitgen}]` : ''}, ${values.handlers} handlers`;
  console.log(
    `${server}${from} ${scenario.title}: ${Math.round(r.rps)} req/s while profiled (${generator}, ${values.connections} connections${pinning ? ', pinned' : ''})`,
  );
  console.log(`profile: ${out} (open in Chrome DevTools or VS Code)\n`);
  const profile = JSON.parse(readFileSync(out, 'utf8')) as CpuProfile;
  const maps = JSON.parse(readFileSync(`${out}.sourcemaps.json`, 'utf8'));
  console.log(formatReport(analyse(profile, maps, repoRoot), Number(values.top)));
} finally {
  await proc.stop();
}
