/** Correctness probes: every server must answer each scenario's probes alike before it is timed. */
import { isDeepStrictEqual } from 'node:util';
import type { Probe } from './scenarios.ts';

/** Sends the probes to a server; returns the mismatches (empty when all pass). */
export async function runProbes(baseUrl: string, probes: readonly Probe[]): Promise<string[]> {
  const problems: string[] = [];
  for (const p of probes) {
    const where = `${p.method} ${p.path}`;
    try {
      const res = await fetch(baseUrl + p.path, { method: p.method, headers: p.headers, body: p.body });
      const text = await res.text();
      if (res.status !== p.status) {
        problems.push(`${where}: status ${res.status}, expected ${p.status} (${text.slice(0, 200)})`);
        continue;
      }
      if (p.json === undefined) continue;
      if (!/^application\/json\b/.test(res.headers.get('content-type') ?? '')) {
        problems.push(`${where}: content-type '${res.headers.get('content-type')}', expected application/json`);
      }
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        problems.push(`${where}: body is not JSON: ${text.slice(0, 200)}`);
        continue;
      }
      if (!isDeepStrictEqual(body, p.json)) problems.push(`${where}: body ${text.slice(0, 200)}, expected ${JSON.stringify(p.json)}`);
    } catch (error) {
      problems.push(`${where}: ${(error as Error).message}`);
    }
  }
  return problems;
}
