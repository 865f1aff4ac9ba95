#!/usr/bin/env node
// `npm test`: finds every *.test.ts under the workspace's test folders and runs them with
// Node's own test runner. Extra arguments are file filters (substring match on the path).
// Without filters it runs `npm run lint` first (ESLint, dependency-cruiser's layering rules,
// prettier --check), so a broken layer fails CI before the tests take their minutes.
// `--hostile` runs the hostile-input suite instead (*.hostile.ts, one file at a time: it
// measures memory and latency, which files running side by side would disturb).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { ensureBundledTypebox } from './bundled-typebox.mjs';
import { nodeOptions } from './node-options.mjs';
import { ensureRuntimeBuild, ensureRuntimeDeclarations, ensureRuntimeShippedTypes } from './runtime-builds.mjs';
import { startSharedPacks } from './shared-packs.mjs';
import { ensureSourceTree } from './source-tree.mjs';
import { startTypecheck } from './typecheck-early.mjs';

const root = new URL('..', import.meta.url).pathname;
const roots = ['runtime/test', 'compiler/test', 'test'];
const skip = new Set(['node_modules', 'dist', 'fixtures', '.tmp']);

function collect(dir, out) {
  let entries;
  try {
    entries = readdirSync(dir);
  } catch {
    return out;
  }
  for (const name of entries) {
    if (skip.has(name)) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) collect(path, out);
    else if (name.endsWith(suffix)) out.push(relative(root, path));
  }
  return out;
}

const hostile = process.argv.includes('--hostile');
const suffix = hostile ? '.hostile.ts' : '.test.ts';
const filters = process.argv.slice(2).filter((a) => a !== '--hostile');
// The slowest files (seconds of wall time in a full run on two cores, 2026-11-28) start first, so
// that none of them begins last and runs alone while the other slot sits idle: with files in
// name order the run ended on the repository's 43 s type-check. The type-check itself comes first:
// tsc started before the lint (scripts/typecheck-early.mjs), and until it ends the test waits on it
// while one other file runs.
const slowFirst = [
  'runtime/test/typecheck.test.ts', // 53 before tsc moved beside the lint
  'runtime/test/server-cluster.test.ts', // 77
  'compiler/test/codefirst-incremental.test.ts', // 69
  'compiler/test/codefirst-errors.test.ts', // 68
  'compiler/test/typescript7.test.ts', // 64
  'compiler/test/consumer.test.ts', // 53
  'compiler/test/real-world-wire.test.ts', // 51
  'compiler/test/plugin-vite.test.ts', // 40
  'compiler/test/bench-codefirst.test.ts', // 40
  'compiler/test/plugin-esbuild.test.ts', // 38
  'compiler/test/e2e-operation-fixtures.test.ts', // with the next, 59
  'compiler/test/e2e-schema-fixtures.test.ts',
  'runtime/test/codec-json-linear-property.test.ts', // 33
  'compiler/test/plugin-bundlers.test.ts', // 33
  'compiler/test/plugin-register.test.ts', // 30
  'compiler/test/golden.test.ts', // 28
  'compiler/test/check-mutants.test.ts', // 28
  'runtime/test/server-haproxy.test.ts', // 27
  'compiler/test/real-world.test.ts', // 26
  'compiler/test/codefirst-cache.test.ts', // 26
  'compiler/test/codefirst-e2e.test.ts', // 24
  'compiler/test/client-browser.test.ts', // 24
  'compiler/test/robustness.test.ts', // 21
];
const rank = (f) => (slowFirst.includes(f) ? slowFirst.indexOf(f) : slowFirst.length);
const files = roots
  .flatMap((r) => collect(join(root, r), []))
  .sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0))
  .filter((f) => filters.length === 0 || filters.some((s) => f.includes(s)));
if (files.length === 0) {
  console.error('no test files found');
  process.exit(1);
}
// What the tests share, built while the lint runs (it keeps one core busy): typebox in one bundle,
// the runtime's declarations and its build (scripts/runtime-builds.mjs says which tests use them),
// the sources' JavaScript tree that every test process loads in place of the `.ts` files through
// tsx (scripts/source-tree.mjs; without it they load through tsx, as `node --test` alone does).
// One that cannot be built (a runtime source esbuild or tsc refuses) is reported, and the tests run
// without it: those that need it fail, the others still tell what they test.
const built = (promise, what) =>
  promise.catch((error) => {
    console.error(
      `npm test: ${what} could not be built (tests that need it fail, the others run without it):\n${error.message}`,
    );
    return undefined;
  });
// The repository's type-check, beside the lint and the builds, when its test is to run.
const typecheckFile = join(root, '.tmp', `typecheck-${process.pid}.json`);
const typecheck = !hostile && files.includes('runtime/test/typecheck.test.ts');
if (typecheck) {
  mkdirSync(dirname(typecheckFile), { recursive: true });
  const tsc = startTypecheck(typecheckFile);
  // A run that stops early (the lint failed) leaves neither tsc nor its result behind.
  process.on('exit', () => {
    tsc.kill();
    rmSync(typecheckFile, { force: true });
  });
}
const declarations = hostile ? undefined : built(ensureRuntimeDeclarations(), "the runtime's declarations");
// The packed tarballs, beside the lint, when a file that installs them is to run; not awaited here:
// those files wait on the packing process's lock (scripts/shared-packs.mjs), the others start at once.
const stopPacking = hostile ? undefined : startSharedPacks(files, declarations);
if (stopPacking) process.on('exit', stopPacking);
// The shipped declarations bundle (what test projects' TypeScript programs read) is made from tsc's
// declarations, so after them: started at once, it would emit them a second time beside.
const shippedTypes = hostile
  ? undefined
  : built(
      declarations.then(() => ensureRuntimeShippedTypes()),
      "the runtime's shipped declarations",
    );
const shared = Promise.all([
  built(ensureBundledTypebox(), 'the typebox bundle'),
  ...(hostile ? [] : [declarations, built(ensureRuntimeBuild(), "the runtime's build")]),
  built(ensureSourceTree(), "the sources' JavaScript tree"),
]);
if (filters.length === 0 && !hostile) {
  const lint = await new Promise((resolve) =>
    spawn('npm', ['run', '--silent', 'lint'], { cwd: root, stdio: 'inherit' }).on('close', resolve),
  );
  if (lint !== 0) {
    console.error('npm test: npm run lint failed (see above); fix it, or run the tests alone with a filter');
    process.exit(lint ?? 1);
  }
}
const builds = await shared;
await shippedTypes;
const [runtimeBuild, sourceTree] = [hostile ? undefined : builds[2], builds.at(-1)];
// Three files at a time on CI's two cores: most tests wait on sockets and subprocesses, not the
// CPU, and at two files a core sat idle 15% of the run (a clean clone, 2026-11-29: npm test 782 s
// at two, 680 s at three, the same 1,824 tests passing, ~1,260 CPU-s either way). A test that
// hangs fails after 5 minutes instead of holding CI to its limit (KITGEN_TEST_TIMEOUT_MS raises it on
// a machine loaded by other work, where the slowest files need longer).
const timeoutMs = Number(process.env.KITGEN_TEST_TIMEOUT_MS) > 0 ? Number(process.env.KITGEN_TEST_TIMEOUT_MS) : 300000;
const timesFile = join(root, '.tmp', hostile ? 'test-times-hostile.tsv' : 'test-times.tsv');
mkdirSync(dirname(timesFile), { recursive: true });
// Not spawnSync: this process reads the type-check's output while the tests run.
const status = await new Promise((resolve) =>
  spawn(
    process.execPath,
    [
      '--test',
      '--test-reporter=spec',
      '--test-reporter-destination=stdout',
      `--test-reporter=${join(root, 'scripts', 'test-file-times.mjs')}`,
      `--test-reporter-destination=${timesFile}`,
      `--test-concurrency=${hostile ? 1 : 3}`,
      `--test-timeout=${timeoutMs}`,
      ...files,
    ],
    {
      cwd: root,
      stdio: 'inherit',
      // The runtime's build for all but the runtime's own tests (scripts/register-runtime-build.cjs).
      env: {
        ...process.env,
        NODE_OPTIONS: nodeOptions(process.env.NODE_OPTIONS, { tsx: !sourceTree }),
        ...(runtimeBuild ? { KITGEN_TEST_RUNTIME_BUILD: runtimeBuild } : {}),
        ...(sourceTree ? { KITGEN_TEST_SOURCE_TREE: sourceTree } : {}),
        ...(typecheck ? { KITGEN_TEST_TYPECHECK: typecheckFile } : {}),
      },
    },
  )
    .on('error', () => resolve(1))
    .on('close', (code) => resolve(code ?? 1)),
);
// The slowest files of this run (all of them in the file), for keeping CI's duration in hand.
if (files.length > 1 && existsSync(timesFile)) {
  const rows = readFileSync(timesFile, 'utf8').trim().split('\n').filter(Boolean);
  // Runs side by side write the same file: a row another run garbled is left out, never fatal.
  const shown = rows
    .map((row) => row.split('\t'))
    .filter(([seconds, file]) => seconds !== undefined && file !== undefined)
    .slice(0, 12)
    .map(([seconds, file]) => `  ${seconds.padStart(6)} s  ${relative(root, file)}`);
  console.log(
    `npm test: the ${shown.length} slowest of ${rows.length} files (all in ${relative(root, timesFile)}):\n${shown.join('\n')}`,
  );
}
process.exit(status);
