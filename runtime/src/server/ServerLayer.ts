import type { AddressInfo } from 'node:net';
import type { Routes } from '../routing/Routes.ts';
import type { ServerConfig } from './config/ServerConfig.ts';
import type { TransportConfig } from './config/TransportConfig.ts';
import { HttpServer } from './HttpServer.ts';

/**
 * A server to be (the spec's server layer): a config, optionally a transport config, and once
 * routes are installed the running {@link HttpServer}. `install` may be called again to add routes.
 */
export class ServerLayer {
  readonly config: ServerConfig;
  readonly transport: TransportConfig | undefined;
  #server: HttpServer | undefined;
  #routes: Routes | undefined;

  constructor(config: ServerConfig, transport?: TransportConfig) {
    this.config = config;
    this.transport = transport;
  }

  /** The bound port, once installed. */
  get port(): number | undefined {
    return this.#server?.port;
  }

  /** The bound address (host, port, family), once installed. */
  get address(): AddressInfo | undefined {
    return this.#server?.address;
  }

  /** Installs routes (added after any installed before), starting the server if needed; resolves with the port. */
  async install(routes: Routes): Promise<number> {
    const all = this.#routes ? this.#routes.concat(routes) : routes;
    this.#server ??= new HttpServer(this.config, this.transport);
    // Checked before the routes are taken: a webSocketConfig the server cannot honour is refused here.
    if (routes.routes.some((r) => r.kind === 'webSocket')) this.#server.enableWebSockets();
    this.#routes = all;
    this.#server.setHandler(this.#routes.toHandler());
    return this.#server.listen();
  }

  /** Graceful shutdown (spec rule 8); resolves when the server is closed. */
  async shutdown(): Promise<void> {
    await this.#server?.shutdown();
  }
}
