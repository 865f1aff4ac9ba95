import cluster, { type Worker } from 'node:cluster';
import type { Address } from 'node:cluster';
import type { AggregatorRegistry, PrometheusContentType } from 'prom-client';
import { Log } from '../../log/Log.ts';
import { CLUSTER_WORKER_ENV, isClusterMessage, type ClusterMessage } from '../../util/clusterWorker.ts';
import { PortInUseError } from '../PortInUseError.ts';
import { lazyRequire } from '../../util/lazyRequire.ts';
import type { TransportPlan } from './transportPlan.ts';

/** A crashed worker is replaced after 100 ms, doubling per recent crash up to 5 s. */
const RESTART_BASE_MS = 100;
const RESTART_MAX_MS = 5000;
/** More than this many crashes within the window is a crash loop: the group stops and the primary exits 1. */
const MAX_CRASHES = 5;
const CRASH_WINDOW_MS = 60_000;
// prom-client is loaded at the first metrics request a worker forwards, not at every start.
const promClient = lazyRequire<typeof import('prom-client')>('prom-client');

/**
 * The primary of a kitgen cluster (`TransportConfig.nThreads` > 1): forks the workers, which run
 * the same program and serve on the port they share through node:cluster, and keeps them
 * running — a worker that dies is replaced with back-off until a crash loop makes it give up.
 * It answers the workers' metrics requests with prom-client's AggregatorRegistry, and on
 * SIGTERM/SIGINT asks every worker to shut down gracefully (docs/decisions.md, "Workers").
 */
export class ClusterPrimary {
  readonly #plan: TransportPlan;
  readonly #workers = new Set<Worker>();
  readonly #listening = new Set<Worker>();
  #aggregator: AggregatorRegistry<PrometheusContentType> | undefined;
  #crashes: number[] = [];
  #port: number | undefined;
  #started: { resolve: (port: number) => void; reject: (error: Error) => void } | undefined;
  #stopping: Promise<void> | undefined;
  #exitCode = 0;

  constructor(plan: TransportPlan) {
    this.#plan = plan;
  }

  /** Forks the workers; resolves with the shared port once every one is listening. */
  start(): Promise<number> {
    cluster.on('message', this.#onMessage);
    process.on('SIGTERM', this.#onSignal);
    process.on('SIGINT', this.#onSignal);
    return new Promise((resolve, reject) => {
      this.#started = { resolve, reject };
      for (let i = 0; i < this.#plan.workers; i++) this.#fork();
    });
  }

  /** Workers alive right now. */
  get workers(): readonly Worker[] {
    return [...this.#workers];
  }

  #fork(): void {
    const worker = cluster.fork({ ...this.#plan.workerEnv, [CLUSTER_WORKER_ENV]: '1' });
    this.#workers.add(worker);
    worker.on('listening', (address: Address) => {
      this.#listening.add(worker);
      this.#port = address.port;
      if (this.#started && this.#listening.size >= this.#plan.workers) {
        this.#started.resolve(address.port);
        this.#started = undefined;
      }
    });
    worker.on('exit', (code: number, signal: string) => this.#exited(worker, code, signal));
  }

  #exited(worker: Worker, code: number | null, signal: string | null): void {
    this.#workers.delete(worker);
    this.#listening.delete(worker);
    if (this.#stopping) return;
    const now = Date.now();
    this.#crashes = [...this.#crashes.filter((t) => now - t < CRASH_WINDOW_MS), now];
    if (this.#crashes.length > MAX_CRASHES) {
      const message = `${this.#crashes.length} worker crashes within ${CRASH_WINDOW_MS / 1000} s: giving up (the last exited with ${signal ?? code})`;
      Log.get().error({ worker: worker.id, code, signal }, message);
      this.#giveUp(new Error(message));
      return;
    }
    const delay = Math.min(RESTART_MAX_MS, RESTART_BASE_MS * 2 ** (this.#crashes.length - 1));
    Log.get().warn(
      { worker: worker.id, code, signal, restartInMs: delay },
      'A worker exited unexpectedly; starting another',
    );
    setTimeout(() => {
      if (!this.#stopping) this.#fork();
    }, delay);
  }

  /** Stops the group: before start-up finished, install rejects; later, the primary exits 1. */
  #giveUp(error: Error): void {
    this.#exitCode = 1;
    const started = this.#started;
    this.#started = undefined;
    void this.shutdown().then(() => {
      if (started) started.reject(error);
      else process.exit(1);
    });
  }

  readonly #onMessage = (worker: Worker, message: unknown): void => {
    if (!isClusterMessage(message)) return;
    if (message.kitgen === 'metrics') {
      const reply = (fields: Partial<ClusterMessage>) =>
        worker.isConnected() && worker.send({ kitgen: 'metrics:answer', id: message.id, ...fields });
      this.#aggregator ??= new (promClient().AggregatorRegistry)();
      this.#aggregator.clusterMetrics().then(
        (text) => reply({ text }),
        (error: Error) => reply({ error: error.message }),
      );
    } else if (message.kitgen === 'installFailed') {
      const error =
        message.code === 'EADDRINUSE'
          ? new PortInUseError(Number(message.port), String(message.host))
          : new Error(String(message.message));
      this.#giveUp(error);
    }
  };

  readonly #onSignal = (): void => {
    void this.shutdown();
  };

  /**
   * Asks every worker to shut down gracefully (each drains and closes as a single server does)
   * and resolves when all have exited; workers still running after `shutdownTimeoutDuration`
   * are killed. Every call returns the same promise.
   */
  shutdown(): Promise<void> {
    return (this.#stopping ??= this.#stop());
  }

  async #stop(): Promise<void> {
    const exited = (w: Worker) =>
      new Promise<void>((resolve) => (w.isDead() ? resolve() : w.once('exit', () => resolve())));
    const all = [...this.#workers];
    for (const w of all) if (w.isConnected()) w.send({ kitgen: 'shutdown' });
    let timer: NodeJS.Timeout | undefined;
    const late = await Promise.race([
      Promise.all(all.map(exited)).then(() => false),
      new Promise<boolean>((resolve) => (timer = setTimeout(resolve, this.#plan.shutdownTimeout, true))),
    ]);
    clearTimeout(timer);
    if (late) {
      for (const w of all) if (!w.isDead()) w.process.kill('SIGKILL');
      await Promise.all(all.map(exited));
    }
    cluster.off('message', this.#onMessage);
    process.off('SIGTERM', this.#onSignal);
    process.off('SIGINT', this.#onSignal);
    if (this.#exitCode !== 0) process.exitCode = this.#exitCode;
  }

  /** The shared port, once a worker listens. */
  get port(): number | undefined {
    return this.#port;
  }
}
