// Starts a comparison server (fastifyApp.ts, fastifyJsonApp.ts) as a child process. The app
// ends itself when this process goes away (exitWithParent.ts), so a referee never outlives a
// test run that is killed or crashes.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';

/** A running comparison server. */
export interface Referee {
  readonly port: number;
  readonly child: ChildProcess;
  /** Ends the process (SIGKILL: a referee stuck in a regular expression never reads SIGTERM's handler). */
  stop(): Promise<void>;
}

/** Starts the referee app at `app` and waits for the port it prints. */
export async function startReferee(app: URL): Promise<Referee> {
  const child = spawn(process.execPath, [app.pathname], { stdio: ['ignore', 'pipe', 'inherit'] });
  const first = await Promise.race([
    once(createInterface({ input: child.stdout! }), 'line').then(([line]) => line as string),
    once(child, 'exit').then(([code]) =>
      Promise.reject(new Error(`${app.pathname} exited with ${code} before listening`)),
    ),
  ]);
  const exited = once(child, 'exit');
  return {
    port: (JSON.parse(first) as { port: number }).port,
    child,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
