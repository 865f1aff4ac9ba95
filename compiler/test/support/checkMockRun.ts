// `kitgen check` against `kitgen mock` over APIs.guru's directory (or an evenly spread part of
// it), both as a user runs them: for each document the mock starts, the check runs with a fixed
// seed, and the result is tallied — clean, violations (each printed, for explaining as a document
// defect or fixing), skipped operations, or a mock that did not start (its own diagnostics).
//   node scripts/run-ts.mjs compiler/test/support/checkMockRun.ts [--max-documents N] [--max-examples N] [--out file.json] [filter…]
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { directoryDocuments, directoryRoot } from './apisGuruDirectory.ts';
import { runNode } from './e2e.ts';
import { startMockProcess } from './mockProcess.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    'max-documents': { type: 'string' },
    'max-examples': { type: 'string', default: '5' },
    out: { type: 'string' },
    seed: { type: 'string', default: '1' },
  },
});

interface Outcome {
  readonly document: string;
  readonly result: 'clean' | 'violations' | 'mock-failed' | 'check-failed';
  readonly operations?: number;
  readonly requests?: number;
  readonly skipped?: number;
  readonly violations?: string[];
  readonly note?: string;
  readonly seconds: number;
}

const all = directoryDocuments().filter((d) => positionals.length === 0 || positionals.some((p) => d.includes(p)));
const max = values['max-documents'] === undefined ? all.length : Number(values['max-documents']);
const documents = all.length <= max ? all : Array.from({ length: max }, (_, i) => all[Math.floor((i * all.length) / max)]);
const outcomes: Outcome[] = [];
for (const [i, document] of documents.entries()) {
  const started = performance.now();
  const seconds = () => Math.round(performance.now() - started) / 1000;
  const file = join(directoryRoot, document);
  let mock: Awaited<ReturnType<typeof startMockProcess>>;
  try {
    mock = await startMockProcess([file], 120_000);
  } catch (error) {
    outcomes.push({ document, result: 'mock-failed', note: String((error as Error).message).slice(0, 400), seconds: seconds() });
    console.log(`[${i + 1}/${documents.length}] ${document}: mock did not start`);
    continue;
  }
  try {
    const run = await runNode([
      'bin/kitgen.js',
      'check',
      file,
      '--url',
      mock.url,
      '--seed',
      values.seed!,
      '--max-examples',
      values['max-examples']!,
      '--timeout',
      '30000',
    ]);
    const summary = /^(no violations|(\d+) violations?): (\d+) operations?, (\d+) requests/m.exec(run.stdout);
    const skipped = (run.stderr.match(/: skipped, /g) ?? []).length;
    if (!summary || run.code === 2) {
      outcomes.push({ document, result: 'check-failed', note: `${run.stdout}\n${run.stderr}`.slice(-600), seconds: seconds() });
    } else {
      const violations = run.stdout
        .split('\n\n')[0]
        .split(/\n(?=✗ )/)
        .filter((v) => v.startsWith('✗ '));
      outcomes.push({
        document,
        result: run.code === 0 ? 'clean' : 'violations',
        operations: Number(summary[3]),
        requests: Number(summary[4]),
        skipped,
        ...(violations.length > 0 ? { violations: violations.map((v) => v.slice(0, 800)) } : {}),
        seconds: seconds(),
      });
    }
    const o = outcomes.at(-1)!;
    console.log(
      `[${i + 1}/${documents.length}] ${document}: ${o.result}${o.violations ? ` (${o.violations.length})` : ''}${o.skipped ? `, ${o.skipped} skipped` : ''} in ${o.seconds} s`,
    );
  } finally {
    await mock.stop();
  }
}
const count = (r: Outcome['result']) => outcomes.filter((o) => o.result === r).length;
console.log(
  `${outcomes.length} documents: ${count('clean')} clean, ${count('violations')} with violations, ${count('mock-failed')} the mock refused, ${count('check-failed')} the check could not run; ` +
    `${outcomes.reduce((n, o) => n + (o.operations ?? 0), 0)} operations, ${outcomes.reduce((n, o) => n + (o.requests ?? 0), 0)} requests, ${outcomes.reduce((n, o) => n + (o.skipped ?? 0), 0)} operations skipped`,
);
if (values.out) await writeFile(values.out, JSON.stringify(outcomes, null, 2));
