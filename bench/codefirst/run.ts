/**
 * `npm run bench:codefirst`: on generated projects of N endpoints (3 types each: an interface with
 * a union, a Date, an array and a generic instance; a recursive tree; a discriminated union), in
 * one run and interleaved rounds: kitgen's OpenAPI from code against `tsoa spec` on the
 * equivalent controllers, kitgen's schema derivation against ts-json-schema-generator on the same
 * types; medians of wall time, CPU time and peak memory, and ratios. Then the latency of a
 * one-type edit under `kitgen generate --watch` (p50/p95).
 *
 * Options: `--sizes 50,200,1000` (default), `--rounds 3` (default), `--edits 20` (watch edits),
 * `--watch-size N` (default the largest size), `--no-watch`, `--quick` (sizes 50, 1 round,
 * 4 edits: the smoke test), `--json <file>` (every sample).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildKitgen } from '../support/buildKitgen.ts';
import { measure, type Sample } from '../support/measure.ts';
import { contestants } from './contestants.ts';
import { writeBenchProject, type BenchProject } from './project.ts';
import { report, type Results } from './report.ts';
import { buildRuntimePackage } from './runtimePackage.ts';
import { watchLatency, type WatchResult } from './watchLatency.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const argv = process.argv.slice(2);
const flag = (name: string) => {
  const i = argv.indexOf(name);
  return i === -1 ? undefined : argv[i + 1];
};
const quick = argv.includes('--quick');
const sizes = (flag('--sizes') ?? (quick ? '50' : '50,200,1000'))
  .split(',')
  .map(Number)
  .sort((a, b) => a - b);
const rounds = Number(flag('--rounds') ?? (quick ? 1 : 3));
const edits = Number(flag('--edits') ?? (quick ? 4 : 20));
const watchSize = Number(flag('--watch-size') ?? sizes[sizes.length - 1]);
const noWatch = argv.includes('--no-watch');
if (sizes.some((n) => !Number.isInteger(n) || n < 1) || !(rounds >= 1) || !(edits >= 1)) {
  process.stderr.write(
    'usage: bench:codefirst [--sizes 50,200,1000] [--rounds 3] [--edits 20] [--watch-size N] [--no-watch] [--quick] [--json file]\n',
  );
  process.exit(2);
}
// Under the repository, so the tools and the runtime's dependencies resolve from its node_modules.
const work = join(root, '.tmp', 'bench-codefirst');
const log = (line: string) => process.stderr.write(`bench:codefirst: ${line}\n`);
mkdirSync(work, { recursive: true });

log('building @kitgen/runtime as published (dist + declarations) and kitgen with tsc (both run as they ship)');
buildRuntimePackage(root, work);
const kitgenBuild = join(work, 'kitgen-build');
const kitgen = { entry: buildKitgen(root, kitgenBuild), build: kitgenBuild };

const projects = new Map<number, BenchProject>();
for (const size of new Set([...sizes, ...(noWatch ? [] : [watchSize])])) {
  projects.set(size, writeBenchProject(join(work, String(size)), size));
}
log(`projects written: ${[...projects.keys()].join(', ')} endpoints`);

const bySize = new Map(
  sizes.map((size) => [size, contestants(projects.get(size)!, kitgen, join(work, 'out', String(size)))]),
);
const samples = new Map(sizes.map((size) => [size, new Map(bySize.get(size)!.map((c) => [c.name, [] as Sample[]]))]));
const usageFile = join(work, 'usage.jsonl');
for (let round = 1; round <= rounds; round++) {
  for (const size of sizes) {
    // Interleaved, and the order turned by one each round, so neither side always runs first (file cache, load).
    const list = bySize.get(size)!;
    const order = list.map((_, i) => list[(i + round - 1) % list.length]);
    for (const c of order) {
      process.stderr.write(`round ${round}/${rounds}, ${size} endpoints: ${c.name}… `);
      const s = measure(c.step, usageFile, root);
      process.stderr.write(`${Math.round(s.wallMs)} ms\n`);
      samples.get(size)!.get(c.name)!.push(s);
    }
  }
}

let watch: { size: number; result: WatchResult } | undefined;
let watchError: string | undefined;
if (!noWatch) {
  log(`watch: ${edits} one-type edits on ${watchSize} endpoints`);
  try {
    watch = {
      size: watchSize,
      result: await watchLatency(
        projects.get(watchSize)!,
        kitgen.entry,
        join(work, 'out', `watch-${watchSize}`),
        edits,
      ),
    };
  } catch (error) {
    // The timing tables stand on their own; a watch that fails is reported, not fatal.
    watchError = (error as Error).message.split('\n').slice(0, 6).join(' ');
    log(`watch failed: ${(error as Error).message}`);
  }
} else watchError = '--no-watch';

const results: Results = {
  rounds,
  sizes,
  contestants: bySize.get(sizes[0])!,
  samples,
  ...(watch ? { watch } : {}),
  ...(watchError ? { watchError } : {}),
};
const json = flag('--json');
if (json)
  writeFileSync(
    json,
    JSON.stringify(
      { rounds, sizes, samples: Object.fromEntries([...samples].map(([k, v]) => [k, Object.fromEntries(v)])), watch },
      null,
      2,
    ),
  );
process.stdout.write(report(results));
