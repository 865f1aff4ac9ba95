// The repository's type-check (`tsc -p tsconfig.json --noEmit`, what runtime/test/typecheck.test.ts
// asserts on), started by `npm test` before the lint: ESLint, dependency-cruiser and prettier keep
// one core busy for about a minute, and tsc, single-threaded too, fills the other instead of holding
// a test lane for ~50 s later. The test reads the result from the file named by KITGEN_TEST_TYPECHECK
// (waiting for it if tsc has not finished); run without `npm test`, the test runs tsc itself.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../', import.meta.url));

/** The command that type-checks the repository, sources, tests and type tests alike. */
export function typecheckCommand() {
  const tsc = join(dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin', 'tsc');
  return [process.execPath, [tsc, '-p', 'tsconfig.json', '--noEmit']];
}

/**
 * Starts the type-check; its exit status and output are written to `file` (JSON, renamed into
 * place when complete) once it ends. Returns tsc's process (to kill when the run stops early).
 * @param {string} file
 * @returns {import('node:child_process').ChildProcess}
 */
export function startTypecheck(file) {
  rmSync(file, { force: true });
  const [command, args] = typecheckCommand();
  let output = '';
  const done = (status, extra = '') => {
    writeFileSync(`${file}.part`, JSON.stringify({ status, output: output + extra }));
    renameSync(`${file}.part`, file);
  };
  const child = spawn(command, args, {
    cwd: repoRoot,
    env: { ...process.env, NODE_OPTIONS: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (c) => (output += c));
  child.stderr.on('data', (c) => (output += c));
  child.on('error', (error) => done(null, `\n${error.message}`));
  child.on('close', (code, signal) => done(code, signal ? `\nkilled by ${signal}` : ''));
  return child;
}

/**
 * The result `startTypecheck` writes to `file`, once it is there.
 * @param {string} file
 * @returns {Promise<{ status: number | null, output: string }>}
 */
export async function typecheckResult(file) {
  while (!existsSync(file)) await sleep(200);
  return JSON.parse(readFileSync(file, 'utf8'));
}
