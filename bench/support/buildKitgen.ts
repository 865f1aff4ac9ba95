// Builds the compiler with tsc into a folder, as it would ship (JavaScript, no TypeScript loader
// at run time), with its templates and package.json beside it, and an entry that runs the CLI.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(import.meta.url);

/**
 * Compiles `compiler/src` into `out/compiler/dist` beside `out/bin/kitgen.js`, the templates and
 * package.json, as the published package lays them out, and returns the path of that `kitgen`
 * command (the one users run, with its process settings).
 */
export function buildKitgen(root: string, out: string): string {
  rmSync(out, { recursive: true, force: true });
  mkdirSync(join(out, 'bin'), { recursive: true });
  const config = join(out, 'tsconfig.build.json');
  writeFileSync(
    config,
    JSON.stringify({
      extends: join(root, 'tsconfig.base.json'),
      compilerOptions: {
        noEmit: false,
        outDir: join(out, 'compiler/dist'),
        rootDir: join(root, 'compiler/src'),
        declaration: false,
        sourceMap: false,
      },
      include: [join(root, 'compiler/src')],
    }),
  );
  const tsc = join(require.resolve('typescript/package.json'), '../bin/tsc');
  const r = spawnSync(process.execPath, [tsc, '-p', config], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  if (r.status !== 0) throw new Error(`building kitgen failed:\n${r.stdout}${r.stderr}`);
  cpSync(join(root, 'templates'), join(out, 'templates'), { recursive: true });
  cpSync(join(root, 'package.json'), join(out, 'package.json'));
  const entry = join(out, 'bin/kitgen.js');
  cpSync(join(root, 'bin/kitgen.js'), entry);
  return entry;
}
