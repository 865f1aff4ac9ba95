// A tsconfig.json for a test project under compiler/test/.tmp/ that gives its TypeScript program the
// runtime's declarations, as an installed package does. Found upward, the repository's tsconfig
// resolves `@kitgen/runtime` to the runtime's 315 source files through the `kitgen-source`
// condition: ~1,073 files and ~8.8 CPU-s for each cold program, where tsc's declarations of the
// same sources (built once per content by `npm test`) make it ~770 files and ~5.7 CPU-s.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ensureRuntimeDeclarations } from '../../../scripts/runtime-builds.mjs';
import { repoRoot } from './fixtures.ts';

/**
 * Writes `<dir>/tsconfig.json`: the repository's base options, with `paths` naming the declarations
 * of the current runtime sources. For projects whose TypeScript is read by a program (derivation,
 * code-first runs), found upward from the project's files. The code-first loading thread is not
 * affected: its tsx reads the tsconfig of the process's working directory, and `@kitgen/runtime`
 * is the runtime's build there. A test that imports the project's TypeScript itself keeps the
 * repository's tsconfig.
 */
export async function writeRuntimeTsconfig(dir: string): Promise<void> {
  const declarations = await ensureRuntimeDeclarations();
  await writeFile(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      extends: join(repoRoot, 'tsconfig.base.json'),
      compilerOptions: {
        paths: {
          '@kitgen/runtime': [join(declarations, 'index.d.ts')],
          '@kitgen/runtime/client': [join(declarations, 'client.d.ts')],
        },
      },
    }),
  );
}
