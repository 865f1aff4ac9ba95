/** Where the CLI reads and writes (the process by default; tests pass their own). */
export interface CliIO {
  readonly cwd: string;
  stdout(line: string): void;
  stderr(line: string): void;
  /** Resolves when the user stops a watch (SIGINT). */
  readonly stopped?: Promise<void>;
}
