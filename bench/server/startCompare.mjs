// Wall time to listening of two runtime bundles side by side, with node:http's own start:
// `node bench/server/startCompare.mjs <before/index.js> <after/index.js> [rounds=21] [routes=1000]`.
// Each process is pinned to CPU 0 (taskset) and the three alternate every round; medians and
// ranges in ms from the process's start (startApp.mjs's `total`).
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const [before, after, rounds = '21', routes = '1000'] = process.argv.slice(2);
if (!before || !after) throw new Error('usage: startCompare.mjs <before bundle> <after bundle> [rounds] [routes]');
const app = fileURLToPath(new URL('./startApp.mjs', import.meta.url));
const nodeHttp =
  "const s = require('node:http').createServer(); s.listen(0, '127.0.0.1', () => { console.log(performance.now()); s.close(); });";
const pinned = (args, env = {}) =>
  execFileSync('taskset', ['-c', '0', process.execPath, ...args], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
const times = { before: [], after: [], 'node:http': [] };
for (let i = 0; i < Number(rounds); i++) {
  times.before.push(JSON.parse(pinned([app], { RT: before, N: routes })).total);
  times.after.push(JSON.parse(pinned([app], { RT: after, N: routes })).total);
  times['node:http'].push(Number(pinned(['-e', nodeHttp])));
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
for (const [name, xs] of Object.entries(times)) {
  console.log(
    `${name.padEnd(10)} median ${median(xs).toFixed(0)} ms  min ${Math.min(...xs).toFixed(0)}  max ${Math.max(...xs).toFixed(0)}`,
  );
}
