/**
 * `npm run bench:codegen`: times, in one run and in interleaved rounds, `kitgen generate` (all
 * targets) on the GitHub REST API description against openapi-typescript (types only) and
 * @hey-api/openapi-ts, then `tsc --noEmit` on each output; prints medians of wall time, CPU time
 * and peak memory, and ratios to openapi-typescript. Options: `--rounds N` (default 3),
 * `--input <file>` (default the GitHub description from @octokit/openapi).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildKitgen } from '../support/buildKitgen.ts';
import { measure as measureStep, type Sample, type Step } from '../support/measure.ts';
import { contestants } from './contestants.ts';
import { report } from './report.ts';

const require = createRequire(import.meta.url);
const root = fileURLToPath(new URL('../../', import.meta.url));
const flag = (name: string) => {
  const i = process.argv.indexOf(name);
  return i === -1 ? undefined : process.argv[i + 1];
};
const rounds = Number(flag('--rounds') ?? 3);
const input = flag('--input') ?? require.resolve('@octokit/openapi/generated/api.github.com.json');
const work = join(root, '.tmp', 'bench-codegen');
const runtimeDts = join(work, 'runtime-dts');

const measure = (step: Step): Sample => measureStep(step, join(work, 'usage.jsonl'), root);

mkdirSync(work, { recursive: true });
process.stderr.write('bench:codegen: building the runtime declaration files kitgen output is checked against\n');
const build = spawnSync(process.execPath, [join(require.resolve('typescript/package.json'), '../bin/tsc'), '-p', join(root, 'runtime/tsconfig.build.json'), '--declaration', '--emitDeclarationOnly', '--outDir', runtimeDts], { cwd: root, encoding: 'utf8' });
if (build.status !== 0) throw new Error(`runtime declarations failed:\n${build.stdout}${build.stderr}`);

process.stderr.write('bench:codegen: building kitgen with tsc (it runs as it would ship, without a TypeScript loader)\n');
const kitgenEntry = buildKitgen(root, join(work, 'kitgen-build'));
const all = contestants(root, input, work, runtimeDts, kitgenEntry);
const samples = new Map<string, { generate: Sample[]; typecheck: Sample[] }>(all.map((c) => [c.name, { generate: [], typecheck: [] }]));
for (let round = 1; round <= rounds; round++) {
  // Interleaved: each round runs every contestant once, so load on a shared machine spreads evenly.
  for (const c of all) {
    process.stderr.write(`round ${round}/${rounds}: ${c.name} generate… `);
    const g = measure(c.generate);
    process.stderr.write(`${(g.wallMs / 1000).toFixed(1)} s; tsc… `);
    const t = measure(c.typecheck);
    process.stderr.write(`${(t.wallMs / 1000).toFixed(1)} s\n`);
    samples.get(c.name)!.generate.push(g);
    samples.get(c.name)!.typecheck.push(t);
  }
}
process.stdout.write(report(all, samples, { input, rounds }));
