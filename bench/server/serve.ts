/**
 * Entry of one benchmark server process, compiled to JavaScript by buildApps.ts and run as
 * `node serve.js <server> [host]` — plain node, as each framework's users run it. Starts the
 * server, prints `READY <port> <ms from process start> <ms from app start>` on stdout for the parent, and on SIGTERM
 * closes the server and exits 0. The profiler (profiler.ts) is loaded only when
 * `KITGEN_BENCH_PROFILER=1` (bench:server:profile), never in a measured run.
 */
import { getHeapSpaceStatistics } from 'node:v8';
import { extraRoutesFromEnv } from './manyRoutes.ts';
import { isServerName, loadServer } from './servers/index.ts';

const started = performance.now();
const [name = '', host = '127.0.0.1'] = process.argv.slice(2);
if (!isServerName(name)) {
  console.error(`serve: unknown server '${name}'`);
  process.exit(2);
}

const start = await loadServer(name);
const server = await start(host, extraRoutesFromEnv());
// Milliseconds to listening: from the process's start (node's own boot included: what a user
// waits for) and from this file's first line (loading the framework, building the routes).
const now = performance.now();
process.stdout.write(`READY ${server.port} ${now.toFixed(1)} ${(now - started).toFixed(1)}\n`);

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  // Connections the load generator left open must not hold the exit (and the profile) back.
  const cap = setTimeout(() => process.exit(0), 5_000);
  server.close().then(
    () => {
      clearTimeout(cap);
      process.exit(0);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
// bench:routes' memory measurement starts servers with --expose-gc and asks for a full collection
// before each RSS reading, so that what it compares is what the connections keep, not garbage
// the warm-up requests left (when the flag is absent, as in every other run, nothing listens).
const collect = (globalThis as { gc?: () => void }).gc;
if (collect !== undefined) {
  process.on('SIGUSR2', () => {
    collect();
    const m = process.memoryUsage();
    // heapTotal: what V8 has committed for its heap, used or not (part of RSS either way). The
    // young generation is empty after the collection; its resident pages follow how fast the
    // process allocated before, not what it keeps.
    const young = getHeapSpaceStatistics()
      .filter((space) => space.space_name === 'new_space' || space.space_name === 'new_large_object_space')
      .reduce((sum, space) => sum + space.physical_space_size, 0);
    process.stdout.write(`COLLECTED ${m.heapUsed} ${m.external} ${m.heapTotal} ${young}\n`);
  });
}
if (process.env.KITGEN_BENCH_PROFILER === '1') {
  // stdin carries profiling commands; its end means the parent went away.
  (await import('./profiler.ts')).listenForProfilingCommands(stop);
} else {
  // The end of stdin means the parent went away (killed, crashed): no server is left behind.
  // An idle pipe: nothing runs per request.
  process.stdin.on('end', stop).resume();
}
