// A child process of the real-world wire run (realWorldWireRun.ts): tests the documents its parent
// sends, one at a time, and answers each report. A document that hangs or exhausts the heap takes
// this process down with it; the parent counts that and starts another.
import { wireTestDocument, type WireOptions } from './realWorldWire.ts';

/** What the parent asks of a worker. */
export interface WorkerRequest {
  readonly file: string;
  readonly name: string;
  readonly options: Omit<WireOptions, 'name' | 'onExchange'>;
}

if (!process.send) throw new Error('realWorldWireWorker.ts runs as a child process of realWorldWireRun.ts');

process.on('message', (request: WorkerRequest) => {
  void wireTestDocument(request.file, { ...request.options, name: request.name }).then((report) =>
    process.send!({ report, rss: process.memoryUsage().rss }),
  );
});
process.send({ ready: true });
