// Pools the per-round ratios of `bench:server --json` files over their connection counts: per
// scenario and peer, kitgen's ratio to the peer by CPU per request (the peer's µs ÷ kitgen's)
// and by req/s (kitgen's ÷ the peer's), each as median and interquartile range of the rounds'
// pairs. Usage: node scripts/run-ts.mjs bench/server/pooledRatios.ts <samples.json>...
import { readFileSync } from 'node:fs';
import { quantile } from '../support/measure.ts';
import { median, type Sample } from './report.ts';

/** One `--json` file's samples, tagged with the file (rounds pair within a file only). */
type Tagged = Sample & { readonly file: string };

const spread = (values: readonly number[]) =>
  `${median(values).toFixed(2)} (IQR ${quantile(values, 0.25).toFixed(2)}–${quantile(values, 0.75).toFixed(2)})`;

const files = process.argv.slice(2);
if (files.length === 0) {
  process.stderr.write('usage: pooledRatios.ts <samples.json>... (files written by bench:server --json)\n');
  process.exit(2);
}
const samples: Tagged[] = files.flatMap((file) =>
  (JSON.parse(readFileSync(file, 'utf8')) as { samples: Sample[] }).samples.map((s) => ({ ...s, file })),
);
for (const scenario of new Set(samples.map((s) => s.scenario))) {
  const ofScenario = samples.filter((s) => s.scenario === scenario);
  const kitgen = ofScenario.filter((s) => s.server === 'kitgen');
  for (const peer of new Set(ofScenario.map((s) => s.server).filter((s) => s !== 'kitgen'))) {
    const cpu: number[] = [];
    const rps: number[] = [];
    for (const k of kitgen) {
      const p = ofScenario.find(
        (s) => s.server === peer && s.file === k.file && s.round === k.round && s.connections === k.connections,
      );
      if (p === undefined) continue;
      if (p.cpuUsPerRequest !== undefined && k.cpuUsPerRequest !== undefined)
        cpu.push(p.cpuUsPerRequest / k.cpuUsPerRequest);
      rps.push(k.rps / p.rps);
    }
    const us = (server: string) =>
      median(
        ofScenario.filter((s) => s.server === server && s.cpuUsPerRequest !== undefined).map((s) => s.cpuUsPerRequest!),
      ).toFixed(1);
    process.stdout.write(
      `${scenario}, kitgen ÷ ${peer} (${rps.length} pairs): by CPU/request ${cpu.length > 0 ? spread(cpu) : 'n/a'}; by req/s ${spread(rps)}; CPU µs/request kitgen ${us('kitgen')}, ${peer} ${us(peer)}\n`,
    );
  }
}
