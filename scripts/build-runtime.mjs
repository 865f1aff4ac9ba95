// Builds @kitgen/runtime as it ships (docs/decisions.md, "the runtime ships bundled"):
// `dist/runtime.cjs`, one CommonJS bundle by esbuild with typebox inlined and every other
// dependency external, plus its source map; `dist/index.js`, the ESM entry that compiles it with a
// V8 code cache (runtime/loader/loadBundle.ts) and re-exports its names; `dist/index.d.ts`,
// tsc's declarations bundled into one file with typebox's inlined (scripts/bundleDeclarations.mjs);
// `dist/esm/`, the sources as ES modules file by file, what bundlers, browsers, workers and Deno
// take (scripts/buildEsmTree.mjs); and the client entry (`@kitgen/runtime/client`): `dist/client.js`
// for node, the same names as `dist/index.js` gives, and `dist/client.d.ts`.
// Node's ESM loader pays per file (resolve, stat, read, link), and typebox's ESM build is ~680
// files, so the per-file build took ~0.8 s to import; an editor pays per declaration file too.
//
//   node scripts/build-runtime.mjs [--outDir <dir>] [--no-declarations]
//
// `--outDir` (default runtime/dist) is emptied first, so no stale per-file output ships.
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { bundleDeclarations } from './bundleDeclarations.mjs';
import { ensureRuntimeDeclarations } from './runtime-builds.mjs';
import { lazyUnicodeRegExps } from './lazyUnicodeRegExps.mjs';
import { buildEsmTree, clientExportNames } from './buildEsmTree.mjs';

const repoRoot = fileURLToPath(new URL('../', import.meta.url));
const runtimeDir = resolve(repoRoot, 'runtime');
const { values } = parseArgs({
  options: { outDir: { type: 'string' }, 'no-declarations': { type: 'boolean', default: false } },
});
const outDir = resolve(values.outDir ?? resolve(runtimeDir, 'dist'));

/** The dependencies that stay imports of the user's installed packages: all but typebox (inlined). */
const pkg = JSON.parse(readFileSync(resolve(runtimeDir, 'package.json'), 'utf8'));
const external = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {})].filter(
  (name) => name !== 'typebox',
);
const inlined = 'typebox';

rmSync(outDir, { recursive: true, force: true });

if (!values['no-declarations']) {
  // tsc's per-file declarations (`tsc --noCheck`, kept in `.tmp/` per content of the sources, where
  // their `typebox` imports resolve and `npm test` reads them too: scripts/runtime-builds.mjs), then
  // one bundle of them (scripts/bundleDeclarations.mjs). --noCheck: emit without reporting type
  // errors (a third of the time); `npm test` type-checks the sources (runtime/test/typecheck.test.ts)
  // and the shipped file (compiler/test/consumer.test.ts).
  let perFile;
  try {
    perFile = await ensureRuntimeDeclarations();
  } catch (error) {
    console.error(`build-runtime: ${error.message}`);
    process.exit(1);
  }
  bundleDeclarations({ dir: perFile, outFile: resolve(outDir, 'index.d.ts') });
}

// The package's `#validator-engine` import names files of the shipped `dist/esm/` (and the
// browser's engine under `browser`); the Node bundle takes TypeBox's engine from the sources.
const validatorEngineSource = {
  name: 'validator-engine-source',
  setup(b) {
    b.onResolve({ filter: /^#validator-engine$/ }, () => ({
      path: resolve(runtimeDir, 'src/schema/typeboxEngine.ts'),
    }));
  },
};

/**
 * One bundle of the runtime's sources in `format`, typebox inlined and its module-level Unicode
 * patterns made lazy, every other dependency external, as one-byte text.
 */
async function bundleRuntime(outfile, format, options = {}) {
  const lazyRegExps = { rewritten: 0 };
  const result = await build({
    entryPoints: [resolve(runtimeDir, 'src/index.ts')],
    outfile,
    bundle: true,
    format,
    platform: 'node',
    target: 'node20',
    external: external.flatMap((name) => [name, `${name}/*`]),
    // The runtime's own sources, not the `kitgen-source` condition's TypeScript of another package.
    conditions: ['import', 'node', 'default'],
    sourcemap: 'linked',
    // No keepNames: its helpers rename every closure made per request (docs/benchmarks.md).
    keepNames: false,
    minify: false,
    legalComments: 'eof',
    logLevel: 'warning',
    metafile: true,
    plugins: [lazyUnicodeRegExps(lazyRegExps), validatorEngineSource],
    ...options,
  });
  if (result.errors.length > 0) process.exit(1);
  const inputs = Object.keys(result.metafile.inputs);
  if (!inputs.some((p) => p.includes(`node_modules/${inlined}/`))) {
    console.error(`build-runtime: ${inlined} is not in the bundle; the runtime would import ${inlined} file by file`);
    process.exit(1);
  }
  if (lazyRegExps.rewritten === 0) {
    console.error(
      `build-runtime: no Unicode RegExp of ${inlined} was made lazy; has its module shape changed? (scripts/lazyUnicodeRegExps.mjs)`,
    );
    process.exit(1);
  }
  // One-byte source: esbuild escapes non-ASCII text in code (`charset: 'ascii'`, its default) but
  // keeps the comments it carries over as written, and one `→` in a comment makes V8 decode the
  // whole 1 MB file to UTF-16 and scan it two bytes a character (~8 ms of a server's start). Every
  // non-ASCII character left is inside a comment, where a `\uXXXX` escape reads the same.
  const text = readFileSync(outfile, 'utf8');
  const ascii = text.replace(/[\u0080-\uffff]/g, (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`);
  if (ascii !== text) writeFileSync(outfile, ascii);
}

// What node runs: CommonJS, so that dist/index.js can compile it through a `vm.Script` with a code
// cache (runtime/loader/loadBundle.ts); `import.meta.url` is the bundle's own URL, as in ESM.
const bundleFile = resolve(outDir, 'runtime.cjs');
await bundleRuntime(bundleFile, 'cjs', {
  define: { 'import.meta.url': '__kitgenBundleUrl' },
  banner: { js: 'var __kitgenBundleUrl = require("node:url").pathToFileURL(__filename).href;' },
});
// What bundlers take (the `module`, `browser`, `worker` and `deno` export conditions, which node
// does not read): the sources as ES modules, one file each, which a user's bundle inlines where the
// loader's `dist/runtime.cjs`, read from disk at run time, would be left behind, and whose unused
// modules and exports it drops: a page keeps only the client code it calls.
try {
  await buildEsmTree({ srcDir: resolve(runtimeDir, 'src'), outDir: resolve(outDir, 'esm') });
} catch (error) {
  console.error(`build-runtime: ${error.message}`);
  process.exit(1);
}

// The ESM entry users import: the loader, then every export of the bundle by name (an ES module's
// names are static, so they are listed here from the bundle itself). The build id is the bundle's
// content hash, which names its code cache.
const bundleText = readFileSync(bundleFile);
const buildId = createHash('sha256').update(bundleText).digest('hex').slice(0, 16);
const names = Object.keys(createRequire(import.meta.url)(bundleFile)).sort();
const notIdentifier = names.filter((name) => !/^[A-Za-z_$][\w$]*$/.test(name) || name === 'default');
if (names.length === 0 || notIdentifier.length > 0) {
  console.error(
    `build-runtime: the bundle's exports cannot be listed as names: ${notIdentifier.join(', ') || '(none)'}`,
  );
  process.exit(1);
}
const entry = await build({
  stdin: {
    contents: [
      `import { loadBundle } from './loader/loadBundle.ts';`,
      `const runtime = loadBundle(new URL('./runtime.cjs', import.meta.url), ${JSON.stringify(buildId)});`,
      `export const { ${names.join(', ')} } = runtime;`,
    ].join('\n'),
    resolveDir: runtimeDir,
    sourcefile: 'index.js',
    loader: 'js',
  },
  outfile: resolve(outDir, 'index.js'),
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  minify: false,
  logLevel: 'warning',
});
if (entry.errors.length > 0) process.exit(1);

// The client entry under node: its names from the one runtime `dist/index.js` loads, so that a
// program importing both entries has one Endpoint class, one codec registry, one CodecConfig.
const clientNames = clientExportNames(resolve(runtimeDir, 'src/client.ts'));
const clientValues = names.filter((name) => clientNames.values.includes(name));
const missing = clientNames.values.filter((name) => !names.includes(name));
if (missing.length > 0) {
  console.error(`build-runtime: the client entry exports what the main entry does not: ${missing.join(', ')}`);
  process.exit(1);
}
const header =
  '// @kitgen/runtime/client on node: the web-standard part of the runtime, from the one runtime dist/index.js loads.\n';
writeFileSync(resolve(outDir, 'client.js'), `${header}export { ${clientValues.join(', ')} } from './index.js';\n`);
if (!values['no-declarations']) {
  const all = [...clientNames.values, ...clientNames.types].sort();
  writeFileSync(resolve(outDir, 'client.d.ts'), `${header}export { ${all.join(', ')} } from './index.js';\n`);
}
