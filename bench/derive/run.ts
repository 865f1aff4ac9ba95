// DeriveSchema.gen<T>() expansion in a project of 200 endpoint files over 20 type files: the
// first expansion of everything, then one type edited and the files that read it expanded again
// (what a build plugin does on save). Prints milliseconds; no assertions.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createDeriveProject } from '../../compiler/src/derive/DeriveProject.ts';
import { expandDeriveSchema } from '../../compiler/src/derive/expand.ts';

const root = join(import.meta.dirname, '..', '..', '.tmp', 'bench-derive');
rmSync(root, { recursive: true, force: true });
mkdirSync(root, { recursive: true });
writeFileSync(join(root, 'tsconfig.json'), JSON.stringify({ extends: '../../tsconfig.base.json', include: ['*.ts'] }));

const typeFiles = 20;
const endpointFiles = 200;
const typesText = (i: number, extra = '') => `/** Entity ${i}. */
export interface Entity${i} { id: number; name: string; tags?: string[]; created: Date; status: 'on' | 'off';${extra} owner: Owner${i} }
export interface Owner${i} { name: string; email?: string; parent?: Owner${i} }
export interface Page${i}<T> { items: T[]; next?: string }
`;
for (let i = 0; i < typeFiles; i++) writeFileSync(join(root, `types${i}.ts`), typesText(i));
const endpoints: string[] = [];
for (let i = 0; i < endpointFiles; i++) {
  const t = i % typeFiles;
  const file = join(root, `endpoint${i}.ts`);
  endpoints.push(file);
  writeFileSync(
    file,
    `import { DeriveSchema } from '@kitgen/runtime';
import type { Entity${t}, Page${t} } from './types${t}.ts';
export const get${i} = DeriveSchema.gen<Entity${t}>();
export const list${i} = DeriveSchema.gen<Page${t}<Entity${t}>>();
`,
  );
}

const time = (f: () => void) => {
  const start = performance.now();
  f();
  return performance.now() - start;
};

const project = createDeriveProject({ cwd: root });
// As `kitgen generate` does: every file it will expand enters the project before the first expansion.
const first = time(() => {
  project.addFiles(endpoints);
  endpoints.forEach((f) => expandDeriveSchema(f, project));
});
const cachedAll = time(() => endpoints.forEach((f) => expandDeriveSchema(f, project)));
const edits: number[] = [];
const editsAll: number[] = [];
for (let round = 0; round < 5; round++) {
  project.update(join(root, 'types3.ts'), typesText(3, ` rev${round}: number;`));
  edits.push(time(() => expandDeriveSchema(endpoints[3], project)));
  project.update(join(root, 'types4.ts'), typesText(4, ` rev${round}: number;`));
  // A plugin re-expands every file it serves; files that did not read types4.ts come from the cache.
  editsAll.push(time(() => endpoints.forEach((f) => expandDeriveSchema(f, project))));
}
// A file the project has not seen yet (a plugin meeting a new file) changes TypeScript's root files.
const fresh = join(root, 'endpoint-new.ts');
writeFileSync(fresh, readFileSync(endpoints[5], 'utf8'));
const newFile = time(() => expandDeriveSchema(fresh, project));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const check = expandDeriveSchema(endpoints[4], project);
if (check.diagnostics.length > 0 || check.calls.length !== 2) throw new Error('bench files did not expand');
console.log(`derive: ${endpointFiles} endpoint files (${endpointFiles * 2} calls) over ${typeFiles} type files`);
console.log(`  first expansion of all files     ${first.toFixed(0)} ms`);
console.log(`  all files again, nothing changed  ${cachedAll.toFixed(1)} ms`);
console.log(
  `  one type edited, its file again   ${median(edits).toFixed(1)} ms (median of 5; ${edits.map((x) => x.toFixed(0)).join(', ')})`,
);
console.log(
  `  one type edited, all 200 again    ${median(editsAll).toFixed(1)} ms (median of 5; ${editsAll.map((x) => x.toFixed(0)).join(', ')})`,
);
console.log(`  a file new to the project         ${newFile.toFixed(1)} ms`);
rmSync(root, { recursive: true, force: true });
