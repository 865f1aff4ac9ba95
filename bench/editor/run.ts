/**
 * `npm run bench:editor`: editor latency with tsserver on kitgen's generated client
 * against openapi-typescript + openapi-fetch, on GitHub's description and the large generated
 * document. Cold: a fresh tsserver per sample, time from `open` to the first quickinfo on the
 * client, then completionInfo after `client.`, quickinfo on the call's result, and the list
 * where the operation is picked (kitgen: its methods after `client.`; openapi-fetch: the path
 * string's completion in `client.GET('…')`, since its methods are the 11 HTTP verbs). Warm: one
 * tsserver per contestant, each request right after an edit, in interleaved rounds. Medians,
 * ratios kitgen ÷ openapi-fetch, tsserver peak RSS. Options: `--input github|large|both`
 * (default both), `--cold N` (3), `--warm N` (15), `--max-memory MB` (3072, VS Code's default
 * tsserver heap), `--seed N` (large document), `--reuse` (keep the generated outputs of the last
 * run instead of generating again).
 */
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildShippedRuntime } from '../support/shippedRuntime.ts';
import { median } from '../support/measure.ts';
import { defaultSeed, ensureLargeDocument } from '../codegen/largeDocument.ts';
import { prepareProjects, type ProbeTarget, type Project } from './projects.ts';
import { coldSample, WarmSession, type ColdSample, type Latencies } from './session.ts';

const require = createRequire(import.meta.url);
const root = fileURLToPath(new URL('../../', import.meta.url));
const flag = (name: string) => {
  const i = process.argv.indexOf(name);
  return i === -1 ? undefined : process.argv[i + 1];
};
const which = flag('--input') ?? 'both';
if (!['github', 'large', 'both'].includes(which))
  throw new Error(`--input: expected github, large or both, got ${which}`);
const coldRounds = Number(flag('--cold') ?? 3);
const warmRounds = Number(flag('--warm') ?? 15);
const maxMemoryMb = Number(flag('--max-memory') ?? 3072);
const reuse = process.argv.includes('--reuse');
const log = (line: string) => process.stderr.write(`${line}\n`);
// Outside the repository, so no project sees its package.json (see projects.ts).
const work = join(tmpdir(), 'kitgen-bench-editor');

/** kitgen names a method after the operationId in camelCase: `repos/get` → `reposGet`. */
const camel = (operationId: string) =>
  operationId
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w, i) => (i === 0 ? w[0].toLowerCase() : w[0].toUpperCase()) + w.slice(1))
    .join('');

const documents: { name: string; input: string; target: ProbeTarget }[] = [];
if (which !== 'large') {
  documents.push({
    name: 'GitHub (1,222 operations)',
    input: require.resolve('@octokit/openapi/generated/api.github.com.json'),
    target: { method: 'reposGet', path: '/repos/{owner}/{repo}', pathParams: ['owner', 'repo'] },
  });
}
if (which !== 'github') {
  const doc = await ensureLargeDocument({ seed: Number(flag('--seed') ?? defaultSeed), log });
  documents.push({
    name: `large (${doc.operations.toLocaleString('en')} operations)`,
    input: doc.file,
    target: { method: camel(doc.probe.operationId), path: doc.probe.path, pathParams: doc.probe.pathParams },
  });
}

log(
  'bench:editor: building the runtime as it ships (kitgen output resolves @kitgen/runtime to its one declaration file)',
);
const runtimeDts = join(work, 'runtime-dts');
buildShippedRuntime(root, runtimeDts);

const ms = (x: number) => Math.round(x).toLocaleString('en');
const lines: string[] = [
  `${coldRounds} cold and ${warmRounds} warm interleaved rounds, medians in ms; tsserver heap limit ${maxMemoryMb} MB.`,
  '',
  '| document | contestant | members | operations listed | cold open → quickinfo client | cold completionInfo | cold quickinfo result | cold operation list | warm quickinfo client | warm completionInfo | warm quickinfo result | warm operation list | peak RSS MB |',
  '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
];
for (const doc of documents) {
  const projects = prepareProjects(
    root,
    doc.input,
    join(work, doc.name.split(' ')[0].toLowerCase()),
    doc.target,
    runtimeDts,
    reuse,
    log,
  );
  const cold = new Map<Project['id'], ColdSample[]>(projects.map((p) => [p.id, []]));
  const warm = new Map<Project['id'], Latencies[]>(projects.map((p) => [p.id, []]));
  const peak = new Map<Project['id'], number>(projects.map((p) => [p.id, 0]));
  for (let round = 0; round < coldRounds; round++) {
    // The order turns each round, so neither contestant always runs on a machine the other just warmed.
    for (const p of round % 2 ? [...projects].reverse() : projects) {
      const s = await coldSample(p, maxMemoryMb);
      log(
        `${doc.name} cold ${round + 1}/${coldRounds} ${p.id}: quickinfo ${ms(s.quickinfoClient)} ms from open, completionInfo ${ms(s.completion)} ms, quickinfo result ${ms(s.quickinfoResult)} ms, operation list ${ms(s.operationList)} ms, ${Math.round(s.peakRssMb)} MB`,
      );
      cold.get(p.id)!.push(s);
      peak.set(p.id, Math.max(peak.get(p.id)!, s.peakRssMb));
    }
  }
  const sessions: WarmSession[] = [];
  for (const p of projects) sessions.push(await WarmSession.open(p, maxMemoryMb));
  for (let round = 0; round < warmRounds; round++) {
    for (const i of round % 2 ? [1, 0] : [0, 1]) warm.get(projects[i].id)!.push(await sessions[i].sample());
  }
  for (const [i, s] of sessions.entries()) {
    peak.set(projects[i].id, Math.max(peak.get(projects[i].id)!, s.peakRssMb()));
    await s.close();
  }
  const med = <T>(xs: T[], key: keyof T) => median(xs.map((x) => x[key] as number));
  const row = (p: Project, i: number) => {
    const c = cold.get(p.id)!;
    const w = warm.get(p.id)!;
    return [
      med(c, 'quickinfoClient'),
      med(c, 'completion'),
      med(c, 'quickinfoResult'),
      med(c, 'operationList'),
      med(w, 'quickinfoClient'),
      med(w, 'completion'),
      med(w, 'quickinfoResult'),
      med(w, 'operationList'),
      peak.get(p.id)!,
      sessions[i].members,
      sessions[i].operationCount,
    ];
  };
  const [k, f] = [row(projects[0], 0), row(projects[1], 1)];
  lines.push(
    `| ${doc.name} | kitgen | ${k[9]} | ${k[10]} | ${k.slice(0, 8).map(ms).join(' | ')} | ${Math.round(k[8])} |`,
  );
  lines.push(
    `| ${doc.name} | openapi-typescript + openapi-fetch | ${f[9]} | ${f[10]} | ${f.slice(0, 8).map(ms).join(' | ')} | ${Math.round(f[8])} |`,
  );
  lines.push(
    `| ${doc.name} | **kitgen ÷ openapi-fetch** | | | ${k
      .slice(0, 9)
      .map((x, j) => `${(x / f[j]).toFixed(2)}×`)
      .join(' | ')} |`,
  );
}
lines.push('', 'Goal: kitgen ≤ 1.2× openapi-typescript + openapi-fetch.', '');
process.stdout.write(lines.join('\n'));
