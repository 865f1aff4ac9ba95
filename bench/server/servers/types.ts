/** A benchmark server started in its own process: where it listens, and how to stop it. */
export interface RunningServer {
  readonly port: number;
  close(): Promise<void>;
}

/** Starts a server on `host` and any free port, with a route for every scenario. */
export type StartServer = (host: string) => Promise<RunningServer>;
