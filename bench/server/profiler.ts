/**
 * In-process CPU profiling for a benchmark server, driven by its parent over stdin:
 * `profile-start <intervalUs>` starts V8's sampling profiler (the one `node --cpu-prof` uses),
 * `profile-stop <file>` writes the `.cpuprofile` plus the source maps of the profiled scripts
 * (`<file>.sourcemaps.json`), then prints `PROFILED`. Profiling through the inspector rather
 * than `--cpu-prof` leaves start-up, TypeScript loading and warm-up out of the profile.
 */
import { Session } from 'node:inspector';
import { findSourceMap } from 'node:module';
import { writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

/** The part of a `.cpuprofile` this code reads. */
export interface CpuProfile {
  readonly nodes: ReadonlyArray<{
    readonly id: number;
    readonly callFrame: {
      readonly functionName: string;
      readonly url: string;
      readonly lineNumber: number;
      readonly columnNumber: number;
    };
    readonly children?: readonly number[];
    readonly positionTicks?: ReadonlyArray<{ readonly line: number; readonly ticks: number }>;
  }>;
  readonly startTime: number;
  readonly endTime: number;
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

function post<T>(session: Session, method: string, params?: object): Promise<T> {
  return new Promise((resolve, reject) =>
    session.post(method, params ?? {}, (error, result) => (error ? reject(error) : resolve(result as T))),
  );
}

/** Source map payloads of the profiled scripts that have one (tsx-compiled TypeScript). */
function sourceMapsOf(profile: CpuProfile): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const url of new Set(profile.nodes.map((n) => n.callFrame.url))) {
    if (!url.startsWith('file:')) continue;
    const map = findSourceMap(url);
    if (map) out[url] = map.payload;
  }
  return out;
}

/** Listens for the profiling commands on stdin; `onEnd` runs when stdin closes. */
export function listenForProfilingCommands(onEnd: () => void): void {
  let session: Session | undefined;
  const lines = createInterface({ input: process.stdin });
  lines.on('line', (line) => {
    const [command, arg] = line.trim().split(/\s+/, 2);
    void (async () => {
      if (command === 'profile-start') {
        session = new Session();
        session.connect();
        await post(session, 'Profiler.enable');
        await post(session, 'Profiler.setSamplingInterval', { interval: Number(arg) || 500 });
        await post(session, 'Profiler.start');
        process.stdout.write('PROFILING\n');
      } else if (command === 'profile-stop' && session && arg) {
        const { profile } = await post<{ profile: CpuProfile }>(session, 'Profiler.stop');
        session.disconnect();
        session = undefined;
        writeFileSync(arg, JSON.stringify(profile));
        writeFileSync(`${arg}.sourcemaps.json`, JSON.stringify(sourceMapsOf(profile)));
        process.stdout.write('PROFILED\n');
      }
    })().catch((error: unknown) => process.stdout.write(`PROFILE-ERROR ${(error as Error).message}\n`));
  });
  lines.on('close', onEnd);
}
