import type { ExtraRoute } from '../manyRoutes.ts';

/** A benchmark server started in its own process: where it listens, and how to stop it. */
export interface RunningServer {
  readonly port: number;
  close(): Promise<void>;
}

/**
 * Starts a server on `host` and any free port, with a route for every scenario, plus the
 * `extra` GET routes of bench:routes (each answering the user record: the index, or the id).
 */
export type StartServer = (host: string, extra?: readonly ExtraRoute[]) => Promise<RunningServer>;
