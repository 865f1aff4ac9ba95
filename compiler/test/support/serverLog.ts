// The runtime's log, kept in memory while the real-world wire test runs: a 5xx answer reveals
// nothing of its cause to the client, but the server logs it (the error's message), and a finding
// that says "Do not know how to serialize a BigInt" is worth more than a bare 500. A refusal whose
// declared error has no body is logged at debug level with what was wrong, kept here too.
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { Log } from '@kitgen/runtime';

interface Entry {
  readonly level?: number;
  readonly status?: number;
  readonly msg?: string;
  readonly err?: { readonly message?: string; readonly type?: string };
}

/** Installs an in-memory logger (warnings and above, and debug-level refusals) and returns its reader. */
export function serverLog(): { mark(): number; errorSince(mark: number): string | undefined } {
  const entries: Entry[] = [];
  // How many entries were dropped from the front: marks count from the first entry ever logged.
  let offset = 0;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (line === '') continue;
        try {
          const entry = JSON.parse(line) as Entry;
          // Below warn, only the refusals that went out without a body say anything worth keeping.
          if ((entry.level ?? 50) < 40 && entry.status === undefined) continue;
          entries.push(entry);
        } catch {
          entries.push({ msg: line });
        }
      }
      // Only the latest ones are read: keep the memory of a long run flat.
      if (entries.length > 1000) offset += entries.splice(0, entries.length - 100).length;
      done();
    },
  });
  Log.set(pino({ level: 'debug' }, sink) as unknown as Parameters<typeof Log.set>[0]);
  return {
    mark: () => offset + entries.length,
    errorSince(mark) {
      const recent = entries.slice(Math.max(0, mark - offset));
      const e = recent.find((x) => x.err?.message) ?? recent[0];
      return e ? (e.err?.message ? `${e.err.type ?? 'Error'}: ${e.err.message}` : e.msg) : undefined;
    },
  };
}
