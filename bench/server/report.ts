/** Summaries and the printed table of a benchmark run (medians and kitgen's ratios). */
import type { ServerName } from './servers/index.ts';

/** One measured run of one server in one round. */
export interface Sample {
  readonly round: number;
  readonly server: ServerName;
  readonly scenario: string;
  readonly connections: number;
  readonly rps: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  /** Server CPU microseconds per completed request, when /proc is readable. */
  readonly cpuUsPerRequest: number | undefined;
  /** Server CPU use over the run, in cores (1 = one core busy all the time). */
  readonly cpuCores: number | undefined;
  /** CPU used during the run by everything but the server and the generator, in cores. */
  readonly backgroundCores: number | undefined;
}

/** Medians of one server over the rounds of one scenario. */
export interface Summary {
  readonly server: ServerName;
  readonly rps: number;
  readonly rpsMin: number;
  readonly rpsMax: number;
  readonly p99Ms: number;
  readonly cpuUsPerRequest: number | undefined;
  readonly cpuCores: number | undefined;
  readonly backgroundCores: number | undefined;
  /** kitgen's median req/s divided by this server's (1 for kitgen). */
  readonly kitgenRatio: number | undefined;
  /** This server's CPU µs per request divided by kitgen's: the throughput ratio on a dedicated core. */
  readonly kitgenCpuRatio: number | undefined;
  /** The req/s ratio taken round by round (paired): median, min and max — how stable it is. */
  readonly pairedRatio: Spread | undefined;
  /** The CPU-per-request ratio taken round by round (paired): median, min and max. */
  readonly pairedCpuRatio: Spread | undefined;
}

/** Median and range of per-round ratios. */
export interface Spread {
  readonly median: number;
  readonly min: number;
  readonly max: number;
}

function spread(values: readonly number[]): Spread | undefined {
  return values.length === 0
    ? undefined
    : { median: median(values), min: Math.min(...values), max: Math.max(...values) };
}

/** Median of a non-empty list (mean of the middle two for even lengths). */
export function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m] : (s[m - 1] + s[m]) / 2;
}

function medianDefined(values: ReadonlyArray<number | undefined>): number | undefined {
  const d = values.filter((v): v is number => v !== undefined);
  return d.length === 0 ? undefined : median(d);
}

/** Summarises one scenario's samples per server, in the order of `servers`. */
export function summarise(samples: readonly Sample[], servers: readonly ServerName[]): Summary[] {
  const of = (name: ServerName) => samples.filter((s) => s.server === name);
  const kitgen = of('kitgen');
  const kitgenRps = kitgen.length > 0 ? median(kitgen.map((s) => s.rps)) : undefined;
  const kitgenCpu = medianDefined(kitgen.map((s) => s.cpuUsPerRequest));
  return servers.map((server) => {
    const mine = of(server);
    const rps = median(mine.map((s) => s.rps));
    const pairs = mine.flatMap((s) => {
      const k = kitgen.find((x) => x.round === s.round);
      return k ? [[k, s] as const] : [];
    });
    const paired = spread(pairs.map(([k, s]) => k.rps / s.rps));
    const pairedCpu = spread(
      pairs.flatMap(([k, s]) =>
        k.cpuUsPerRequest && s.cpuUsPerRequest ? [s.cpuUsPerRequest / k.cpuUsPerRequest] : [],
      ),
    );
    const cpuUsPerRequest = medianDefined(mine.map((s) => s.cpuUsPerRequest));
    return {
      server,
      rps,
      rpsMin: Math.min(...mine.map((s) => s.rps)),
      rpsMax: Math.max(...mine.map((s) => s.rps)),
      p99Ms: median(mine.map((s) => s.p99Ms)),
      cpuUsPerRequest,
      cpuCores: medianDefined(mine.map((s) => s.cpuCores)),
      backgroundCores: medianDefined(mine.map((s) => s.backgroundCores)),
      kitgenRatio: kitgenRps === undefined ? undefined : kitgenRps / rps,
      pairedRatio: paired,
      pairedCpuRatio: pairedCpu,
      kitgenCpuRatio:
        kitgenCpu === undefined || cpuUsPerRequest === undefined ? undefined : cpuUsPerRequest / kitgenCpu,
    };
  });
}

const int = (n: number) => Math.round(n).toLocaleString('en-US');
const fixed = (n: number | undefined, digits: number) => (n === undefined ? 'n/a' : n.toFixed(digits));

/** A Markdown table of the summaries (pasteable into docs/benchmarks.md). */
export function table(summaries: readonly Summary[]): string {
  const rows = [
    [
      'server',
      'req/s (median)',
      'req/s (min–max)',
      'p99 ms (median)',
      'server CPU µs/req',
      'kitgen ÷ server (req/s)',
      'per-round (req/s): median (min–max)',
      'kitgen ÷ server (CPU/req)',
      'per-round (CPU/req): median (min–max)',
      'background cores',
    ],
    ...summaries.map((s) => [
      s.server,
      int(s.rps),
      `${int(s.rpsMin)}–${int(s.rpsMax)}`,
      fixed(s.p99Ms, 2),
      fixed(s.cpuUsPerRequest, 1),
      s.kitgenRatio === undefined ? 'n/a' : `${s.kitgenRatio.toFixed(2)}×`,
      s.pairedRatio === undefined
        ? 'n/a'
        : `${s.pairedRatio.median.toFixed(2)} (${s.pairedRatio.min.toFixed(2)}–${s.pairedRatio.max.toFixed(2)})`,
      s.kitgenCpuRatio === undefined ? 'n/a' : `${s.kitgenCpuRatio.toFixed(2)}×`,
      s.pairedCpuRatio === undefined
        ? 'n/a'
        : `${s.pairedCpuRatio.median.toFixed(2)} (${s.pairedCpuRatio.min.toFixed(2)}–${s.pairedCpuRatio.max.toFixed(2)})`,
      fixed(s.backgroundCores, 2),
    ]),
  ];
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  const line = (r: string[]) =>
    `| ${r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (i === 0 ? ':' + '-'.repeat(w + 1) : '-'.repeat(w + 1) + ':')).join('|')}|`;
  return [line(rows[0]), rule, ...rows.slice(1).map(line)].join('\n');
}
