// Interleaved timing: every contestant runs once per round, in a rotating order, so drift on a
// shared machine (thermal, other load) hits all of them alike; the median over rounds is kept.
// Samples are the process's CPU time (user + system, GC threads included), not wall time, so
// time spent descheduled while other processes run does not count.

/** Something to time: `run` does `ops` operations. */
export interface Job {
  readonly label: string;
  readonly ops: number;
  readonly run: () => void;
}

/** Keeps results alive so the JIT cannot drop the work. */
export let sink = 0;
/** Adds to {@link sink}. */
export function consume(n: number): void {
  sink = (sink + n) | 0;
}

function timeOnce(job: Job, repeats: number): number {
  const start = process.cpuUsage();
  for (let i = 0; i < repeats; i++) job.run();
  const used = process.cpuUsage(start);
  return ((used.user + used.system) * 1000) / (repeats * job.ops);
}

/** Median of a list. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Nanoseconds per operation for each job: the median of `rounds` samples of about `sampleMs` each. */
export function measure(jobs: readonly Job[], rounds: number, sampleMs: number): Map<string, number> {
  // Warm up and calibrate: repeats so one sample takes about sampleMs.
  const repeats = new Map<string, number>();
  for (const job of jobs) {
    for (let i = 0; i < 3; i++) timeOnce(job, 20);
    const perRun = timeOnce(job, 50) * job.ops;
    repeats.set(job.label, Math.max(1, Math.round((sampleMs * 1e6) / perRun)));
  }
  const samples = new Map<string, number[]>(jobs.map((j) => [j.label, []]));
  for (let round = 0; round < rounds; round++) {
    for (let k = 0; k < jobs.length; k++) {
      const job = jobs[(k + round) % jobs.length];
      samples.get(job.label)!.push(timeOnce(job, repeats.get(job.label)!));
    }
  }
  return new Map([...samples].map(([label, s]) => [label, median(s)]));
}
