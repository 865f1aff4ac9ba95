import cluster from 'node:cluster';
import type { AddressInfo } from 'node:net';
import type { Routes } from '../routing/Routes.ts';
import { clusterWorkerId } from '../util/clusterWorker.ts';
import type { ServerConfig } from './config/ServerConfig.ts';
import type { TransportConfig } from './config/TransportConfig.ts';
import { HttpServer } from './HttpServer.ts';
import { ClusterPrimary } from './cluster/ClusterPrimary.ts';
import { planTransport } from './cluster/transportPlan.ts';
import { followPrimary, reportInstallFailure } from './cluster/workerLifecycle.ts';

/**
 * A server to be (the spec's server layer): a config, optionally a transport config, and once
 * routes are installed the running {@link HttpServer}. `install` may be called again to add
 * routes. With `TransportConfig.nThreads` above 1 the process that installs first becomes the
 * cluster's primary (it forks the workers and serves nothing itself) and each worker, running
 * the same program, serves the routes on the shared port.
 */
export class ServerLayer {
  readonly config: ServerConfig;
  readonly transport: TransportConfig | undefined;
  #server: HttpServer | undefined;
  #primary: ClusterPrimary | undefined;
  #primaryStarted: Promise<number> | undefined;
  #routes: Routes | undefined;
  #stopRequested: Promise<void> | undefined;

  constructor(config: ServerConfig, transport?: TransportConfig) {
    this.config = config;
    this.transport = transport;
  }

  /** The bound port, once installed. */
  get port(): number | undefined {
    return this.#server?.port ?? this.#primary?.port;
  }

  /** The bound address (host, port, family), once installed (undefined on a cluster's primary). */
  get address(): AddressInfo | undefined {
    return this.#server?.address;
  }

  /** This process's role: a single server, a cluster's primary, or one of its workers. */
  get role(): 'single' | 'primary' | 'worker' {
    if (clusterWorkerId() !== undefined) return 'worker';
    return this.#primary ? 'primary' : 'single';
  }

  /** Installs routes (added after any installed before), starting the server if needed; resolves with the port. */
  async install(routes: Routes): Promise<number> {
    // Every transport field is checked here, on every process: one the server cannot honour is refused.
    const plan = this.transport ? planTransport(this.transport) : undefined;
    if (plan && plan.workers > 1 && cluster.isPrimary) {
      this.#primary ??= new ClusterPrimary(plan);
      return (this.#primaryStarted ??= this.#primary.start());
    }
    const all = this.#routes ? this.#routes.concat(routes) : routes;
    this.#server ??= new HttpServer(this.config, this.transport);
    // Checked before the routes are taken: a webSocketConfig the server cannot honour is refused here.
    if (routes.routes.some((r) => r.kind === 'webSocket')) this.#server.enableWebSockets();
    this.#routes = all;
    this.#server.setHandler(this.#routes.toServerHandler());
    if (clusterWorkerId() === undefined) return this.#server.listen();
    this.#stopRequested ??= followPrimary(() => this.shutdown());
    return this.#server.listen().catch((error: unknown) => {
      reportInstallFailure(error);
      throw error;
    });
  }

  /**
   * Resolves when this process should stop serving: on a cluster worker, when the primary asks
   * it to; elsewhere, on SIGINT or SIGTERM.
   */
  stopRequested(): Promise<void> {
    if (this.#stopRequested) return this.#stopRequested;
    return new Promise<void>((resolve) => {
      const stop = () => {
        process.off('SIGINT', stop);
        process.off('SIGTERM', stop);
        resolve();
      };
      process.on('SIGINT', stop);
      process.on('SIGTERM', stop);
    });
  }

  /** Graceful shutdown (stop accepting, let requests in flight finish); resolves when the server (or, on a primary, every worker) is closed. */
  async shutdown(): Promise<void> {
    await Promise.all([this.#server?.shutdown(), this.#primary?.shutdown()]);
  }
}
