// A long-lived process that runs `kitgen mock` and `kitgen check` on one document after another,
// through the CLI's own entry (`main` of compiler/src/cli/main.ts, as bin/kitgen.js calls it), so
// what each prints is what a user's two commands print; it saves the two process starts (tsx, the
// compiler's and the runtime's modules) a document cost in checkMockRun.ts. Started by
// checkMockPool.ts with an IPC channel: it takes `{ file, seed, maxExamples }` and answers with
// both commands' exit codes and output.
import { main } from '../../src/cli/main.ts';

/** One document to judge. */
export interface WorkerJob {
  readonly file: string;
  readonly seed: string;
  readonly maxExamples: string;
}

/** What the two commands did: the mock's output when it did not start, else the check's. */
export type WorkerAnswer =
  | { readonly kind: 'mock-failed'; readonly code: number; readonly stdout: string; readonly stderr: string }
  | { readonly kind: 'checked'; readonly code: number; readonly stdout: string; readonly stderr: string };

const startLine = /kitgen mock: .* — \d+ operations? at (\S+) /;

function capture(): {
  out: string[];
  err: string[];
  io: { cwd: string; stdout(l: string): void; stderr(l: string): void };
} {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { cwd: process.cwd(), stdout: (l) => out.push(l), stderr: (l) => err.push(l) } };
}

/** Starts the mock on `file`, runs the check against it, and stops the mock. */
async function judge(job: WorkerJob): Promise<WorkerAnswer> {
  const mock = capture();
  let stop!: () => void;
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  let started!: (url: string) => void;
  const listening = new Promise<string>((resolve) => (started = resolve));
  const mockIo = {
    ...mock.io,
    stdout: (l: string) => {
      mock.out.push(l);
      const m = startLine.exec(l);
      if (m) started(m[1]);
    },
    stopped,
  };
  const exited = main(['mock', job.file, '--port', '0'], mockIo);
  const first = await Promise.race([listening, exited.then((code) => ({ code }))]);
  if (typeof first !== 'string')
    return { kind: 'mock-failed', code: first.code, stdout: mock.out.join('\n'), stderr: mock.err.join('\n') };
  const check = capture();
  try {
    const code = await main(
      ['check', job.file, '--url', first, '--seed', job.seed, '--max-examples', job.maxExamples, '--timeout', '30000'],
      check.io,
    );
    return { kind: 'checked', code, stdout: check.out.join('\n') + '\n', stderr: check.err.join('\n') + '\n' };
  } finally {
    stop();
    await exited;
  }
}

process.on('message', (job: WorkerJob) => {
  void judge(job).then(
    (answer) => process.send!(answer),
    (error: unknown) =>
      process.send!({ kind: 'checked', code: 2, stdout: '', stderr: String((error as Error).stack ?? error) }),
  );
});
