// Starts support/hostileApp.ts as a child process and reads what the suite measures: the
// handler-call count (over IPC) and the process's resident memory (/proc/<pid>/status).
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { once } from 'node:events';
import { createInterface } from 'node:readline';

/** A running hostile-suite server process. */
export interface HostileServer {
  readonly port: number;
  readonly child: ChildProcess;
  /** How many handlers have run so far. */
  calls(): Promise<number>;
  /** Resident memory now and the peak so far (VmRSS, VmHWM), in bytes. */
  memory(): { rss: number; peak: number };
  /** Sends SIGTERM and resolves with the exit code. */
  stop(): Promise<number | null>;
}

const app = new URL('./hostileApp.ts', import.meta.url).pathname;

/** Starts the app with these extra environment variables (server settings, HOSTILE_STATIC_DIR). */
export async function startHostile(env: Record<string, string> = {}): Promise<HostileServer> {
  const child = spawn(process.execPath, [app], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const lines = createInterface({ input: child.stdout! });
  const first = await Promise.race([
    once(lines, 'line').then(([line]) => line as string),
    once(child, 'exit').then(([code]) => Promise.reject(new Error(`hostile app exited with ${code} before listening`))),
  ]);
  const { port } = JSON.parse(first) as { port: number };
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  return {
    port,
    child,
    calls: () =>
      new Promise((resolve) => {
        const onMessage = (m: { type?: string; calls?: number }) => {
          if (m.type !== 'calls') return;
          child.off('message', onMessage);
          resolve(m.calls ?? -1);
        };
        child.on('message', onMessage);
        child.send({ type: 'calls' });
      }),
    memory: () => {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
      return { rss: kb('VmRSS'), peak: kb('VmHWM') };
    },
    stop: () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}
