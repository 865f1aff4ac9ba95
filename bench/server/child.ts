/**
 * Entry of one benchmark server process: `child.ts <server> [host]`. Starts the server, prints
 * `READY <port>` on stdout for the parent, and on SIGTERM closes it and exits 0 (a normal exit,
 * so `--cpu-prof` gets to write its profile).
 */
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
// The parent going away (killed, crashed) must not leave a server behind.
process.stdin.on('end', stop);
process.stdin.resume();
