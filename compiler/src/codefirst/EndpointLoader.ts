import { Worker } from 'node:worker_threads';
import type { DescribeAnswer, DescribeRequest, DescribeResult } from './describeProtocol.ts';
import { PartReader } from './documentParts.ts';

/**
 * The thread that loads endpoint definition files (describeWorker.ts), started once and reused:
 * a watch sends it one request per change. tsx is registered in it first, so the worker and the
 * user's TypeScript modules load with or without a loader in the compiler's own process.
 */
export class EndpointLoader {
  #worker: Worker | undefined;
  #pending: { resolve: (r: DescribeResult) => void; reject: (e: Error) => void } | undefined;
  #generation = 0;
  /** The parts of the thread's last document, which its next answer leaves out where unchanged. */
  #parts = new PartReader();
  /** The files whose modules the thread imported for its last answer. */
  lastImported: readonly string[] = [];
  /** The expanded sources the thread has, by file URL: a request sends only those that changed. */
  #sent = new Map<string, string>();

  #start(): Worker {
    const tsx = import.meta.resolve('tsx/esm/api');
    const entry = new URL(`./describeWorker${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url).href;
    const boot = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); })`;
    const worker = new Worker(boot, { eval: true, stdout: false, stderr: false });
    worker.unref();
    // A new thread has sent no part yet, and has no source.
    this.#parts = new PartReader();
    this.#sent = new Map();
    worker.on('message', (answer: DescribeAnswer) => {
      const p = this.#pending;
      this.#pending = undefined;
      if (answer.kind !== 'described') return p?.resolve(answer);
      this.lastImported = answer.imported;
      try {
        p?.resolve({ kind: 'described', parts: this.#parts.applyPacked(answer.changes), endpoints: answer.endpoints });
      } catch (error) {
        // The thread's parts and ours no longer agree: the next request starts a new thread.
        this.#worker = undefined;
        worker.removeAllListeners('exit');
        void worker.terminate();
        p?.reject(error as Error);
      }
    });
    const fail = (error: Error) => {
      this.#worker = undefined;
      const p = this.#pending;
      this.#pending = undefined;
      p?.reject(error);
    };
    worker.on('error', fail);
    worker.on('exit', (code) =>
      fail(
        new Error(
          `the thread loading the endpoint definition files stopped (exit code ${code}); did a module call process.exit()?`,
        ),
      ),
    );
    return worker;
  }

  /**
   * Starts the thread ahead of its first request, so that tsx and the runtime load while the
   * compiler derives: a run that will load modules says so as soon as it knows.
   */
  warm(): void {
    this.#worker ??= this.#start();
  }

  /** Loads the files (expanded sources in place of theirs) and describes their exported endpoints. */
  describe(request: Omit<DescribeRequest, 'generation' | 'dropped'>): Promise<DescribeResult> {
    if (this.#pending) return Promise.reject(new Error('EndpointLoader: one request at a time'));
    this.#worker ??= this.#start();
    const worker = this.#worker;
    this.#generation += 1;
    const changed: Record<string, string> = {};
    for (const [url, text] of Object.entries(request.sources)) if (this.#sent.get(url) !== text) changed[url] = text;
    const dropped = [...this.#sent.keys()].filter((url) => !Object.hasOwn(request.sources, url));
    this.#sent = new Map(Object.entries(request.sources));
    return new Promise<DescribeResult>((resolve, reject) => {
      this.#pending = { resolve, reject };
      worker.postMessage({
        ...request,
        sources: changed,
        dropped,
        generation: this.#generation,
      } satisfies DescribeRequest);
    });
  }

  /** Stops the thread. */
  async close(): Promise<void> {
    const w = this.#worker;
    this.#worker = undefined;
    if (w) {
      w.removeAllListeners('exit');
      await w.terminate();
    }
  }
}
