// The runtime's declarations as one file (scripts/build-runtime.mjs): dts-bundle-generator joins
// tsc's per-file `.d.ts` output into `dist/index.d.ts` with typebox's declarations inlined, as its
// code is in `dist/index.js`. A project that imports @kitgen/runtime then has one declaration
// file of it instead of ~117 of the runtime's and ~354 of typebox's: resolving, reading and
// parsing those was ~0.8 s of the editor's program for a generated GitHub client (tsserver's
// cold open, docs/benchmarks.md "Editor"), and every edit re-walks every file of the program.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
/** @type {typeof import('dts-bundle-generator')} */
const { generateDtsBundle } = require('dts-bundle-generator');

/**
 * Bundles `dir/index.d.ts` (tsc's output for the runtime) into `outFile`, typebox inlined; the
 * other packages' and Node's modules stay imports.
 * @param {{ dir: string, outFile: string }} options
 */
export function bundleDeclarations({ dir, outFile }) {
  // The bundler reads the declarations as a TypeScript program of their own, whose tsconfig goes
  // beside their folder (which may be shared: scripts/runtime-builds.mjs) and is removed after.
  const tsconfig = `${dir}.tsconfig-${process.pid}.json`;
  writeFileSync(
    tsconfig,
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        strict: true,
        skipLibCheck: true,
        types: ['node'],
        noEmit: true,
      },
      files: [join(dir, 'index.d.ts')],
    }),
  );
  let text;
  try {
    [text] = generateDtsBundle(
      [
        {
          filePath: join(dir, 'index.d.ts'),
          libraries: { inlinedLibraries: ['typebox'] },
          // typebox's types stay unexported names of the bundle; the runtime's own exports are its API.
          output: { exportReferencedTypes: false, noBanner: true },
        },
      ],
      { preferredConfigPath: tsconfig },
    );
  } finally {
    rmSync(tsconfig, { force: true });
  }
  mkdirSync(dirname(outFile), { recursive: true });
  writeFileSync(outFile, text);
}
