import { runGenerate, codeFirstSession, type GenerateRun } from '../compiler/src/cli/runGenerate.ts';
import { writeFileSync, readFileSync } from 'node:fs';
const run: GenerateRun = { input: '/work/main/.tmp/p1000/src/*.endpoints.ts', out: '/work/main/.tmp/p1000/gen', openapiFormats: ['json'], format: 'auto', clean: false, dryRun: false, split: 'auto', lean: false, int64: 'bigint', importExtension: '.js', runtimePackage: '@kitgen/runtime' };
const session = codeFirstSession(run);
let t = performance.now();
const lap = (s: string) => { const n = performance.now(); console.log(s, Math.round(n - t)); t = n; };
const rep = { progress: (l: string) => console.log('  ', l), warning: () => {} };
await runGenerate(run, rep, session); lap('cold');
const f = '/work/main/.tmp/p1000/src/group07.types.ts';
const text = readFileSync(f, 'utf8');
for (let i = 0; i < 3; i++) {
  writeFileSync(f, text.replace("export interface Item70 {", `export interface Item70 {\n  extra${i}?: string;`));
  t = performance.now();
  await runGenerate(run, rep, session); lap('edit ' + i);
}
writeFileSync(f, text);
await session.close();
