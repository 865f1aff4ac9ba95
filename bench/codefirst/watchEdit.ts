// One-type edits under a kept code-first session, in process: `runGenerate` called as
// `kitgen generate --watch` calls it (one session across runs, `--targets openapi`), from the
// sources through tsx, each edit timed from the call to `openapi.json` written, wall and CPU
// (`process.cpuUsage()`: every thread, the loading thread's and tsx's included). The file watcher
// and its debounce are left out: this is what a run costs, where `watchLatency.ts` times what a
// user waits for. For comparing two trees back to back and profiling an edit.
//
//   node scripts/run-ts.mjs bench/codefirst/watchEdit.ts [--size 1000] [--edits 8]
//     [--prof <file.cpuprofile>]  (main thread, the edits after the first)  [--json <file>]
//
// The project is the bench's (`bench/codefirst/project.ts`) in `.tmp/bench-codefirst-watch/<size>/`,
// written when missing (not under `.tmp/bench-codefirst/`, whose node_modules holds a built runtime:
// here `@kitgen/runtime` is the repository's sources, as for the compiler); the cache is an empty
// folder of its own, so the first run is cold.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateRunFrom } from '../../compiler/src/pipeline/generateRun.ts';
import { codeFirstSession, runGenerate, type RunReporter } from '../../compiler/src/pipeline/runGenerate.ts';
import { writeBenchProject, type BenchProject } from './project.ts';
import { benchEdit } from './sources.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const argv = process.argv.slice(2);
const flag = (name: string) => {
  const i = argv.indexOf(name);
  return i === -1 ? undefined : argv[i + 1];
};
const size = Number(flag('--size') ?? 1000);
const edits = Number(flag('--edits') ?? 8);
const profFile = flag('--prof');

const dir = join(root, '.tmp/bench-codefirst-watch', String(size));
const marker = join(dir, '.written');
let project: BenchProject;
if (existsSync(marker)) project = JSON.parse(readFileSync(marker, 'utf8')) as BenchProject;
else {
  project = writeBenchProject(dir, size);
  writeFileSync(marker, JSON.stringify(project));
}
const out = join(root, '.tmp/bench-codefirst-watch', `out-${size}`);
const cacheDir = `${out}-cache`;
rmSync(out, { recursive: true, force: true });
rmSync(cacheDir, { recursive: true, force: true });
mkdirSync(cacheDir, { recursive: true });
process.env.KITGEN_CACHE_DIR = cacheDir;

const run = generateRunFrom(
  {},
  { out, targets: 'openapi', format: true },
  project.dir,
  project.endpointGlob,
  undefined,
);
const reporter: RunReporter = { progress: () => {}, warning: () => {} };
const session = codeFirstSession(run);
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

const loadBefore = load();
let c0 = cpuMs();
let t0 = performance.now();
await runGenerate(run, reporter, session);
const first = { wallMs: performance.now() - t0, cpuMs: cpuMs() - c0 };
console.log(`first run: ${Math.round(first.wallMs)} ms wall, ${Math.round(first.cpuMs)} ms CPU (load ${loadBefore})`);

const inspector = new Session();
const openapi = join(out, 'openapi.json');
const originals = new Map<string, string>();
const samples: Array<{ wallMs: number; cpuMs: number }> = [];
try {
  for (let i = 0; i < edits; i++) {
    // The edits of watchLatency.ts.
    const { file, field, adding, text } = benchEdit(project.typesFiles, i, originals, (f) => readFileSync(f, 'utf8'));
    writeFileSync(file, text);
    c0 = cpuMs();
    t0 = performance.now();
    await runGenerate(run, reporter, session);
    const sample = { wallMs: performance.now() - t0, cpuMs: cpuMs() - c0 };
    if (readFileSync(openapi, 'utf8').includes(`"${field}"`) !== adding)
      throw new Error(`edit ${i + 1}: openapi.json does not show it`);
    samples.push(sample);
    // The first edit also runs the loading thread's replay code for the first time (about twice a later save's): not profiled.
    if (i === 0 && profFile !== undefined) {
      inspector.connect();
      await inspector.post('Profiler.enable');
      await inspector.post('Profiler.start');
    }
    console.log(`edit ${i + 1}: ${Math.round(sample.wallMs)} ms wall, ${Math.round(sample.cpuMs)} ms CPU`);
  }
} finally {
  for (const [file, text] of originals) writeFileSync(file, text);
  await session.close();
}
if (profFile !== undefined) {
  const { profile } = await inspector.post('Profiler.stop');
  writeFileSync(profFile, JSON.stringify(profile));
}

const pick = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.floor(q * s.length))]);
};
const wall = samples.map((s) => s.wallMs);
const cpu = samples.map((s) => s.cpuMs);
console.log(
  `${size} endpoints, ${edits} edits: wall p50 ${pick(wall, 0.5)} ms, p95 ${pick(wall, 0.95)} ms; ` +
    `CPU p50 ${pick(cpu, 0.5)} ms (${pick(cpu, 0)}–${pick(cpu, 1)}); load ${loadBefore} → ${load()}`,
);
const jsonFile = flag('--json');
if (jsonFile !== undefined) writeFileSync(jsonFile, JSON.stringify({ size, first, samples, loadBefore }, null, 2));
