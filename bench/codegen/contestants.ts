// The tools `npm run bench:codegen` runs side by side: each generator on the same input, then
// `tsc --noEmit` on each output. Every run is a fresh Node process (see bench/support/child.mjs).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

import type { Step } from '../support/measure.ts';
import { installShippedRuntime } from '../support/shippedRuntime.ts';

export type { Step };

const require = createRequire(import.meta.url);

/** A generator and the type-check of what it wrote. */
export interface Contestant {
  /** The short name `--skip` takes. */
  readonly id: string;
  readonly name: string;
  readonly what: string;
  readonly generate: Step;
  readonly typecheck: Step;
}

const tsc = join(dirname(require.resolve('typescript/package.json')), 'bin', 'tsc');

/**
 * A strict, NodeNext tsconfig over `include`, written as `work/tsconfig.<name>.json`. `include`
 * globs `**\/*.ts`, which takes `.d.ts` files too; allowJs stays off, so a `.js` output is checked
 * through its declarations only. With `libCheck` false (the default, as `tsc --init` writes),
 * tsc skips checking every `.d.ts` file, generated ones included (it still parses and binds them).
 * `setUp` runs before the file is written (kitgen's installs the runtime).
 */
function tsconfigStep(work: string, name: string, include: string, libCheck: boolean, setUp?: () => void): Step {
  const file = join(work, `tsconfig.${name}.json`);
  return {
    entry: tsc,
    args: ['-p', file],
    prepare: () => {
      setUp?.();
      writeFileSync(
        file,
        JSON.stringify({
          compilerOptions: {
            target: 'ES2022',
            lib: ['ES2023', 'DOM'],
            module: 'NodeNext',
            moduleResolution: 'NodeNext',
            strict: true,
            noEmit: true,
            skipLibCheck: !libCheck,
            allowImportingTsExtensions: true,
            types: ['node'],
          },
          include: [include],
        }),
      );
    },
  };
}

const fresh = (dir: string) => () => {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
};

/**
 * kitgen (all targets), openapi-typescript (types only) and @hey-api/openapi-ts (types and a
 * fetch SDK) on `input`, writing under `work`. kitgen runs from its tsc build (`kitgenEntry`)
 * and its output is type-checked against the runtime built into `runtimeDts`, installed as
 * `node_modules/@kitgen/runtime` under `work`, as users of the published packages would.
 */
export function contestants(
  root: string,
  input: string,
  work: string,
  runtimeDts: string,
  kitgenEntry: string,
  libCheck = false,
): Contestant[] {
  const out = (name: string) => join(work, name);
  const openapiTypescript = join(dirname(require.resolve('openapi-typescript/package.json')), 'bin', 'cli.js');
  return [
    {
      id: 'kitgen',
      name: 'kitgen',
      what: 'endpoints, server, client, CLI',
      generate: {
        entry: kitgenEntry,
        args: ['generate', input, '--out', out('kitgen'), '--quiet'],
        prepare: fresh(out('kitgen')),
      },
      typecheck: tsconfigStep(work, 'kitgen', 'kitgen/**/*.ts', libCheck, () =>
        installShippedRuntime(root, runtimeDts, work),
      ),
    },
    {
      id: 'openapi-typescript',
      name: 'openapi-typescript',
      what: 'types only, schema.ts',
      generate: {
        entry: openapiTypescript,
        args: [input, '-o', join(out('openapi-typescript'), 'schema.ts')],
        prepare: fresh(out('openapi-typescript')),
      },
      typecheck: tsconfigStep(work, 'openapi-typescript', 'openapi-typescript/**/*.ts', libCheck),
    },
    {
      // The form openapi-typescript's README shows (`-o schema.d.ts`): the same text in a declaration file.
      id: 'openapi-typescript-dts',
      name: 'openapi-typescript',
      what: 'types only, schema.d.ts',
      generate: {
        entry: openapiTypescript,
        args: [input, '-o', join(out('openapi-typescript-dts'), 'schema.d.ts')],
        prepare: fresh(out('openapi-typescript-dts')),
      },
      typecheck: tsconfigStep(work, 'openapi-typescript-dts', 'openapi-typescript-dts/**/*.ts', libCheck),
    },
    {
      id: 'hey-api',
      name: '@hey-api/openapi-ts',
      what: 'types and a fetch SDK',
      generate: {
        entry: join(dirname(require.resolve('@hey-api/openapi-ts/package.json')), 'dist', 'run.mjs'),
        args: ['-i', input, '-o', out('hey-api'), '--silent', '--no-log-file'],
        prepare: fresh(out('hey-api')),
      },
      typecheck: tsconfigStep(work, 'hey-api', 'hey-api/**/*.ts', libCheck),
    },
  ];
}
