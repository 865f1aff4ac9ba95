// The two packages as `npm pack` makes them from the current sources, for the tests that install
// them into a fresh project (compiler/test/consumer.test.ts, compiler/test/client-browser.test.ts):
// packed once per content of their inputs into `.tmp/packed-<hash>/`, from staged copies of the
// packages, so a test never rewrites runtime/dist or compiler/dist while others read them.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { filesUnder, hashedDir, once } from './runtime-builds.mjs';

const repoRoot = fileURLToPath(new URL('../', import.meta.url));

function inputs() {
  const files = [
    'package.json',
    'README.md',
    'tsconfig.base.json',
    'compiler/tsconfig.build.json',
    'runtime/package.json',
    'node_modules/typescript/package.json',
  ];
  const scripts = [
    'build-runtime.mjs',
    'buildEsmTree.mjs',
    'bundleDeclarations.mjs',
    'lazyUnicodeRegExps.mjs',
    'packed-packages.mjs',
  ].map((f) => `scripts/${f}`);
  const dirs = ['runtime/src', 'runtime/loader', 'compiler/src', 'templates', 'bin'].flatMap((d) =>
    filesUnder(join(repoRoot, d)),
  );
  return [...[...files, ...scripts].map((f) => join(repoRoot, f)), ...dirs];
}

function run(command, args, cwd) {
  const r = spawnSync(command, args, {
    cwd,
    env: { ...process.env, NODE_OPTIONS: '' },
    encoding: 'utf8',
    timeout: 600_000,
  });
  if (r.status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed in ${cwd} (exit ${r.status}):\n${r.stdout}\n${r.stderr}`);
}

let packed;

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Runs `make` unless another process is packing the same sources: then waits for its result
 * (`dir/done`), so test files that start together pack once; a lock left by a process that died
 * is taken over.
 */
async function oneAtATime(dir, make) {
  const lock = `${dir}.lock`;
  for (;;) {
    if (existsSync(join(dir, 'done'))) return dir;
    try {
      mkdirSync(lock);
      writeFileSync(join(lock, 'pid'), String(process.pid));
      break;
    } catch {
      let owner = NaN;
      try {
        owner = Number(readFileSync(join(lock, 'pid'), 'utf8'));
      } catch {
        // the owner has not written its pid yet
      }
      if (Number.isInteger(owner) && !alive(owner)) rmSync(lock, { recursive: true, force: true });
      else await sleep(500);
    }
  }
  try {
    return await once(dir, make);
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * Packs `@kitgen/runtime` and `kitgen` unless they are packed for these sources; resolves with the
 * two tarballs' paths. Each package is staged as `npm pack` sees it: the runtime with its full build
 * (scripts/build-runtime.mjs, declarations included), the compiler with `tsc`'s output.
 */
export function ensurePackedPackages() {
  packed ??= oneAtATime(hashedDir('packed', inputs()), async (tmp) => {
    const runtime = join(tmp, 'stage', 'runtime');
    mkdirSync(runtime, { recursive: true });
    cpSync(join(repoRoot, 'runtime', 'package.json'), join(runtime, 'package.json'));
    cpSync(join(repoRoot, 'runtime', 'src'), join(runtime, 'src'), { recursive: true });
    run(
      process.execPath,
      [join(repoRoot, 'scripts', 'build-runtime.mjs'), '--outDir', join(runtime, 'dist')],
      repoRoot,
    );

    const kitgen = join(tmp, 'stage', 'kitgen');
    mkdirSync(kitgen, { recursive: true });
    for (const entry of ['package.json', 'README.md', 'bin', 'templates'])
      cpSync(join(repoRoot, entry), join(kitgen, entry), { recursive: true });
    const tsc = join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc');
    run(
      process.execPath,
      [
        tsc,
        '-p',
        join(repoRoot, 'compiler', 'tsconfig.build.json'),
        '--noCheck',
        '--outDir',
        join(kitgen, 'compiler', 'dist'),
      ],
      repoRoot,
    );

    const packs = join(tmp, 'packs');
    mkdirSync(packs);
    for (const dir of [runtime, kitgen])
      run('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', packs], dir);
  }).then((dir) => {
    const tarballs = readdirSync(join(dir, 'packs')).sort();
    const find = (prefix) => {
      const name = tarballs.find((t) => t.startsWith(prefix));
      if (name === undefined) throw new Error(`no ${prefix}*.tgz in ${dir}/packs: ${tarballs.join(', ')}`);
      return join(dir, 'packs', name);
    };
    return { runtime: find('kitgen-runtime-'), kitgen: find('kitgen-0') };
  });
  return packed;
}
