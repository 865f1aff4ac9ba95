// A worker thread that lays out files for layoutInParallel.ts: it takes `{ texts, width }` and
// answers with the laid-out texts in the same order.
import { parentPort } from 'node:worker_threads';
import { layoutCode } from './layout.ts';

parentPort?.on('message', (job: { readonly texts: readonly string[]; readonly width: number }) => {
  parentPort?.postMessage(job.texts.map((text) => layoutCode(text, job.width)));
});
