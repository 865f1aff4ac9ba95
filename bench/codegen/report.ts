// The table `npm run bench:codegen` prints: medians per contestant and ratios to openapi-typescript.
import { median, type Sample } from '../support/measure.ts';
import type { Contestant } from './contestants.ts';

export type { Sample };

/** A Markdown table of medians, with ratios to the openapi-typescript row, and the goals. */
export function report(all: readonly Contestant[], samples: ReadonlyMap<string, { generate: Sample[]; typecheck: Sample[] }>, info: { input: string; rounds: number }): string {
  const med = (name: string, phase: 'generate' | 'typecheck', key: keyof Sample) => median(samples.get(name)![phase].map((s) => s[key]));
  const base = 'openapi-typescript';
  const ratio = (name: string, phase: 'generate' | 'typecheck', key: keyof Sample) => (med(name, phase, key) / med(base, phase, key)).toFixed(2);
  const s = (ms: number) => (ms / 1000).toFixed(1);
  const lines = [
    `Input: ${info.input.replace(/^.*node_modules\//, '')}; ${info.rounds} interleaved rounds, medians; ratios to openapi-typescript.`,
    '',
    '| tool | output | generate wall s | CPU s | peak MB | wall ratio | tsc wall s | CPU s | peak MB | tsc wall ratio |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...all.map((c) =>
      `| ${c.name} | ${c.what} | ${s(med(c.name, 'generate', 'wallMs'))} | ${s(med(c.name, 'generate', 'cpuMs'))} | ${Math.round(med(c.name, 'generate', 'maxRssMb'))} | ${ratio(c.name, 'generate', 'wallMs')} | ${s(med(c.name, 'typecheck', 'wallMs'))} | ${s(med(c.name, 'typecheck', 'cpuMs'))} | ${Math.round(med(c.name, 'typecheck', 'maxRssMb'))} | ${ratio(c.name, 'typecheck', 'wallMs')} |`,
    ),
    '',
    `Goals: kitgen generate ≤ 0.50× openapi-typescript (now ${ratio('kitgen', 'generate', 'wallMs')}×); type-checking kitgen's output ≤ 1.00× (now ${ratio('kitgen', 'typecheck', 'wallMs')}×).`,
    '',
  ];
  return lines.join('\n');
}
