// Starts a kitgen server for a wire test: loopback, any free port, config changed by the test.
import { Routes, Server, ServerConfig, type ServerLayer } from '@kitgen/runtime';
import type { Route } from '@kitgen/runtime';

/** A running test server. */
export interface TestServer {
  readonly port: number;
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  readonly layer: ServerLayer;
  /** Graceful shutdown (idempotent). */
  shutdown(): Promise<void>;
}

/**
 * Installs `routes` on a server bound to 127.0.0.1 on a free port, with the default config
 * changed by `configure`. Tests connect over loopback only.
 */
export async function startServer(
  routes: Routes | Route | ReadonlyArray<Route>,
  configure: (c: ServerConfig) => ServerConfig = (c) => c,
): Promise<TestServer> {
  const all = Routes.is(routes)
    ? routes
    : Array.isArray(routes)
      ? Routes(...(routes as Route[]))
      : Routes(routes as Route);
  const layer = Server.live(configure(ServerConfig.default).binding('127.0.0.1', 0));
  const port = await Server.install(all, layer);
  return { port, url: `http://127.0.0.1:${port}`, layer, shutdown: () => layer.shutdown() };
}

/** A promise with its resolve function exposed, for handlers that signal a test. */
export function deferred<T = void>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** Resolves after `ms` milliseconds. */
export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves with `value` if `promise` settles within `ms`, otherwise with `'timeout'`. */
export function within<T>(promise: Promise<T>, ms: number): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
