// `vite build` with the kitgen plugin in a process of its own (argv: the project folder, `--sourcemap`),
// for tests that read what a build printed (KITGEN_DEBUG lines) or need a process with empty memory.
import { join } from 'node:path';
import { build } from 'vite';
import kitgen from '../../src/plugin/vite.ts';

const [dir] = process.argv.slice(2);
if (dir === undefined) throw new Error('usage: viteBuildChild.ts <project folder> [--sourcemap]');
let transformed = 0;
await build({
  root: dir,
  configFile: false,
  logLevel: 'silent',
  plugins: [
    kitgen({
      input: 'store.yaml',
      out: 'src/generated',
      config: false,
      quiet: true,
      onTransform: () => void (transformed += 1),
    }),
  ],
  ssr: { external: ['@kitgen/runtime', '@kitgen/runtime/client'], resolve: { externalConditions: ['kitgen-source'] } },
  build: {
    ssr: join(dir, 'src', 'main.ts'),
    outDir: join(dir, 'dist'),
    minify: false,
    emptyOutDir: true,
    sourcemap: process.argv.includes('--sourcemap'),
    rollupOptions: { external: ['@kitgen/runtime', '@kitgen/runtime/client'] },
  },
});
console.log(`transformed ${transformed}`);
