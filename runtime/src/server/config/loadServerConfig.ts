import { ServerConfig } from './ServerConfig.ts';

/** Loads a Server.Config from the environment and an optional config file (see Server.configured). */
export function loadServerConfig(env: NodeJS.ProcessEnv): ServerConfig {
  const port = env.LIB_HTTP_SERVER_BINDING_PORT;
  if (port === undefined) return ServerConfig.default;
  if (!/^\d+$/.test(port) || Number(port) > 65535) {
    throw new Error(`LIB_HTTP_SERVER_BINDING_PORT: expected a port number 0-65535, got "${port}"`);
  }
  return ServerConfig.default.port(Number(port));
}
