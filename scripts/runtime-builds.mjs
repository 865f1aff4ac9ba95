// Builds of the runtime's current sources that tests use in place of the sources themselves, each
// made once per content of its inputs under `.tmp/` (`ensureRuntimeDeclarations`, `ensureRuntimeBuild`):
//
// - tsc's per-file declarations. A `tsc` that resolves `@kitgen/runtime` to runtime/src (the
//   `kitgen-source` condition) checks the whole runtime again: 16 s and 1.4 M instantiations for a
//   one-line program that imports it, and `npm test` ran six such programs over generated code.
//   The sources are type-checked once, by runtime/test/typecheck.test.ts.
// - The runtime as it ships (scripts/build-runtime.mjs without declarations), which every process
//   and thread but the runtime's own tests imports as `@kitgen/runtime` (scripts/register-runtime-build.cjs):
//   through tsx the runtime's sources cost ~1 s of CPU to import, the build ~0.2 s.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildOnce } from './build-once.mjs';

const repoRoot = fileURLToPath(new URL('../', import.meta.url));
const runtimeDir = join(repoRoot, 'runtime');

/** Every file under `dir`, sorted, as paths. */
export function filesUnder(dir, out = []) {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) filesUnder(path, out);
    else out.push(path);
  }
  return out;
}

/** `.tmp/<kind>-<hash of the inputs' paths and contents>`. */
export function hashedDir(kind, inputs) {
  const hash = createHash('sha256');
  for (const file of inputs)
    hash.update(file.slice(repoRoot.length)).update('\0').update(readFileSync(file)).update('\0');
  return join(repoRoot, '.tmp', `${kind}-${hash.digest('hex').slice(0, 16)}`);
}

const sources = () => filesUnder(join(runtimeDir, 'src'));

/** Where the declarations of the runtime's current sources live. */
function runtimeDeclarationsDir() {
  const inputs = [
    join(repoRoot, 'tsconfig.base.json'),
    join(runtimeDir, 'tsconfig.build.json'),
    join(repoRoot, 'node_modules/typescript/package.json'),
  ];
  return hashedDir('runtime-types', [...inputs, ...sources()]);
}

/** Where the build of the runtime's current sources lives (its entry is `index.js`, as in the package). */
function runtimeBuildDir() {
  const scripts = ['build-runtime.mjs', 'buildEsmTree.mjs', 'lazyUnicodeRegExps.mjs'].map((f) =>
    join(repoRoot, 'scripts', f),
  );
  const inputs = [...scripts, join(runtimeDir, 'package.json'), join(repoRoot, 'node_modules/esbuild/package.json')];
  return hashedDir('runtime-build', [...inputs, ...filesUnder(join(runtimeDir, 'loader')), ...sources()]);
}

/** Where the runtime's shipped declarations (`index.d.ts`, `client.d.ts`) of the current sources live. */
function runtimeShippedTypesDir() {
  const scripts = ['build-runtime.mjs', 'buildEsmTree.mjs', 'lazyUnicodeRegExps.mjs', 'bundleDeclarations.mjs'].map(
    (f) => join(repoRoot, 'scripts', f),
  );
  const inputs = [
    ...scripts,
    join(repoRoot, 'tsconfig.base.json'),
    join(runtimeDir, 'tsconfig.build.json'),
    join(runtimeDir, 'package.json'),
    join(repoRoot, 'node_modules/typescript/package.json'),
    join(repoRoot, 'node_modules/esbuild/package.json'),
  ];
  return hashedDir('runtime-shipped-types', [...inputs, ...filesUnder(join(runtimeDir, 'loader')), ...sources()]);
}

function run(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: repoRoot,
      env: { ...process.env, NODE_OPTIONS: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${args.join(' ')} failed (exit code ${code}):\n${output}`)),
    );
  });
}

/** `buildOnce`, then the builds of earlier sources beside it go. */
export async function once(dir, make) {
  await buildOnce(dir, make);
  pruneOlder(dir);
  return dir;
}

/** Removes the builds of earlier sources beside `dir` that are over an hour old (a run that still reads one takes minutes). */
function pruneOlder(dir) {
  const prefix = basename(dir).replace(/[0-9a-f]{16}$/, '');
  for (const name of readdirSync(dirname(dir))) {
    const other = join(dirname(dir), name);
    if (other === dir || !name.startsWith(prefix) || !/^[0-9a-f]{16}$/.test(name.slice(prefix.length))) continue;
    if (Date.now() - statSync(other).mtimeMs > 3_600_000) rmSync(other, { recursive: true, force: true });
  }
}

/**
 * A build asked for many times by one process: made (or found) once, then checked at every ask. A
 * run of hours outlives its folder when another job cleans `.tmp/` or prunes it (its sources have
 * changed since), and the child processes it starts then fail on a missing module far from the
 * cause; so a folder that has gone is made again, from the sources as they are now, and one that
 * is still there is touched, which keeps `pruneOlder` from taking a build in use.
 * @param {() => string} locate where the build of the current inputs goes
 * @param {(tmp: string) => Promise<unknown>} make builds into `tmp`
 * @returns {() => Promise<string>} resolves with the folder, there when it resolves
 */
export function keptBuild(locate, make) {
  let pending;
  return async () => {
    pending ??= once(locate(), make);
    const first = pending;
    const dir = await first;
    if (existsSync(join(dir, 'done'))) {
      const now = new Date();
      utimesSync(dir, now, now);
      return dir;
    }
    if (pending === first) pending = once(locate(), make);
    const again = await pending;
    if (!existsSync(join(again, 'done')))
      throw new Error(`${again} was removed as soon as it was built: is another job deleting .tmp/?`);
    return again;
  };
}

// A test file asks for a build at every generated CLI it runs, and the sources do not change
// while it runs (the hash reads all of them), so the hash is taken once per build.
const declarations = keptBuild(runtimeDeclarationsDir, (tmp) =>
  run([
    join(repoRoot, 'node_modules/typescript/bin/tsc'),
    '-p',
    join(runtimeDir, 'tsconfig.build.json'),
    '--outDir',
    tmp,
    '--noCheck',
  ]),
);
const build = keptBuild(runtimeBuildDir, (tmp) =>
  run([join(repoRoot, 'scripts/build-runtime.mjs'), '--outDir', tmp, '--no-declarations']),
);

// The package as `npm run build` makes it, declarations bundled into one `index.d.ts` (typebox's
// inlined), with a package.json naming it: what a user's TypeScript program reads.
const shippedTypes = keptBuild(runtimeShippedTypesDir, async (tmp) => {
  await run([join(repoRoot, 'scripts/build-runtime.mjs'), '--outDir', tmp]);
  writeFileSync(join(tmp, 'package.json'), JSON.stringify({ name: '@kitgen/runtime', type: 'module' }));
});

/**
 * Builds the runtime's shipped declarations unless they exist for these sources (~9 s: the build,
 * tsc's declarations, their bundle); resolves with the folder (`index.d.ts`, `client.d.ts`,
 * `package.json`). A program over them has ~170 files where tsc's per-file declarations make ~770.
 */
export function ensureRuntimeShippedTypes() {
  return shippedTypes();
}

/** Emits the runtime's declarations unless they exist for these sources (`tsc --noCheck`, ~5 s); resolves with their folder. */
export function ensureRuntimeDeclarations() {
  return declarations();
}

/** Builds the runtime as it ships unless it is built for these sources (~2 s); resolves with its folder. */
export function ensureRuntimeBuild() {
  return build();
}
