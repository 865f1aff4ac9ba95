// `kitgen check` against `kitgen mock` over APIs.guru's directory (or an evenly spread part of
// it), both as a user runs them: for each document the mock starts, the check runs with a fixed
// seed, and the result is tallied — clean, violations (each printed, for explaining as a document
// defect or fixing), skipped operations, or a mock that did not start (its own diagnostics).
//   node scripts/run-ts.mjs compiler/test/support/checkMockRun.ts [--max-documents N] [--max-examples N]
//     [--jobs N] [--spread] [--from N] [--out file.json] [--resume earlier.json] [--processes]
//     [--limit-seconds N] [--exclude substring,…] [filter…]
// Each job lane runs both commands through the CLI's entry in one long-lived worker process
// (checkMockWorker.ts), started again every 40 documents and after a document that passes
// --limit-seconds (default 600; reported as check-failed); --processes runs them as two
// processes per document instead (`kitgen mock` and `kitgen check`, as a user does: ~4 s more
// a document), the reference the worker's outcomes were compared with.
// --spread visits the documents in an order spread over the whole directory, so a run stopped
// early has covered an even sample rather than the first providers alphabetically; --out is
// rewritten after every document, so a stopped run keeps what it did; --resume takes the outcomes
// of an earlier run's --out file as they are (all but those where the mock or the check could not
// run) and visits only the other documents, so runs stopped at a deadline add up to the whole set.
// --from N starts at the Nth document of the visiting order (0-based): the spread order is fixed,
// so a run continues earlier parts whose --out file is gone without judging their documents again.
// Violations that are kitgen's recorded decisions (a declared error shape the runtime cannot
// fill, warned at generate time) are kept apart as `decisions`, as the wire test files them;
// --reclassify <file> sorts an earlier run's outcomes so (written to --out).
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { directoryDocuments, directoryRoot } from './apisGuruDirectory.ts';
import { runNode } from './e2e.ts';
import { startMockProcess } from './mockProcess.ts';
import { splitDecisions } from './checkMockDecisions.ts';
import { CheckMockLane } from './checkMockPool.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    'max-documents': { type: 'string' },
    'max-examples': { type: 'string', default: '5' },
    jobs: { type: 'string', default: '1' },
    spread: { type: 'boolean', default: false },
    out: { type: 'string' },
    seed: { type: 'string', default: '1' },
    resume: { type: 'string' },
    from: { type: 'string', default: '0' },
    reclassify: { type: 'string' },
    processes: { type: 'boolean', default: false },
    'limit-seconds': { type: 'string', default: '600' },
    exclude: { type: 'string', default: '' },
  },
});

interface Outcome {
  readonly document: string;
  readonly result: 'clean' | 'violations' | 'mock-failed' | 'check-failed';
  readonly operations?: number;
  readonly requests?: number;
  readonly skipped?: number;
  readonly violations?: string[];
  /** Violations that are kitgen's recorded decisions (checkMockDecisions.ts), not counted against it. */
  readonly decisions?: string[];
  readonly note?: string;
  readonly seconds: number;
}

const all = directoryDocuments().filter((d) => positionals.length === 0 || positionals.some((p) => d.includes(p)));
const max = values['max-documents'] === undefined ? all.length : Number(values['max-documents']);
const chosen = all.length <= max ? all : Array.from({ length: max }, (_, i) => all[Math.floor((i * all.length) / max)]);
const earlier: Outcome[] = values.resume
  ? (JSON.parse(await readFile(values.resume, 'utf8')) as Outcome[]).filter(
      (o) => o.result === 'clean' || o.result === 'violations',
    )
  : [];
const done = new Set(earlier.map((o) => o.document));
// --exclude leaves out documents already known to pass --limit-seconds, so a continuation does not
// spend ten minutes on each again; it applies after the spread order, which --from counts in.
const excluded = values.exclude.split(',').filter((p) => p !== '');
const documents = (values.spread ? spreadOrder(chosen) : chosen)
  .slice(Number(values.from))
  .filter((d) => !done.has(d) && !excluded.some((p) => d.includes(p)));
const outcomes: Outcome[] = [...earlier];
let next = 0;

/** The items in an order whose every prefix is spread over the list: a stride near the golden ratio. */
function spreadOrder<T>(items: readonly T[]): T[] {
  const n = items.length;
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  let stride = Math.max(1, Math.round(n * 0.618));
  while (n > 1 && gcd(stride, n) !== 1) stride++;
  return Array.from({ length: n }, (_, i) => items[(i * stride) % n]);
}

/** Takes the next document until none is left, printing each outcome and saving all so far. */
async function worker(): Promise<void> {
  const lane = values.processes ? undefined : new CheckMockLane(Number(values['limit-seconds']) * 1000);
  while (next < documents.length) {
    const document = documents[next++];
    const o = lane ? await runDocumentInWorker(document, lane) : await runDocumentInProcesses(document);
    outcomes.push(o);
    const counts = `${o.violations ? ` (${o.violations.length})` : ''}${o.skipped ? `, ${o.skipped} skipped` : ''}`;
    console.log(
      `[${outcomes.length - earlier.length}/${documents.length}] ${document}: ${o.result}${counts} in ${o.seconds} s`,
    );
    if (values.out) await writeFile(values.out, JSON.stringify(outcomes, null, 2));
  }
  lane?.close();
}

/** The outcome of a check run from what it printed (as `kitgen check` prints it). */
async function outcomeOf(
  document: string,
  file: string,
  run: { code: number | null; stdout: string; stderr: string },
  seconds: () => number,
): Promise<Outcome> {
  const summary = /^(no violations|(\d+) violations?): (\d+) operations?, (\d+) requests/m.exec(run.stdout);
  const skipped = (run.stderr.match(/: skipped, /g) ?? []).length;
  if (!summary || run.code === 2) {
    return { document, result: 'check-failed', note: `${run.stdout}\n${run.stderr}`.slice(-600), seconds: seconds() };
  }
  const printed = run.stdout
    .split('\n\n')[0]
    .split(/\n(?=✗ )/)
    .filter((v) => v.startsWith('✗ '));
  const { violations, decisions } = await splitDecisions(file, printed);
  return {
    document,
    result: violations.length === 0 ? 'clean' : 'violations',
    operations: Number(summary[3]),
    requests: Number(summary[4]),
    skipped,
    ...(violations.length > 0 ? { violations: violations.map((v) => v.slice(0, 800)) } : {}),
    ...(decisions.length > 0 ? { decisions: decisions.map((v) => v.slice(0, 900)) } : {}),
    seconds: seconds(),
  };
}

/** Starts the mock on one document, runs the check against it, and stops the mock: two processes, as a user runs them. */
async function runDocumentInProcesses(document: string): Promise<Outcome> {
  const started = performance.now();
  const seconds = () => Math.round(performance.now() - started) / 1000;
  const file = join(directoryRoot, document);
  let mock: Awaited<ReturnType<typeof startMockProcess>>;
  try {
    mock = await startMockProcess([file], 120_000);
  } catch (error) {
    return {
      document,
      result: 'mock-failed',
      note: String((error as Error).message).slice(0, 400),
      seconds: seconds(),
    };
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
    return await outcomeOf(document, file, run, seconds);
  } finally {
    await mock.stop();
  }
}

/** The same two commands through the CLI's entry in a long-lived worker process of `lane`. */
async function runDocumentInWorker(document: string, lane: CheckMockLane): Promise<Outcome> {
  const started = performance.now();
  const seconds = () => Math.round(performance.now() - started) / 1000;
  const file = join(directoryRoot, document);
  const answer = await lane.judge({ file, seed: values.seed!, maxExamples: values['max-examples']! });
  if (answer.kind === 'lost') return { document, result: 'check-failed', note: answer.note, seconds: seconds() };
  if (answer.kind === 'mock-failed')
    return {
      document,
      result: 'mock-failed',
      note: `kitgen mock exited (${answer.code}):\n${answer.stdout}\n${answer.stderr}`.slice(0, 400),
      seconds: seconds(),
    };
  return outcomeOf(document, file, answer, seconds);
}

if (values.reclassify) {
  // An earlier run's outcomes, their violations sorted again (the decisions of a run made before
  // they were kept apart); nothing is run.
  const sorted: Outcome[] = [];
  for (const o of JSON.parse(await readFile(values.reclassify, 'utf8')) as Outcome[]) {
    if (!o.violations) {
      sorted.push(o);
      continue;
    }
    const split = await splitDecisions(join(directoryRoot, o.document), [...o.violations, ...(o.decisions ?? [])]);
    const { violations: _v, decisions: _d, ...rest } = o;
    sorted.push({
      ...rest,
      result: split.violations.length === 0 ? 'clean' : 'violations',
      ...(split.violations.length > 0 ? { violations: split.violations } : {}),
      ...(split.decisions.length > 0 ? { decisions: split.decisions } : {}),
    });
  }
  outcomes.splice(0, outcomes.length, ...sorted);
} else await Promise.all(Array.from({ length: Math.max(1, Number(values.jobs)) }, () => worker()));
const count = (r: Outcome['result']) => outcomes.filter((o) => o.result === r).length;
const sum = (key: 'operations' | 'requests' | 'skipped') => outcomes.reduce((n, o) => n + (o[key] ?? 0), 0);
console.log(
  `${outcomes.length} documents: ${count('clean')} clean, ${count('violations')} with violations, ` +
    `${count('mock-failed')} the mock refused, ${count('check-failed')} the check could not run; ` +
    `${outcomes.reduce((n, o) => n + (o.decisions?.length ?? 0), 0)} recorded decisions; ` +
    `${sum('operations')} operations, ${sum('requests')} requests, ${sum('skipped')} operations skipped`,
);
if (values.out) await writeFile(values.out, JSON.stringify(outcomes, null, 2));
