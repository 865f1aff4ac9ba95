import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { layoutCode } from './layout.ts';

/** Below this much code, one thread lays it out sooner than starting another would pay off. */
export const parallelLayoutBytes = 8_000_000;

/**
 * Lays out `texts` (kitgen's layout, linear per file) on this thread and, for large outputs on a
 * machine with more than one core, on worker threads too, each taking a share of the bytes: on a
 * 10,000-operation document the layout is a quarter of a run's time, and files are independent.
 */
export async function layoutAll(texts: readonly string[], width: number): Promise<string[]> {
  let total = 0;
  for (const t of texts) total += t.length;
  const threads = Math.min(availableParallelism(), 4);
  if (threads < 2 || total < parallelLayoutBytes) return texts.map((t) => layoutCode(t, width));
  // Files dealt out largest first to the lightest share, so the shares end at about the same time.
  const order = texts.map((t, i) => i).sort((a, b) => texts[b].length - texts[a].length);
  const shares = Array.from({ length: threads }, () => ({ bytes: 0, indices: [] as number[] }));
  for (const i of order) {
    const lightest = shares.reduce((a, b) => (b.bytes < a.bytes ? b : a));
    lightest.bytes += texts[i].length;
    lightest.indices.push(i);
  }
  const out = new Array<string>(texts.length);
  // From this repository's TypeScript sources (tests, `bin/kitgen.js` here) the worker needs tsx's loader too.
  const fromSources = import.meta.url.endsWith('.ts');
  const workerFile = new URL(fromSources ? './layoutWorker.ts' : './layoutWorker.js', import.meta.url);
  // Only the loader: the parent's flags may include ones a worker refuses (`--max-old-space-size`).
  const execArgv = fromSources ? [`--import=${import.meta.resolve('tsx')}`] : [];
  const remote = shares.slice(1).map(async (share) => {
    try {
      const worker = new Worker(workerFile, { execArgv });
      try {
        const done = new Promise<string[]>((resolve, reject) => {
          worker.once('message', resolve);
          worker.once('error', reject);
          worker.once('exit', (code) =>
            reject(new Error(`kitgen's layout worker stopped (exit code ${code}) before answering`)),
          );
        });
        worker.postMessage({ texts: share.indices.map((i) => texts[i]), width });
        const laidOut = await done;
        share.indices.forEach((i, k) => (out[i] = laidOut[k]));
      } finally {
        await worker.terminate();
      }
    } catch {
      // A worker that cannot start or stops: this thread lays out its share (the result is the same).
      for (const i of share.indices) out[i] = layoutCode(texts[i], width);
    }
  });
  for (const i of shares[0].indices) out[i] = layoutCode(texts[i], width);
  await Promise.all(remote);
  return out;
}
