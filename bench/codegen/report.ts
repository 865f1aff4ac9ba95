// The table `npm run bench:codegen` prints: medians per contestant and ratios to openapi-typescript.
import { median, type Sample } from '../support/measure.ts';
import type { Contestant } from './contestants.ts';

export type { Sample };

/** Samples of one contestant, by phase. */
export interface Samples {
  generate: Sample[];
  typecheck: Sample[];
}

/**
 * A Markdown table of medians (keyed by contestant id), with wall-time and peak-memory ratios to
 * the openapi-typescript (`schema.ts`) row, and the goals for kitgen against them.
 */
export function report(
  all: readonly Contestant[],
  samples: ReadonlyMap<string, Samples>,
  info: { input: string; rounds: number; notes: readonly string[] },
): string {
  const med = (id: string, phase: keyof Samples, key: keyof Sample) =>
    median(samples.get(id)![phase].map((s) => s[key]));
  const base = 'openapi-typescript';
  const ratio = (id: string, phase: keyof Samples, key: keyof Sample) =>
    (med(id, phase, key) / med(base, phase, key)).toFixed(2);
  const s = (ms: number) => (ms / 1000).toFixed(1);
  const has = (id: string) => samples.has(id);
  const goals: string[] = [];
  if (has('kitgen')) {
    goals.push(
      `Goals, kitgen ÷ openapi-typescript schema.ts: generate wall ≤ 0.50× (now ${ratio('kitgen', 'generate', 'wallMs')}×, CPU ${ratio('kitgen', 'generate', 'cpuMs')}×) with peak memory < 1024 MB (now ${Math.round(med('kitgen', 'generate', 'maxRssMb'))} MB); ` +
        `tsc wall ≤ 1.00× (now ${ratio('kitgen', 'typecheck', 'wallMs')}×, CPU ${ratio('kitgen', 'typecheck', 'cpuMs')}×) and tsc peak memory ≤ 1.20× (now ${ratio('kitgen', 'typecheck', 'maxRssMb')}×).`,
    );
    if (has('openapi-typescript-dts')) {
      const r = (key: keyof Sample) =>
        (med('kitgen', 'typecheck', key) / med('openapi-typescript-dts', 'typecheck', key)).toFixed(2);
      goals.push(`Against openapi-typescript schema.d.ts: tsc wall ${r('wallMs')}×, peak memory ${r('maxRssMb')}×.`);
    }
  }
  const lines = [
    `Input: ${info.input.replace(/^.*node_modules\//, '')}; ${info.rounds} interleaved rounds, medians; ratios to openapi-typescript (schema.ts).`,
    ...info.notes,
    '',
    '| tool | output | generate wall s | CPU s | peak MB | wall ratio | tsc wall s | CPU s | peak MB | tsc wall ratio | tsc peak ratio |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...all.map(
      (c) =>
        `| ${c.name} | ${c.what} | ${s(med(c.id, 'generate', 'wallMs'))} | ${s(med(c.id, 'generate', 'cpuMs'))} | ${Math.round(med(c.id, 'generate', 'maxRssMb'))} | ${ratio(c.id, 'generate', 'wallMs')} | ${s(med(c.id, 'typecheck', 'wallMs'))} | ${s(med(c.id, 'typecheck', 'cpuMs'))} | ${Math.round(med(c.id, 'typecheck', 'maxRssMb'))} | ${ratio(c.id, 'typecheck', 'wallMs')} | ${ratio(c.id, 'typecheck', 'maxRssMb')} |`,
    ),
    '',
    ...goals,
    '',
  ];
  return lines.join('\n');
}
