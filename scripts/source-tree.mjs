// The runtime's and the compiler's sources and the test files as JavaScript, one module per `.ts`
// file, built once per content of those files under `.tmp/source-tree-<hash>/` (same relative paths,
// `.ts` → `.js`, a linked source map beside each). `npm test` names it in KITGEN_TEST_SOURCE_TREE,
// and every test process, subprocess and worker thread loads these modules where it imports one of
// those files (scripts/source-tree-hooks.mjs): through tsx's hooks each of the ~480 source modules was
// a resolve and a load across the hooks thread and a transform or a cache read, ~1–2 s of CPU in every
// process, and tsx itself cost ~0.45 s more to load in each. With the tree, no test process loads tsx.
//
// The transform is tsx's own (esbuild, the same target, `keepNames`, whitespace minified, the
// repository's compiler options), so the code that runs is what tsx would have run. What tsx keeps
// and a file elsewhere would not, kept here too: `import.meta.url`, `.dirname` and `.filename` are the
// `.ts` file's (sources find templates, workers and package.json from them, tests their fixtures, and
// callSite() tells the runtime's frames by them), and import specifiers stay as written (`./x.ts`;
// the hooks map them), so no string in the code is touched. Source maps are on in processes that
// load the tree, so stack frames name the `.ts` files, as under tsx.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { transform } from 'esbuild';
import { keptBuild } from './runtime-builds.mjs';
import { treeRoots, treeSkipped } from './source-tree-registration.cjs';

const repoRoot = fileURLToPath(new URL('../', import.meta.url));

/** The folders the tree holds, relative to the repository. */
export const sourceRoots = treeRoots;

/** Every `.ts` file under `dir` but declarations and those in scratch and package folders. */
function typescriptUnder(dir, out = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!treeSkipped.includes(entry.name)) typescriptUnder(path, out);
    } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

const sources = () =>
  sourceRoots.filter((dir) => existsSync(join(repoRoot, dir))).flatMap((dir) => typescriptUnder(join(repoRoot, dir)));

/** `.tmp/source-tree-<hash of Node's version, esbuild's, the compiler options, this file and the sources>`. */
function sourceTreeDir() {
  const hash = createHash('sha256').update(process.versions.node).update('\0');
  const inputs = [
    fileURLToPath(import.meta.url),
    join(repoRoot, 'scripts/source-tree-registration.cjs'),
    join(repoRoot, 'tsconfig.base.json'),
    join(repoRoot, 'node_modules/esbuild/package.json'),
    ...sources(),
  ];
  for (const file of inputs) hash.update(relative(repoRoot, file)).update('\0').update(readFileSync(file)).update('\0');
  return join(repoRoot, '.tmp', `source-tree-${hash.digest('hex').slice(0, 16)}`);
}

/**
 * Transforms every file into `outDir`, as tsx would (its esbuild options, tsconfig.base.json's
 * compiler options). A file esbuild refuses (a test's deliberately broken input) is left out: it
 * loads through the hooks' own transform, and fails there as it would have under tsx.
 */
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
        define: {
          'import.meta.url': JSON.stringify(pathToFileURL(file).href),
          'import.meta.dirname': JSON.stringify(dirname(file)),
          'import.meta.filename': JSON.stringify(file),
        },
        logLevel: 'silent',
      }).catch(() => undefined);
      if (result === undefined) return;
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
