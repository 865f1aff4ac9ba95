#!/usr/bin/env node
// The packed tarballs (scripts/packed-packages.mjs), made by `npm test` while the lint runs when a
// test file that installs them is in the run. Without it the first such file packed them in its own
// lane (the runtime's full build with bundled declarations, the compiler's emit and two `npm pack`:
// about a minute of CPU) while the next one, started beside it, sat on the lock doing nothing.
// The tests still call `ensurePackedPackages()`: it finds the packs made here, waits on this
// process's lock while it packs, or packs itself when this process failed or was never started
// (a file run alone).
//
//   node scripts/shared-packs.mjs     packs unless packed for these sources
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensurePackedPackages } from './packed-packages.mjs';

const repoRoot = fileURLToPath(new URL('../', import.meta.url));
const self = fileURLToPath(import.meta.url);

/**
 * The test files (paths relative to the repository) that install the packed tarballs: those that
 * import scripts/packed-packages.mjs.
 * @param {readonly string[]} files
 * @returns {string[]}
 */
export function packUsers(files) {
  return files.filter((f) => readFileSync(join(repoRoot, f), 'utf8').includes('/scripts/packed-packages.mjs'));
}

/**
 * Starts packing in a child process, once `after` has settled, when one of `files` installs the
 * packs; the child's output goes to this process's stderr only if it fails. `after` is the
 * runtime's declarations being built in this process: the runtime's full build reads them, and
 * asked for at once by two processes they would be emitted twice. Returns a function that stops
 * the child (when the run stops early), or undefined when no file needs the packs.
 * @param {readonly string[]} files
 * @param {Promise<unknown>} [after]
 * @returns {(() => void) | undefined}
 */
export function startSharedPacks(files, after = Promise.resolve()) {
  if (packUsers(files).length === 0) return undefined;
  let stopped = false;
  let child;
  void after.then(() => {
    if (stopped) return;
    // Its own process group, so that stopping it stops the builds it waits on (spawnSync children).
    child = spawn(process.execPath, [self], {
      cwd: repoRoot,
      env: { ...process.env, NODE_OPTIONS: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    // A failed pack is the tests' to report (each packs again and fails with the cause); this says so early.
    child.on('close', (code, signal) => {
      if (code !== 0 && signal === null) console.error(`npm test: packing ahead of the tests failed:\n${output}`);
    });
  });
  return () => {
    stopped = true;
    if (child?.pid === undefined || child.exitCode !== null) return;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // the group has ended already
    }
  };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const packs = await ensurePackedPackages();
  console.log(JSON.stringify(packs));
}
