/** Correctness probes: every server must answer each scenario's probes alike before it is timed. */
import { decode as decodeMsgpack } from '@msgpack/msgpack';
import { isDeepStrictEqual } from 'node:util';
import type { Probe } from './scenarios.ts';

/** Sends the probes to a server; returns the mismatches (empty when all pass). */
export async function runProbes(baseUrl: string, probes: readonly Probe[]): Promise<string[]> {
  const problems: string[] = [];
  for (const p of probes) {
    const where = `${p.method} ${p.path}`;
    try {
      const res = await fetch(baseUrl + p.path, { method: p.method, headers: p.headers, body: p.body });
      const bytes = new Uint8Array(await res.arrayBuffer());
      const text = new TextDecoder().decode(bytes);
      if (res.status !== p.status) {
        problems.push(`${where}: status ${res.status}, expected ${p.status} (${text.slice(0, 200)})`);
        continue;
      }
      if (p.msgpack !== undefined) {
        if (!/^application\/msgpack\b/.test(res.headers.get('content-type') ?? ''))
          problems.push(`${where}: content-type '${res.headers.get('content-type')}', expected application/msgpack`);
        else if (!isDeepStrictEqual(decodeMsgpack(bytes), p.msgpack))
          problems.push(`${where}: the MsgPack body decodes to another value`);
        continue;
      }
      // Byte-equal JSON: same escapes, same key order, same number text.
      if (p.text !== undefined && text !== p.text) {
        const at = [...text].findIndex((c, i) => c !== p.text![i]);
        problems.push(
          `${where}: body differs from the expected text at character ${at}: …${text.slice(Math.max(0, at - 40), at + 40)}… (expected …${p.text.slice(Math.max(0, at - 40), at + 40)}…)`,
        );
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
      if (!isDeepStrictEqual(body, p.json))
        problems.push(`${where}: body ${text.slice(0, 200)}, expected ${JSON.stringify(p.json)}`);
    } catch (error) {
      problems.push(`${where}: ${(error as Error).message}`);
    }
  }
  return problems;
}
