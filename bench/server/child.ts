/**
 * Entry of one benchmark server process: `child.ts <server> [host]`. Starts the server, prints
 * `READY <port>` on stdout for the parent, answers profiling commands on stdin (profiler.ts),
 * and on SIGTERM closes the server and exits 0 (a normal exit, so `--cpu-prof` can write too).
 */
import { listenForProfilingCommands } from './profiler.ts';
import { isServerName, loadServer } from './servers/index.ts';

const [name = '', host = '127.0.0.1'] = process.argv.slice(2);
if (!isServerName(name)) {
  console.error(`child.ts: unknown server '${name}'`);
  process.exit(2);
}

const start = await loadServer(name);
const server = await start(host);
process.stdout.write(`READY ${server.port}\n`);

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
// stdin carries profiling commands; its end means the parent went away (killed, crashed),
// which must not leave a server behind.
listenForProfilingCommands(stop);
