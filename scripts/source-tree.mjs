// The runtime's and the compiler's sources as JavaScript, one module per source file, built once per
// content of the sources under `.tmp/source-tree-<hash>/` (same relative paths, `.ts` → `.js`, a
// linked source map beside each). `npm test` names it in KITGEN_TEST_SOURCE_TREE, and every test
// process, subprocess and worker thread loads these modules where it imports a source file
// (scripts/source-tree-hooks.mjs): through tsx's hooks each of the ~480 modules was a resolve and a
// load across the hooks thread and a transform or a cache read, ~1–2 s of CPU in every process.
//
// The transform is tsx's own (esbuild, the same target, `keepNames`, whitespace minified, the
// repository's compiler options), so the code that runs is what tsx would have run. Two things
// tsx keeps and a file elsewhere would not, kept here too: `import.meta.url` is the source file's
// URL (sources find templates, workers and package.json from it, and callSite() tells the
// runtime's frames by it), and import specifiers stay as written (`./x.ts`; the hooks map them),
// so no string in the code is touched. Source maps are on in processes that load the tree, so
// stack frames name the `.ts` files, as under tsx.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { transform } from 'esbuild';
import { filesUnder, keptBuild } from './runtime-builds.mjs';

const repoRoot = fileURLToPath(new URL('../', import.meta.url));

/** The source folders the tree holds, relative to the repository. */
export const sourceRoots = ['runtime/src', 'compiler/src'];

const sources = () =>
  sourceRoots
    .flatMap((dir) => filesUnder(join(repoRoot, dir)))
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'));

/** `.tmp/source-tree-<hash of Node's version, esbuild's, the compiler options, this file and the sources>`. */
function sourceTreeDir() {
  const hash = createHash('sha256').update(process.versions.node).update('\0');
  const inputs = [
    fileURLToPath(import.meta.url),
    join(repoRoot, 'tsconfig.base.json'),
    join(repoRoot, 'node_modules/esbuild/package.json'),
    ...sources(),
  ];
  for (const file of inputs) hash.update(relative(repoRoot, file)).update('\0').update(readFileSync(file)).update('\0');
  return join(repoRoot, '.tmp', `source-tree-${hash.digest('hex').slice(0, 16)}`);
}

/** Transforms every source into `outDir`, as tsx would (its esbuild options, tsconfig.base.json's compiler options). */
async function buildSourceTree(outDir) {
  const { compilerOptions } = JSON.parse(readFileSync(join(repoRoot, 'tsconfig.base.json'), 'utf8'));
  await Promise.all(
    sources().map(async (file) => {
      const out = join(outDir, relative(repoRoot, file)).replace(/\.ts$/, '.js');
      const result = await transform(readFileSync(file, 'utf8'), {
        loader: 'ts',
        format: 'esm',
        target: `node${process.versions.node}`,
        keepNames: true,
        minifyWhitespace: true,
        sourcemap: 'external',
        sourcesContent: false,
        sourcefile: file,
        tsconfigRaw: { compilerOptions },
        define: { 'import.meta.url': JSON.stringify(pathToFileURL(file).href) },
        logLevel: 'silent',
      });
      mkdirSync(dirname(out), { recursive: true });
      writeFileSync(`${out}.map`, result.map);
      writeFileSync(out, `${result.code}//# sourceMappingURL=${basename(out)}.map\n`);
    }),
  );
}

const tree = keptBuild(sourceTreeDir, buildSourceTree);

/** Builds the tree unless it is built for these sources (~2 s); resolves with its folder. */
export function ensureSourceTree() {
  return tree();
}
