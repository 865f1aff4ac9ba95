/**
 * `npm run bench:routes`: kitgen and its peers with 1,000 routes (static and parameterised
 * mixed, manyRoutes.ts), each run as bench:server runs them (compiled, plain node, pinned):
 *  1. time to listening (from process start, and from the app's first line) with 2 and with
 *     1,002 routes, kitgen vs Fastify (node:http as the floor), median of interleaved starts;
 *     kitgen with its code cache and on a first start (runtime/loader/loadBundle.ts);
 *  2. routing cost of the first vs the last route of each kind (static, parameterised; the last
 *     is the 1000th): wrk on each, interleaved rounds, p50 latency and server CPU per request
 *     (goal: within 5 %);
 *  3. memory per idle keep-alive connection with 10,000 open (each served one request), from the
 *     server's RSS after a full collection with 5,000 and with 10,000 open (kitgen vs Fastify vs
 *     node:http; the servers of this part start with --expose-gc, serve.ts collects on SIGUSR2).
 * Flags: --routes (1000), --starts (7), --rounds (5), --duration (5), --connections (10),
 * --idle (10000), --memory-rounds (3), --servers (kitgen,fastify,node-http), --handlers
 * (async|sync), --skip (startup,routing,memory).
 */
import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpus, loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { appsDir, buildApps } from './buildApps.ts';
import { buildRuntime } from './buildRuntime.ts';
import { hasWrk, runLoad } from './loadgen.ts';
import { manyRoutes, requestPath } from './manyRoutes.ts';
import { cpuSeconds, defaultPinning, pinned, startServer, type ServerProcess } from './processes.ts';
import { runProbes } from './probe.ts';
import { median } from './report.ts';
import { routerLookup } from './routerLookup.ts';
import { isServerName, type ServerName } from './servers/index.ts';
import { userRecord } from './domain.ts';

const { values } = parseArgs({
  options: {
    routes: { type: 'string', default: '1000' },
    starts: { type: 'string', default: '7' },
    rounds: { type: 'string', default: '5' },
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    idle: { type: 'string', default: '10000' },
    'memory-rounds': { type: 'string', default: '3' },
    servers: { type: 'string', default: 'kitgen,fastify,node-http' },
    handlers: { type: 'string', default: 'async' },
    skip: { type: 'string', default: '' },
  },
});
const routeCount = Number(values.routes);
const servers = values.servers!.split(',').map((s) => s.trim());
for (const s of servers) if (!isServerName(s)) throw new Error(`--servers: unknown '${s}'`);
const names = servers as ServerName[];
const skip = new Set(values.skip!.split(',').filter(Boolean));
const host = '127.0.0.1';
const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const pinning = defaultPinning();
const extra = manyRoutes(routeCount);
const first = extra[0];
const last = extra[extra.length - 1];

console.log(`date:     ${new Date().toISOString()}`);
console.log(
  `machine:  ${cpus().length} CPUs (${cpus()[0]?.model ?? 'unknown'}), node ${process.version}, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
console.log(
  `routes:   ${routeCount} GET routes (/svc/r<k>/items and /svc/r<k>/items/{id:int}) plus the 2 scenario routes, ${values.handlers} handlers`,
);
console.log(`pinning:  ${pinning ? `servers on CPU ${pinning.server}, generator on CPU ${pinning.load}` : 'none'}\n`);

const entry = buildApps();
const { entry: runtime, warning } = buildRuntime();
if (warning) console.log(`warning:  ${warning}`);
const envFor = (name: ServerName, routes: number): Record<string, string> => ({
  BENCH_HANDLERS: values.handlers!,
  BENCH_ROUTES: String(routes),
  ...(name === 'kitgen' ? { KITGEN_BENCH_RUNTIME: runtime } : {}),
});
const startServerWith = (name: ServerName, routes: number, env: Record<string, string>, nodeArgs: string[] = []) =>
  startServer(name, {
    host,
    cpus: pinning?.server,
    env: { ...envFor(name, routes), ...env },
    compiledEntry: entry,
    nodeArgs,
  });
const start = (name: ServerName, routes: number) => startServerWith(name, routes, {});

// 1. Time to listening, with no extra routes and with all of them (the difference is what
// building the routes costs; the rest is node's boot and loading the framework). kitgen twice:
// with its code cache made by an earlier start (every start but a machine's first), and on a
// first start (an empty cache directory each time: compiling the bundle and writing the cache).
if (!skip.has('startup')) {
  const counts = [0, routeCount];
  const cacheRoot = join(repoRoot, '.tmp', 'bench-compile-cache');
  rmSync(cacheRoot, { recursive: true, force: true });
  let fresh = 0;
  const starters = names.flatMap(
    (name): Array<{ label: string; name: ServerName; env: () => Record<string, string> }> =>
      name === 'kitgen'
        ? [
            { label: 'kitgen', name, env: () => ({ NODE_COMPILE_CACHE: join(cacheRoot, 'warm') }) },
            {
              label: 'kitgen, first start',
              name,
              env: () => ({ NODE_COMPILE_CACHE: join(cacheRoot, `first-${fresh++}`) }),
            },
          ]
        : [{ label: name, name, env: () => ({}) }],
  );
  if (names.includes('kitgen'))
    await (await startServerWith('kitgen', 0, { NODE_COMPILE_CACHE: join(cacheRoot, 'warm') })).stop();
  const times = new Map<string, { process: number[]; app: number[] }>();
  for (let i = 0; i < Number(values.starts); i++) {
    for (const starter of starters) {
      for (const n of counts) {
        const s = await startServerWith(starter.name, n, starter.env());
        const t = times.get(`${starter.label} ${n}`) ?? { process: [], app: [] };
        t.process.push(s.listeningMs);
        t.app.push(s.appListeningMs);
        times.set(`${starter.label} ${n}`, t);
        await s.stop();
      }
    }
  }
  rmSync(cacheRoot, { recursive: true, force: true });
  console.log(`1. time to listening, median of ${values.starts} starts each (interleaved)\n`);
  console.log(`| server | routes | from process start (ms) | min–max | from the app's first line (ms) |`);
  console.log('|:--|--:|--:|--:|--:|');
  for (const { label } of starters) {
    for (const n of counts) {
      const t = times.get(`${label} ${n}`)!;
      console.log(
        `| ${label} | ${n + 2} | ${median(t.process).toFixed(0)} | ${Math.min(...t.process).toFixed(0)}–${Math.max(...t.process).toFixed(0)} | ${median(t.app).toFixed(0)} |`,
      );
    }
  }
  for (const label of ['kitgen', 'kitgen, first start']) {
    const k = times.get(`${label} ${routeCount}`);
    if (k)
      console.log(
        `\n${label}: listening < 200 ms from process start with ${routeCount} routes: ${median(k.process) < 200 ? 'met' : 'NOT met'} (${median(k.process).toFixed(0)} ms)`,
      );
  }
  console.log();
}

// 2. First vs last route of each kind.
if (!skip.has('routing')) {
  if (!hasWrk()) throw new Error('bench:routes needs wrk for the routing figures (or --skip routing)');
  const running: ServerProcess[] = [];
  try {
    for (const name of names) running.push(await start(name, routeCount));
    for (const s of running) {
      const problems = await runProbes(`http://${host}:${s.port}`, [
        { method: 'GET', path: requestPath(first), status: 200, json: userRecord(first.index) },
        { method: 'GET', path: requestPath(last), status: 200, json: userRecord(42) },
        { method: 'GET', path: `${last.path}/x`, status: 400 },
      ]);
      if (problems.length > 0) throw new Error(`${s.name}: ${problems.join('; ')}`);
    }
    // Like with like: the first and the last static route, the first and the last (the
    // ${routeCount}th) parameterised one — a parameter costs its decoding whatever the route count.
    const firstParam = extra.find((r) => r.param !== undefined)!;
    const lastStatic = [...extra].reverse().find((r) => r.param === undefined)!;
    const pairs = [
      ['static', first, lastStatic],
      ['parameterised', firstParam, last],
    ] as const;
    const targets = pairs.flatMap(
      ([kind, a, b]) =>
        [
          [`${kind} #${a.index + 1}`, a],
          [`${kind} #${b.index + 1}`, b],
        ] as const,
    );
    const samples: Array<{ server: ServerName; target: string; round: number; p50: number; cpu: number; rps: number }> =
      [];
    const load = async (s: ServerProcess, path: string, seconds: number) => {
      const before = cpuSeconds(s.pid)!;
      const r = await runLoad('wrk', {
        url: `http://${host}:${s.port}`,
        request: { method: 'GET', path },
        durationSec: seconds,
        connections: Number(values.connections),
        threads: 1,
        cpus: pinning?.load,
      });
      const cpu = cpuSeconds(s.pid)! - before;
      if (r.non2xx > 0 || r.errors > 0) throw new Error(`${s.name} ${path}: ${r.non2xx} non-2xx, ${r.errors} errors`);
      return { p50: r.p50Ms * 1000, cpu: (cpu * 1e6) / r.requests, rps: r.rps };
    };
    for (const s of running) for (const [, t] of targets) await load(s, requestPath(t), 2);
    for (let round = 1; round <= Number(values.rounds); round++) {
      for (let i = 0; i < running.length; i++) {
        const s = running[(i + round) % running.length];
        const order = round % 2 === 0 ? [...targets].reverse() : [...targets];
        for (const [label, t] of order) {
          const m = await load(s, requestPath(t), Number(values.duration));
          samples.push({ server: s.name, target: label, round, ...m });
        }
      }
    }
    console.log(
      `2. first vs last route of each kind (${routeCount} routes): wrk -c${values.connections}, ${values.rounds} rounds × ${values.duration}s each, medians\n`,
    );
    console.log(
      '| server | routes compared | p50 µs (first → last) | p50 last ÷ first, per round: median (min–max) | CPU µs/req (first → last) | CPU last ÷ first, per round: median (min–max) |',
    );
    console.log('|:--|:--|--:|--:|--:|--:|');
    for (const name of names) {
      for (const [kind, a, b] of pairs) {
        const of = (r: { index: number }) =>
          samples.filter((x) => x.server === name && x.target === `${kind} #${r.index + 1}`);
        const sa = of(a);
        const sb = of(b);
        const ratios = (key: 'p50' | 'cpu') => sa.map((x) => sb.find((y) => y.round === x.round)![key] / x[key]);
        const fmt = (r: number[]) =>
          `${median(r).toFixed(3)} (${Math.min(...r).toFixed(2)}–${Math.max(...r).toFixed(2)})`;
        const m = (xs: typeof sa, key: 'p50' | 'cpu', digits: number) => median(xs.map((x) => x[key])).toFixed(digits);
        console.log(
          `| ${name} | ${kind} #${a.index + 1} vs #${b.index + 1} | ${m(sa, 'p50', 0)} → ${m(sb, 'p50', 0)} | ${fmt(ratios('p50'))} | ${m(sa, 'cpu', 1)} → ${m(sb, 'cpu', 1)} | ${fmt(ratios('cpu'))} |`,
        );
      }
    }
    const lookup = routerLookup(
      extra,
      pairs.flatMap(([, a, b]) => [a, b]),
    );
    console.log(
      `\nkitgen's router alone (in process, CPU time, median of 15 interleaved rounds): ${pairs
        .map(
          ([kind, a, b]) =>
            `${kind} #${a.index + 1} ${lookup.get(a.index)!.toFixed(0)} ns, #${b.index + 1} ${lookup.get(b.index)!.toFixed(0)} ns (${(lookup.get(b.index)! / lookup.get(a.index)!).toFixed(3)})`,
        )
        .join('; ')}`,
    );
    console.log(`\n(goal: kitgen's last route within 5 % of its first, p50 and CPU)\n`);
  } finally {
    await Promise.all(running.map((s) => s.stop()));
  }
}

// 3. Memory per idle keep-alive connection.
if (!skip.has('memory')) {
  const count = Number(values.idle);
  const rss = (pid: number): number =>
    Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;
  const results = new Map<ServerName, IdleMemory[]>(names.map((n) => [n, []]));
  for (let round = 0; round < Number(values['memory-rounds']); round++) {
    for (let i = 0; i < names.length; i++) {
      const name = names[(i + round) % names.length];
      results.get(name)!.push(await idleMemory(name, count, rss));
    }
  }
  // Over all the connections from the baseline, and from the first half to all (the goal's figure).
  const overAll = (x: IdleMemory) => (x.after.rss - x.before.rss) / x.open / 1024;
  const secondHalf = (x: IdleMemory) => (x.after.rss - x.middle.rss) / (x.open - x.heldHalf) / 1024;
  // The JavaScript heap (V8's used heap plus memory held outside it for JS objects) the connections keep.
  const heapPer = (x: IdleMemory) => (x.after.heap - x.before.heap) / x.open / 1024;
  // The heap V8 committed for them, used or not: the part of RSS that follows the heap's history.
  const committedPer = (x: IdleMemory) => (x.after.committed - x.before.committed) / x.open / 1024;
  // RSS without the young generation's resident pages (empty after the collection, sized by how
  // fast the process allocated: all three grow it to its 32 MiB cap while the connections open).
  const keptPer = (x: IdleMemory) =>
    (x.after.rss - x.after.young - (x.middle.rss - x.middle.young)) / (x.open - x.heldHalf) / 1024;
  const range = (values: number[]) =>
    `${median(values).toFixed(2)} (${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)})`;
  console.log(
    `\n3. memory per idle keep-alive connection, ${count} opened (each served one GET), RSS after a full collection\n`,
  );
  console.log(
    `| server | RSS before (MiB, median) | with ${Math.floor(count / 2)} | with ${count} | RSS KiB per connection, ${Math.floor(count / 2)} → ${count}: median (min–max of ${values['memory-rounds']} rounds) | RSS KiB per connection, 0 → ${count} | RSS less the young generation, ${Math.floor(count / 2)} → ${count} | JS heap KiB per connection, 0 → ${count} | heap committed KiB per connection, 0 → ${count} |`,
  );
  console.log('|:--|--:|--:|--:|--:|--:|--:|--:|--:|');
  const mib = (values: number[]) => (median(values) / 2 ** 20).toFixed(1);
  for (const name of names) {
    const r = results.get(name)!;
    console.log(
      `| ${name} | ${mib(r.map((x) => x.before.rss))} | ${mib(r.map((x) => x.middle.rss))} | ${mib(r.map((x) => x.after.rss))} | ${range(r.map(secondHalf))} | ${range(r.map(overAll))} | ${range(r.map(keptPer))} | ${range(r.map(heapPer))} | ${range(r.map(committedPer))} |`,
    );
  }
  const k = results.get('kitgen');
  const f = results.get('fastify');
  if (k && f) {
    const verdict = (measure: (x: IdleMemory) => number) => {
      const [kk, ff] = [median(k.map(measure)), median(f.map(measure))];
      return `${kk.toFixed(2)} vs ${ff.toFixed(2)} KiB, ${kk <= ff ? 'met' : 'NOT met'}`;
    };
    console.log(
      `\nkitgen ≤ Fastify per idle connection: by RSS (${Math.floor(count / 2)} → ${count}) ${verdict(secondHalf)}; by RSS less the young generation ${verdict(keptPer)}; by JS heap ${verdict(heapPer)}`,
    );
  }
}

/** One reading after a full collection: the process's RSS, and its JavaScript heap (used heap plus external), bytes. */
interface Reading {
  readonly rss: number;
  readonly heap: number;
  /** What V8 has committed for the heap (used or not), plus external memory. */
  readonly committed: number;
  /** The young generation's resident bytes (empty after the collection). */
  readonly young: number;
}

/** A server's memory before, with half and with all of the idle connections, and how many were open at each. */
interface IdleMemory {
  readonly before: Reading;
  readonly middle: Reading;
  readonly after: Reading;
  readonly heldHalf: number;
  readonly open: number;
}

/**
 * One server's RSS before, with `count / 2` and with `count` idle keep-alive connections (each
 * served one GET). The growth from half to all is the figure least moved by how much free heap
 * a server happened to have committed before the first connection came.
 */
async function idleMemory(name: ServerName, count: number, rss: (pid: number) => number): Promise<IdleMemory> {
  // --expose-gc only here: RSS is read after a full collection (serve.ts, SIGUSR2), so that the
  // figure is what the connections keep. Without it, the garbage of the requests served before
  // each reading counted too (bare node:http measured above both frameworks).
  const s = await startServerWith(name, 0, {}, ['--expose-gc']);
  const collected = async (): Promise<Reading> => {
    const line = s.waitForLine(/^COLLECTED /, 10_000);
    process.kill(s.pid, 'SIGUSR2');
    const [, heapUsed, external, heapTotal, young] = (await line).split(' ').map(Number);
    return { rss: rss(s.pid), heap: heapUsed + external, committed: heapTotal + external, young };
  };
  try {
    // Warm: the request path compiled and its buffers allocated before the baseline.
    await runLoad('wrk', {
      url: `http://${host}:${s.port}`,
      request: { method: 'GET', path: '/users/1' },
      durationSec: 2,
      connections: 10,
      threads: 1,
      cpus: pinning?.load,
    });
    await new Promise((r) => setTimeout(r, 1000));
    const before = await collected();
    const half = Math.floor(count / 2);
    const [command, args] = pinned(pinning?.load, process.execPath, [
      `${appsDir}/holdConnections.js`,
      String(s.port),
      String(half),
      host,
    ]);
    const env = { ...process.env };
    delete env.NODE_OPTIONS;
    const holder = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'], env });
    const lines = createInterface({ input: holder.stdout });
    const next = (pattern: RegExp) =>
      new Promise<RegExpExecArray>((resolve, reject) => {
        const onLine = (line: string) => {
          const m = pattern.exec(line);
          if (!m) return;
          lines.off('line', onLine);
          resolve(m);
        };
        lines.on('line', onLine);
        holder.once('exit', (code) => reject(new Error(`holder exited with ${code}`)));
      });
    const heldHalf = Number((await next(/HELD (\d+) (\d+)/))[1]);
    await new Promise((r) => setTimeout(r, 1500));
    const middle = await collected();
    holder.stdin.write('more\n');
    const held = await next(/HELD (\d+) (\d+)/);
    await new Promise((r) => setTimeout(r, 1500));
    const after = await collected();
    holder.stdin.write('status\n');
    const open = Number((await next(/OPEN (\d+)/))[1]);
    holder.stdin.end();
    await new Promise((r) => holder.once('exit', r));
    console.log(`   ${name}: ${held[0]}, ${open} still open at the measurement`);
    return { before, middle, after, heldHalf, open };
  } finally {
    await s.stop();
  }
}
