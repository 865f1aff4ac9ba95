/**
 * `npm run bench:codegen`: times, in one run and in interleaved rounds, `kitgen generate` (all
 * targets) against openapi-typescript (types only, as `schema.ts` and as `schema.d.ts`) and
 * @hey-api/openapi-ts, then `tsc --noEmit` on each output; prints medians of wall time, CPU time
 * and peak memory, and ratios to openapi-typescript. Options: `--rounds N` (default 3),
 * `--input <file>` (default the GitHub description from @octokit/openapi), `--large` (or
 * `--input large`: the generated 10,000-operation document, see largeDocument.ts; `--seed N`),
 * `--skip <ids>` (comma-separated: kitgen, openapi-typescript-dts, hey-api; with `--large` the
 * default is hey-api, `--skip none` runs all), `--skip-lib-check` (tsc leaves `.d.ts` files unchecked,
 * as `tsc --init` writes; by default they are checked, as teams that check libraries do, which is
 * where the runtime's own declarations and openapi-typescript's `schema.d.ts` differ).
 */
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildKitgen } from '../support/buildKitgen.ts';
import { buildShippedRuntime } from '../support/shippedRuntime.ts';
import { measure as measureStep, type Sample, type Step } from '../support/measure.ts';
import { contestants } from './contestants.ts';
import { defaultSeed, ensureLargeDocument } from './largeDocument.ts';
import { report, type Samples } from './report.ts';

const require = createRequire(import.meta.url);
const root = fileURLToPath(new URL('../../', import.meta.url));
const flag = (name: string) => {
  const i = process.argv.indexOf(name);
  return i === -1 ? undefined : process.argv[i + 1];
};
const rounds = Number(flag('--rounds') ?? 3);
const large = process.argv.includes('--large') || flag('--input') === 'large';
const libCheck = !process.argv.includes('--skip-lib-check');
// hey-api's generation is the slowest by far (55 s on GitHub's 1,222 operations, minutes on the
// large document's 10,240), and the goals compare kitgen with openapi-typescript only.
const skip = new Set((flag('--skip') ?? (large ? 'hey-api' : 'none')).split(',').filter((s) => s !== 'none'));
const notes: string[] = [];
let input: string;
if (large) {
  const doc = await ensureLargeDocument({ seed: Number(flag('--seed') ?? defaultSeed) });
  input = doc.file;
  notes.push(
    `The large document: seed ${doc.seed}, ${(doc.bytes / 1e6).toFixed(1)} MB, ${doc.operations} operations over ${doc.tags} tags, ${doc.schemas} component schemas.`,
  );
} else {
  input = flag('--input') ?? require.resolve('@octokit/openapi/generated/api.github.com.json');
}
if (skip.size > 0) notes.push(`Skipped: ${[...skip].join(', ')}.`);
notes.push(
  libCheck
    ? 'tsc with skipLibCheck false: generated .d.ts files are checked too.'
    : 'tsc with skipLibCheck (as `tsc --init` writes): .d.ts files, generated ones included, are parsed but not checked.',
);
const work = join(root, '.tmp', large ? 'bench-codegen-large' : 'bench-codegen');
const runtimeDts = join(work, 'runtime-dts');

const measure = (step: Step): Sample => measureStep(step, join(work, 'usage.jsonl'), root);

mkdirSync(work, { recursive: true });
process.stderr.write(
  'bench:codegen: building the runtime as it ships (its one declaration file is what kitgen output is checked against)\n',
);
buildShippedRuntime(root, runtimeDts);

process.stderr.write(
  'bench:codegen: building kitgen with tsc (it runs as it would ship, without a TypeScript loader)\n',
);
const kitgenEntry = buildKitgen(root, join(work, 'kitgen-build'));
const everyone = contestants(root, input, work, runtimeDts, kitgenEntry, libCheck);
const unknown = [...skip].filter((id) => !everyone.some((c) => c.id === id));
if (unknown.length > 0)
  throw new Error(
    `--skip: unknown contestant ${unknown.join(', ')} (expected some of ${everyone.map((c) => c.id).join(', ')}, or none)`,
  );
if (skip.has('openapi-typescript'))
  throw new Error('--skip: openapi-typescript is the baseline of every ratio and cannot be skipped');
const all = everyone.filter((c) => !skip.has(c.id));
const samples = new Map<string, Samples>(all.map((c) => [c.id, { generate: [], typecheck: [] }]));
for (let round = 1; round <= rounds; round++) {
  // Interleaved: each round runs every contestant once, so load on a shared machine spreads evenly.
  for (const c of all) {
    process.stderr.write(`round ${round}/${rounds}: ${c.id} generate… `);
    const g = measure(c.generate);
    process.stderr.write(`${(g.wallMs / 1000).toFixed(1)} s, ${Math.round(g.maxRssMb)} MB; tsc… `);
    const t = measure(c.typecheck);
    process.stderr.write(`${(t.wallMs / 1000).toFixed(1)} s, ${Math.round(t.maxRssMb)} MB\n`);
    samples.get(c.id)!.generate.push(g);
    samples.get(c.id)!.typecheck.push(t);
  }
}
process.stdout.write(report(all, samples, { input, rounds, notes }));
