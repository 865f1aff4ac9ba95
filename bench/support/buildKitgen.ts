// Builds the compiler with tsc into a folder, as it would ship (JavaScript, no TypeScript loader
// at run time), with its templates and package.json beside it, and an entry that runs the CLI.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(import.meta.url);

/** Compiles `compiler/src` into `out` and returns the path of the entry script. */
export function buildKitgen(root: string, out: string): string {
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const config = join(out, 'tsconfig.build.json');
  writeFileSync(
    config,
    JSON.stringify({
      extends: join(root, 'tsconfig.base.json'),
      compilerOptions: { noEmit: false, outDir: out, rootDir: root, declaration: false, sourceMap: false },
      include: [join(root, 'compiler/src')],
    }),
  );
  const tsc = join(require.resolve('typescript/package.json'), '../bin/tsc');
  const r = spawnSync(process.execPath, [tsc, '-p', config], { cwd: root, encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });
  if (r.status !== 0) throw new Error(`building kitgen failed:\n${r.stdout}${r.stderr}`);
  cpSync(join(root, 'templates'), join(out, 'templates'), { recursive: true });
  cpSync(join(root, 'package.json'), join(out, 'package.json'));
  const entry = join(out, 'kitgen.mjs');
  writeFileSync(
    entry,
    `import { main } from './compiler/src/cli/main.js';
process.exitCode = await main(process.argv.slice(2), {
  cwd: process.cwd(),
  stdout: (line) => process.stdout.write(line + '\\n'),
  stderr: (line) => process.stderr.write(line + '\\n'),
});
`,
  );
  return entry;
}
