// A tsconfig.json for a test project that gives its TypeScript program the runtime's declarations
// as the installed package ships them: one bundled `index.d.ts` (scripts/runtime-builds.mjs,
// ensureRuntimeShippedTypes). Found upward from compiler/test/, the repository's tsconfig resolves
// `@kitgen/runtime` to the runtime's 315 source files through the `kitgen-source` condition: ~1,073
// files and ~8.8 CPU-s for each cold program; tsc's per-file declarations made it ~770 files and
// ~5.7 CPU-s; the shipped bundle ~170 files (lib and @types/node are most of them), a third of that.
import { existsSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { ensureRuntimeShippedTypes } from '../../../scripts/runtime-builds.mjs';
import { repoRoot } from './fixtures.ts';

const tmp = join(repoRoot, 'compiler', 'test', '.tmp');

/**
 * The declarations as the installed package holds them, with a package.json naming the package
 * (the derivation knows the runtime's `DeriveSchema` by the name of the package its declaration
 * is in); made once per content of the runtime's sources.
 */
function runtimeTypesPackage(): Promise<string> {
  return ensureRuntimeShippedTypes();
}

/** The tsconfig's text: the repository's base options, `@kitgen/runtime` mapped to `types`. */
function tsconfigText(types: string): string {
  return JSON.stringify({
    extends: join(repoRoot, 'tsconfig.base.json'),
    compilerOptions: {
      paths: {
        '@kitgen/runtime': [join(types, 'index.d.ts')],
        '@kitgen/runtime/client': [join(types, 'client.d.ts')],
      },
    },
  });
}

/**
 * Writes `<dir>/tsconfig.json`, for projects whose TypeScript is read by a program (derivation,
 * code-first runs), found upward from the project's files. The code-first loading thread is not
 * affected: its tsx reads the tsconfig of the working directory, and `@kitgen/runtime` is the
 * runtime's build there. A test that imports the project's TypeScript itself keeps the repository's
 * tsconfig.
 */
export async function writeRuntimeTsconfig(dir: string): Promise<void> {
  await writeFile(join(dir, 'tsconfig.json'), tsconfigText(await runtimeTypesPackage()));
}

/**
 * The path of such a tsconfig in a folder of its own below compiler/test/.tmp/, for a program over
 * files that stay where they are (committed fixtures), named as `--tsconfig` names one.
 */
export async function sharedRuntimeTsconfig(): Promise<string> {
  const types = await runtimeTypesPackage();
  const dir = join(tmp, `tsconfig-${basename(types)}`);
  const path = join(dir, 'tsconfig.json');
  if (!existsSync(path)) {
    await mkdir(dir, { recursive: true });
    const partial = `${path}.${process.pid}`;
    await writeFile(partial, tsconfigText(types));
    await rename(partial, path);
  }
  return path;
}
