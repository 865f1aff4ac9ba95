// The shipped runtime's entry (`dist/index.js`, written by scripts/build-runtime.mjs) loads the
// bundle `dist/runtime.cjs` through this function, with a V8 code cache on disk. Compiling the
// ~1 MB bundle is most of what loading the runtime costs (V8 pre-parses every function), and
// Node 20 caches no compiled code of its own (Node 22's `module.enableCompileCache()` does it only
// when the application asks). The bundle is CommonJS because a `vm.Script` takes cached data and
// an ES module, without --experimental-vm-modules, cannot.
//
// The cache is best-effort: any failure (no directory, a stale or damaged file, a read-only disk)
// falls back to compiling, and `NODE_DEBUG=kitgen` says what happened. It follows Node's own
// variables: `NODE_COMPILE_CACHE=<dir>` puts it under `<dir>/kitgen`, `NODE_DISABLE_COMPILE_CACHE=1`
// turns it off. With `--enable-source-maps` the bundle is `require`d instead, so that Node maps
// its stack frames back to `src/*.ts` (Node registers source maps only for modules it loads).
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { debuglog } from 'node:util';
import { Script } from 'node:vm';
import { threadId } from 'node:worker_threads';

const debug = debuglog('kitgen');

/** What the bundle's CommonJS wrapper receives, as Node's own module wrapper passes it. */
type ModuleWrapper = (
  exports: object,
  require: NodeJS.Require,
  module: { exports: object },
  filename: string,
  dirname: string,
) => void;

/**
 * The directory of the cache files, or undefined when caching is off. Only a directory owned by
 * this user or root that nobody else can write to is used (cached data is compiled code, run as it
 * is read); root's lets an image carry a cache made at build time for a server run as another user.
 */
function cacheDirectory(): string | undefined {
  if (process.env.NODE_DISABLE_COMPILE_CACHE) return undefined;
  const uid = process.getuid?.();
  const base = process.env.NODE_COMPILE_CACHE
    ? resolve(process.env.NODE_COMPILE_CACHE)
    : join(tmpdir(), `kitgen-compile-cache-${uid ?? 'user'}`);
  const dir = join(base, 'kitgen');
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    for (const path of [base, dir]) {
      const stats = statSync(path);
      if (uid !== undefined && ((stats.uid !== uid && stats.uid !== 0) || (stats.mode & 0o022) !== 0)) {
        debug('compile cache: %s is writable by others; not used', path);
        return undefined;
      }
    }
    return dir;
  } catch (error) {
    debug('compile cache: %s: %s; not used', dir, (error as Error).message);
    return undefined;
  }
}

/**
 * Loads the CommonJS bundle at `bundle` and returns its exports, compiled from the code cache when
 * one made by this Node for this exact file exists. `buildId` is the bundle's content hash (V8
 * checks a cache against the source's length only, so the file name carries the hash).
 */
export function loadBundle(bundle: URL, buildId: string): Record<string, unknown> {
  const filename = fileURLToPath(bundle);
  const require = createRequire(filename);
  const dir = process.sourceMapsEnabled ? undefined : cacheDirectory();
  if (dir === undefined) return require(filename) as Record<string, unknown>;

  const source = readFileSync(filename, 'utf8');
  const { size, mtimeMs } = statSync(filename);
  const cacheFile = join(
    dir,
    `runtime-${buildId}-${size}-${Math.trunc(mtimeMs)}-${process.version}-${process.arch}.bin`,
  );
  let cachedData: Buffer | undefined;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    cachedData = undefined;
  }
  // Node's own wrapper, so `require`, `module` and `__dirname` mean what they mean in a module and
  // the bundle's lines keep their numbers.
  const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
    filename,
    cachedData,
  });
  const module = { exports: {} as Record<string, unknown> };
  (script.runInThisContext() as ModuleWrapper).call(
    module.exports,
    module.exports,
    require,
    module,
    filename,
    dirname(filename),
  );

  if (cachedData !== undefined && !script.cachedDataRejected) {
    debug('compile cache: used %s', cacheFile);
    return module.exports;
  }
  debug('compile cache: %s %s', cachedData === undefined ? 'no' : 'rejected', cacheFile);
  // Written after the importing program's synchronous start-up code (building its routes), not in its way.
  setImmediate(() => writeCache(script, cacheFile));
  return module.exports;
}

/**
 * Writes the script's code cache to `file` through a temporary file of this process and thread
 * alone, then a rename, so that no reader ever sees half of one.
 */
function writeCache(script: Script, file: string): void {
  const temporary = `${file}.${process.pid}-${threadId}-${randomBytes(4).toString('hex')}.tmp`;
  try {
    writeFileSync(temporary, script.createCachedData(), { mode: 0o600 });
    renameSync(temporary, file);
    debug('compile cache: wrote %s', file);
  } catch (error) {
    debug('compile cache: writing %s: %s', file, (error as Error).message);
    try {
      unlinkSync(temporary);
    } catch {
      // Nothing was written.
    }
  }
}
