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
usesFromMemo(require('dts-bundle-generator/dist/types-usage-evaluator.js').TypesUsageEvaluator);

/**
 * The bundler asks, for each statement of the files it inlines and each of the root file's exports,
 * whether that export uses the statement's symbol, by a search up the graph of uses that starts
 * afresh for each pair and remembers only the answers "yes": 30 of its 35 CPU-s on the runtime's
 * declarations went there. The same answers come from the set of everything an export uses,
 * found once per export: the graph is complete when the evaluator is made, and never changes.
 * The bundle is byte-identical. Where a later version of the bundler has another shape, its own
 * search is left in place.
 * @param {unknown} Evaluator
 */
function usesFromMemo(Evaluator) {
  const proto = /** @type {{ prototype?: Record<string, unknown> }} */ (Evaluator)?.prototype;
  if (typeof proto?.isSymbolUsedBySymbol !== 'function' || typeof proto.getActualSymbol !== 'function') return;
  const children = new WeakMap();
  const usedBy = new WeakMap();
  /** Every symbol `by` uses, directly or through others: the graph of uses walked down from it, once. */
  const usesOf = (evaluator, by) => {
    let down = children.get(evaluator);
    if (down === undefined) {
      down = new Map();
      for (const [child, parents] of evaluator.nodesParentsMap)
        for (const parent of parents) {
          const list = down.get(parent);
          if (list === undefined) down.set(parent, [child]);
          else list.push(child);
        }
      children.set(evaluator, down);
      usedBy.set(evaluator, new Map());
    }
    const memo = usedBy.get(evaluator);
    let uses = memo.get(by);
    if (uses === undefined) {
      uses = new Set([by]);
      const queue = [by];
      while (queue.length > 0)
        for (const child of down.get(queue.pop()) ?? [])
          if (!uses.has(child)) {
            uses.add(child);
            queue.push(child);
          }
      memo.set(by, uses);
    }
    return uses;
  };
  const search = proto.isSymbolUsedBySymbol;
  proto.isSymbolUsedBySymbol = function (symbol, by) {
    if (!(this.nodesParentsMap instanceof Map)) return search.call(this, symbol, by);
    return usesOf(this, this.getActualSymbol(by)).has(this.getActualSymbol(symbol));
  };
}

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
