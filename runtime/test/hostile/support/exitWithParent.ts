// For the apps the hostile suite starts as child processes: end this process when the test
// process that started it is gone (killed by a timeout, a crash, Ctrl-C), so that no server
// lingers and keeps a port and a core. A watcher thread does it, not an event on the main
// thread: a referee stalled in a catastrophic regular expression never gets to run a handler.
import { Worker } from 'node:worker_threads';

const WATCHER = `
const { workerData } = require('node:worker_threads');
setInterval(() => { if (process.ppid !== workerData) process.kill(process.pid, 'SIGKILL'); }, 250);
`;

/** Starts the watcher (once per process); it keeps nothing alive by itself. */
export function exitWithParent(): void {
  new Worker(WATCHER, { eval: true, workerData: process.ppid }).unref();
}
