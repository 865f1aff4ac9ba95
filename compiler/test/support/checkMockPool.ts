// The parent side of checkMockWorker.ts: one worker process per job lane, each judging documents
// one after another. A worker is started again after `recycleAfter` documents (each document's
// generated modules stay imported, so a long-lived process grows) and whenever a document takes
// longer than the time limit (a hung mock or check is killed, and the document reported so).
import { fork, type ChildProcess } from 'node:child_process';
import { ensureRuntimeBuild } from '../../../scripts/runtime-builds.mjs';
import { repoRoot } from './fixtures.ts';
import type { WorkerAnswer, WorkerJob } from './checkMockWorker.ts';

const workerEntry = new URL('./checkMockWorker.ts', import.meta.url).pathname;

/** A worker process that judges one document at a time. */
export class CheckMockLane {
  private child: ChildProcess | undefined;
  private judged = 0;

  constructor(
    private readonly limitMs: number,
    private readonly recycleAfter = 40,
  ) {}

  private async start(): Promise<ChildProcess> {
    const build = await ensureRuntimeBuild();
    const env: NodeJS.ProcessEnv = { ...process.env, KITGEN_TEST_RUNTIME_BUILD: build };
    delete env.NODE_TEST_CONTEXT;
    this.judged = 0;
    return fork(workerEntry, [], { cwd: repoRoot, env, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  }

  /** Judges `job` in the worker; a worker that exits or passes the time limit answers `lost`, saying which. */
  async judge(job: WorkerJob): Promise<WorkerAnswer | { kind: 'lost'; note: string }> {
    if (this.child === undefined || this.judged >= this.recycleAfter) {
      this.close();
      this.child = await this.start();
    }
    const child = this.child;
    this.judged++;
    return new Promise((resolve) => {
      const done = (answer: WorkerAnswer | { kind: 'lost'; note: string }) => {
        clearTimeout(timer);
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(answer);
      };
      const onMessage = (answer: WorkerAnswer) => done(answer);
      const onExit = (code: number | null, signal: string | null) => {
        this.child = undefined;
        done({ kind: 'lost', note: `the worker exited (${code ?? signal})` });
      };
      const timer = setTimeout(() => {
        this.close();
        done({ kind: 'lost', note: `no answer in ${this.limitMs / 1000} s; the worker was stopped` });
      }, this.limitMs);
      child.on('message', onMessage);
      child.on('exit', onExit);
      child.send(job);
    });
  }

  /** Stops the worker, if one runs. */
  close(): void {
    const child = this.child;
    this.child = undefined;
    if (child && child.exitCode === null) {
      child.removeAllListeners('exit');
      child.kill('SIGKILL');
    }
  }
}
