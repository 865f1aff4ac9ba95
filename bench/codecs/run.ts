/**
 * `npm run bench:codecs`: kitgen's schema-derived binary codecs against the same libraries used
 * directly, on the same records and wire schema, in interleaved rounds; prints medians (CPU ns
 * per record) and kitgen's overhead. Each format runs in its own process, so one format's code
 * does not share the JIT's inline caches with another's. See docs/benchmarks.md.
 */
import { spawnSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { contestants } from './contestants.ts';
import { measure, sink } from './measure.ts';
import { users } from './records.ts';

const rounds = Number(process.env.BENCH_ROUNDS ?? 15);
const sampleMs = Number(process.env.BENCH_SAMPLE_MS ?? 40);
const recordCount = 64;
const formatFlag = process.argv.indexOf('--format');

if (formatFlag >= 0) {
  // Child: one format, results as JSON on stdout.
  const format = process.argv[formatFlag + 1];
  const pair = contestants(users(recordCount), [format])[0];
  if (pair === undefined) {
    console.log(JSON.stringify({ format, skipped: true }));
  } else {
    const results = measure(pair.jobs, rounds, sampleMs);
    console.log(
      JSON.stringify({ format, bare: pair.bare, note: pair.note, results: Object.fromEntries(results), sink }),
    );
  }
} else {
  console.log(`date:     ${new Date().toISOString()}`);
  console.log(
    `machine:  ${cpus().length} CPUs (${cpus()[0]?.model ?? 'unknown'}), node ${process.version}, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log(
    `workload: ${recordCount} user records per run, ${rounds} interleaved rounds of ~${sampleMs} ms CPU per contestant, medians of CPU time\n`,
  );
  const rows: string[][] = [['format', 'op', 'bare ns/rec', 'kitgen ns/rec', 'kitgen/bare', 'overhead']];
  const notes: string[] = [];
  const pct = (kitgen: number, bare: number) =>
    `${kitgen >= bare ? '+' : ''}${(((kitgen - bare) / bare) * 100).toFixed(1)} %`;
  for (const format of ['protobuf', 'Avro', 'Thrift', 'MsgPack']) {
    const child = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--format', format], {
      encoding: 'utf8',
      env: process.env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    if (child.status !== 0) throw new Error(`bench for ${format} failed`);
    const out = JSON.parse(child.stdout.trim().split('\n').pop()!) as {
      format: string;
      skipped?: boolean;
      bare: string;
      note?: string;
      results: Record<string, number>;
    };
    if (out.skipped) {
      notes.push(`  ${format}: skipped (the Thrift compiler, which generates the bare contestant, is not installed)`);
      continue;
    }
    const ns = (label: string) => out.results[label];
    for (const op of ['encode', 'decode'] as const) {
      const bare = ns(`${format} ${op} bare`);
      const kitgen = ns(`${format} ${op} kitgen`);
      rows.push([format, op, bare.toFixed(0), kitgen.toFixed(0), (kitgen / bare).toFixed(2), pct(kitgen, bare)]);
    }
    for (const [op, variant] of [
      ['encode', 'fromObject+encode'],
      ['decode', 'decode+toObject'],
      ['decode', 'bounded decode'],
    ] as const) {
      const bare = ns(`${format} ${variant} bare`);
      if (bare === undefined) continue;
      const kitgen = ns(`${format} ${op} kitgen`);
      rows.push([
        format,
        `${op} vs ${variant}`,
        bare.toFixed(0),
        kitgen.toFixed(0),
        (kitgen / bare).toFixed(2),
        pct(kitgen, bare),
      ]);
    }
    notes.push(`  ${format}: ${out.bare}${out.note ? `; ${out.note}` : ''}`);
  }
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  for (const [i, r] of rows.entries()) {
    console.log(r.map((cell, c) => (c < 2 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  '));
    if (i === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  }
  console.log('\nbare contestants:');
  for (const note of notes) console.log(note);
  console.log('\n(goal: kitgen within 10 % of the bare library)');
}
