// The tables `npm run bench:codefirst` prints: per project size, medians per tool and kitgen's
// ratios to its peer; then the watch latencies; then the goals, met or not.
import { median, quantile, type Sample } from '../support/measure.ts';
import type { Contestant, Pair } from './contestants.ts';
import type { WatchResult } from './watchLatency.ts';

/** Everything one run measured. */
export interface Results {
  readonly rounds: number;
  readonly sizes: readonly number[];
  /** The contestants (names, pairs), the same at every size. */
  readonly contestants: readonly Contestant[];
  /** Samples by size, then by contestant name. */
  readonly samples: ReadonlyMap<number, ReadonlyMap<string, readonly Sample[]>>;
  readonly watch?: { readonly size: number; readonly result: WatchResult };
  /** Why the watch was not measured, when it was not. */
  readonly watchError?: string;
}

/** Goals of the issue: ratios of medians (wall time) and the watch p95. */
export const goals = { openapi: 0.5, derive: 0.5, watchMs: 300 } as const;

const ms = (x: number) => Math.round(x).toLocaleString('en-US');

/** A kitgen contestant's median over its peer's in a pair (the first kitgen contestant of the pair when none is named), at one size. */
export function ratio(r: Results, size: number, pair: Pair, key: keyof Sample = 'wallMs', kitgenName?: string): number {
  const of = (c: Contestant) =>
    median(
      r.samples
        .get(size)!
        .get(c.name)!
        .map((s) => s[key]),
    );
  const mine = r.contestants.find(
    (x) => x.pair === pair && x.kitgen && (kitgenName === undefined || x.name === kitgenName),
  )!;
  return of(mine) / of(r.contestants.find((x) => x.pair === pair && !x.kitgen)!);
}

/** The Markdown report. */
export function report(r: Results): string {
  const lines = [
    `${r.rounds} interleaved round(s), medians; each run a fresh Node process; ratios are kitgen ÷ its peer.`,
    '',
    '| endpoints | tool | wall ms | CPU ms | peak MB | kitgen ÷ peer (wall) | (CPU) |',
    '|---:|---|---:|---:|---:|---:|---:|',
  ];
  for (const size of r.sizes) {
    for (const c of r.contestants) {
      const xs = r.samples.get(size)!.get(c.name)!;
      const m = (key: keyof Sample) => median(xs.map((s) => s[key]));
      const ratios = c.kitgen
        ? `${ratio(r, size, c.pair, 'wallMs', c.name).toFixed(2)}× | ${ratio(r, size, c.pair, 'cpuMs', c.name).toFixed(2)}×`
        : ' | ';
      lines.push(
        `| ${size.toLocaleString('en-US')} | ${c.name} | ${ms(m('wallMs'))} | ${ms(m('cpuMs'))} | ${Math.round(m('maxRssMb'))} | ${ratios} |`,
      );
    }
  }
  lines.push('');
  if (r.watch) {
    const l = r.watch.result.latencies;
    const adds = l.filter((_, i) => i % 2 === 0);
    const undos = l.filter((_, i) => i % 2 === 1);
    lines.push(
      `Watch (${r.watch.size.toLocaleString('en-US')} endpoints, ${l.length} one-type edits, write → openapi.json on disk): p50 ${ms(quantile(l, 0.5))} ms, p95 ${ms(quantile(l, 0.95))} ms, min ${ms(Math.min(...l))}, max ${ms(Math.max(...l))} ms; first generation (start-up included) ${ms(r.watch.result.firstMs)} ms.`,
      // Edits alternate: a field added (a new document), then taken out (the document of two saves
      // before, which kitgen may recall): the overall p50 mixes the two kinds, so each is given apart.
      `Of which fresh edits (a field added, ${adds.length}): p50 ${ms(quantile(adds, 0.5))} ms, max ${ms(Math.max(...adds))} ms; the first edit after start-up ${ms(l[0])} ms; edits undone (${undos.length}): p50 ${ms(quantile(undos, 0.5))} ms.`,
      '',
    );
  } else if (r.watchError) {
    lines.push(`Watch: not measured (${r.watchError}).`, '');
  }
  const largest = r.sizes[r.sizes.length - 1];
  const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
  const o = ratio(r, largest, 'openapi');
  const d = ratio(r, largest, 'derive');
  lines.push(
    `Goals at ${largest.toLocaleString('en-US')} endpoints: kitgen ≤ ${goals.openapi}× tsoa cold: ${o.toFixed(2)}×, ${met(o <= goals.openapi)}; ` +
      `kitgen derivation ≤ ${goals.derive}× ts-json-schema-generator: ${d.toFixed(2)}×, ${met(d <= goals.derive)}` +
      (r.watch
        ? `; one-type edit < ${goals.watchMs} ms: p95 ${ms(quantile(r.watch.result.latencies, 0.95))} ms, ${met(quantile(r.watch.result.latencies, 0.95) < goals.watchMs)}.`
        : '.'),
    '',
  );
  return lines.join('\n');
}
