import type { Routes } from '../routing/Routes.ts';
import { ServerConfig } from './config/ServerConfig.ts';
import type { TransportConfig } from './config/TransportConfig.ts';
import { loadServerConfig, loadTransportConfig } from './config/loadServerConfig.ts';
import { ServerLayer } from './ServerLayer.ts';

/**
 * The spec's `Server`: layers (`Server.default`, `defaultWithPort`, `defaultWith`, `live`,
 * `configured`, `customized`) and the two entry points `install` and `serve`.
 */
export const Server = {
  /** The spec's `Server.Config` record and its `default`. */
  Config: ServerConfig,

  /** A server with the default config: 0.0.0.0:8080. Each access is a new server. */
  get default(): ServerLayer {
    return new ServerLayer(ServerConfig.default);
  },

  /** The default config on another port (0: any free port). */
  defaultWithPort(port: number): ServerLayer {
    return new ServerLayer(ServerConfig.default.port(port));
  },

  /** The default config changed by `f`. */
  defaultWith(f: (config: ServerConfig) => ServerConfig): ServerLayer {
    return new ServerLayer(f(ServerConfig.default));
  },

  /** A server with this config. */
  live(config: ServerConfig): ServerLayer {
    return new ServerLayer(config);
  },

  /** A server with this config and low-level transport config. */
  customized(config: ServerConfig, transport: TransportConfig): ServerLayer {
    return new ServerLayer(config, transport);
  },

  /**
   * A server (and its transport, from the `transport.*` keys) configured from the environment (`LIB_HTTP_SERVER_*`) and, when
   * `KITGEN_CONFIG_FILE` names a JSON or YAML file, its `lib.http.server` section.
   * A bad value throws, naming the variable or key and the expected form.
   */
  configured(env: NodeJS.ProcessEnv = process.env): ServerLayer {
    return new ServerLayer(loadServerConfig(env), loadTransportConfig(env));
  },

  /** Installs routes on a server (starting it) and resolves with the bound port. */
  install(routes: Routes, server: ServerLayer = new ServerLayer(ServerConfig.default)): Promise<number> {
    return server.install(routes);
  },

  /**
   * Serves routes until SIGINT or SIGTERM (on a cluster worker: until the primary asks it to
   * stop), then shuts down gracefully and resolves.
   */
  async serve(routes: Routes, server: ServerLayer = new ServerLayer(ServerConfig.default)): Promise<void> {
    await server.install(routes);
    await server.stopRequested();
    await server.shutdown();
  },
};

/** Types under the `Server` name: `Server.Config`. */
export declare namespace Server {
  /** The spec's `Server.Config` record type. */
  type Config = ServerConfig;
}
