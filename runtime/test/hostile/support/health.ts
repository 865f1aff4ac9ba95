// A legitimate client asking GET /hello while an attack goes on: how long each answer takes is
// what the suite holds the server to (a stalled event loop shows as a slow /hello).
import { exchange } from './exchange.ts';

const HELLO = 'GET /hello HTTP/1.1\r\nHost: a.example\r\nConnection: close\r\n\r\n';
const answered = new Map<number, number>();

/** How many GET /hello were answered 200 on this port so far (each ran a handler on the hostile app). */
export const hellos = (port: number): number => answered.get(port) ?? 0;

/** Milliseconds for one GET /hello on a fresh connection, or `timeoutMs` when it was not answered 200 in time. */
export async function helloLatency(port: number, timeoutMs = 2000): Promise<number> {
  const started = performance.now();
  const r = await exchange(port, HELLO, timeoutMs);
  if (r.status !== 200) return timeoutMs;
  answered.set(port, hellos(port) + 1);
  return performance.now() - started;
}

/**
 * Polls GET /hello every `everyMs` until stopped; `stop` resolves with each answer's latency. An
 * attack can be over before a slow answer or two come back, so `stop(atLeast)` keeps polling until
 * that many answers are in: the first of them was asked while the attack went on.
 */
export function pollHealth(port: number, everyMs = 10): { stop(atLeast?: number): Promise<number[]> } {
  const latencies: number[] = [];
  let running = true;
  let wanted = 0;
  const loop = (async () => {
    while (running || latencies.length < wanted) {
      latencies.push(await helloLatency(port));
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    stop: async (atLeast = 0) => {
      wanted = atLeast;
      running = false;
      await loop;
      return latencies;
    },
  };
}

/** The slowest GET /hello over `ms` of polling with nothing else sent: the machine's own noise. */
export async function idleLatency(port: number, ms = 1500, everyMs = 10): Promise<number> {
  const quiet = pollHealth(port, everyMs);
  await new Promise((resolve) => setTimeout(resolve, ms));
  return Math.max(...(await quiet.stop()));
}
