#!/usr/bin/env node
// Measures the CPU each test file costs, alone: `node --test <file>` with `npm test`'s NODE_OPTIONS
// and shared builds, under `/usr/bin/time` (user + sys of the process and the children it waited
// for), one file after another at a low priority. On a machine others load, wall times vary by
// a factor of three; CPU seconds are what to compare between two runs of this script.
//
//   node scripts/test-cpu-times.mjs [--no-tree] <out.tsv> [filters…]
//
// With the sources' JavaScript tree as `npm test` has it (scripts/source-tree.mjs), no tsx;
// `--no-tree` loads the sources through tsx, as before it.
//
// Each row: file, wall s, user s, sys s, CPU s, tests, pass, fail, skipped, the 1-minute load.
// A file whose row is already in <out.tsv> is not run again (an interrupted run goes on).
import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBundledTypebox } from './bundled-typebox.mjs';
import { nodeOptions } from './node-options.mjs';
import { ensureRuntimeBuild } from './runtime-builds.mjs';
import { ensureSourceTree } from './source-tree.mjs';

const root = fileURLToPath(new URL('../', import.meta.url));
const noTree = process.argv.includes('--no-tree');
const [out, ...filters] = process.argv.slice(2).filter((a) => a !== '--no-tree');
if (!out) {
  console.error('usage: test-cpu-times.mjs <out.tsv> [filters...]');
  process.exit(2);
}

function collect(dir, acc = []) {
  for (const name of readdirSync(dir).sort()) {
    if (['node_modules', 'dist', 'fixtures', '.tmp'].includes(name)) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) collect(path, acc);
    else if (name.endsWith('.test.ts')) acc.push(relative(root, path));
  }
  return acc;
}

const files = ['runtime/test', 'compiler/test', 'test']
  .filter((d) => existsSync(join(root, d)))
  .flatMap((d) => collect(join(root, d)))
  .filter((f) => filters.length === 0 || filters.some((s) => f.includes(s)));
const done = new Set(
  existsSync(out)
    ? readFileSync(out, 'utf8')
        .split('\n')
        .map((l) => l.split('\t')[0])
    : [],
);
if (!existsSync(out)) appendFileSync(out, 'file\twall\tuser\tsys\tcpu\ttests\tpass\tfail\tskipped\tload\n');

await ensureBundledTypebox();
const env = {
  ...process.env,
  NODE_OPTIONS: nodeOptions(process.env.NODE_OPTIONS, { tsx: noTree }),
  KITGEN_TEST_RUNTIME_BUILD: await ensureRuntimeBuild(),
  ...(noTree ? {} : { KITGEN_TEST_SOURCE_TREE: await ensureSourceTree() }),
};

for (const file of files) {
  if (done.has(file)) continue;
  const timeFile = `${out}.time`;
  const load = loadavg()[0].toFixed(1);
  let tap = '';
  const code = await new Promise((resolve) => {
    const child = spawn(
      'nice',
      [
        '-n',
        '10',
        '/usr/bin/time',
        '-f',
        '%e\t%U\t%S',
        '-o',
        timeFile,
        process.execPath,
        '--test',
        '--test-reporter=tap',
        file,
      ],
      { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    child.stdout.on('data', (c) => (tap += c));
    child.on('close', resolve);
  });
  const [wall, user, sys] = readFileSync(timeFile, 'utf8').trim().split('\n').pop().split('\t').map(Number);
  rmSync(timeFile, { force: true });
  const count = (key) => tap.match(new RegExp(`^# ${key} (\\d+)$`, 'm'))?.[1] ?? '?';
  const row = [file, wall, user, sys, (user + sys).toFixed(2)];
  row.push(count('tests'), count('pass'), count('fail'), count('skipped'), load);
  appendFileSync(out, `${row.join('\t')}\n`);
  console.log(`${row.join('\t')}${code === 0 ? '' : `\t(exit ${code})`}`);
}
