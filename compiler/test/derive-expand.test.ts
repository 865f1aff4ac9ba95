// expandDeriveSchema: which calls are the runtime's DeriveSchema (by the checker), the rewritten
// code and its source map, what was consulted, and the caches of a long-lived DeriveProject.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { basename, join } from 'node:path';
import { ts } from 'ts-morph';
import { createDeriveProject } from '../src/derive/DeriveProject.ts';
import { expandDeriveSchema } from '../src/derive/expand.ts';
import { expandProbe, fixturesDir, tsconfig } from './support/deriveProbe.ts';

const header = `import { DeriveSchema } from '@kitgen/runtime';\nimport type { Pet, Problem } from './pets.ts';\n`;

/** Runs expanded TypeScript (imports taken out) as a CommonJS module whose `DeriveSchema.gen` returns what it is given. */
function evaluated(code: string): { exports: Record<string, unknown> } {
  const js = ts.transpileModule(code, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
  }).outputText;
  const module = { exports: {} as Record<string, unknown> };
  const DeriveSchema = { gen: (derived?: object) => derived };
  new Function('module', 'exports', 'DeriveSchema', js)(module, module.exports, DeriveSchema);
  return module;
}

test('each call gets its schema as the argument; the rest of the file is byte-identical; the map points back', () => {
  const source = `${header}/** Info for a pet. */\nexport const showPetById = { out: DeriveSchema.gen<Pet>(), err: DeriveSchema.gen<Problem>() }; // tail\nexport const after = 1;\n`;
  const out = expandProbe(source);
  assert.deepEqual(out.diagnostics, []);
  assert.equal(out.calls.length, 2);
  const [pet, problem] = out.calls;
  assert.deepEqual(
    [pet.line, pet.column, pet.typeText, pet.name, pet.root],
    [4, source.split('\n')[3].indexOf('DeriveSchema') + 1, 'Pet', 'Pet', 'showPetById'],
  );
  assert.deepEqual([problem.line, problem.typeText, problem.name], [4, 'Problem', 'Problem']);
  const expected = source
    .replace('DeriveSchema.gen<Pet>()', `DeriveSchema.gen<Pet>(__kitgenDerived(0))`)
    .replace('DeriveSchema.gen<Problem>()', `DeriveSchema.gen<Problem>(__kitgenDerived(1))`);
  // The schemas themselves are appended, after the file's last line.
  assert.equal(out.code.slice(0, expected.length), expected);
  const { exports } = evaluated(
    `export const all = [__kitgenDerived(0), __kitgenDerived(1)];\n${out.code.slice(expected.length)}`,
  );
  assert.deepEqual(exports.all, [pet.schema, problem.schema]);
  assert.ok(out.map);
  assert.equal(out.map.version, 3);
  // Sources are relative to the map's `file` (the expanded file sits where the source does).
  assert.deepEqual(out.map.sources, [basename(out.file)]);
  assert.deepEqual(out.map.sourcesContent, [source]);
  const map = new SourceMap(JSON.parse(out.map.toString()));
  // `err` on the expanded line (0-based positions) maps back to `err` in the source.
  const line = 3;
  const generated = out.code.split('\n')[line].indexOf('err:');
  const entry = map.findEntry(line, generated) as { originalLine: number; originalColumn: number };
  assert.deepEqual([entry.originalLine, entry.originalColumn], [line, source.split('\n')[line].indexOf('err:')]);
  const tail = map.findEntry(4, 0) as { originalLine: number; originalColumn: number };
  assert.deepEqual([tail.originalLine, tail.originalColumn], [4, 0]);
  assert.deepEqual(out.consulted, [out.file, join(fixturesDir, 'pets.ts')]);
});

test('a schema several calls derive is written once, a named one inside others too; each call gets the one object, a call above the declaration too', () => {
  const source = `${header}export const early = DeriveSchema.gen<Pet>();
export const api = {
  a: DeriveSchema.gen<Pet>(),
  err: DeriveSchema.gen<Problem>(),
  b: DeriveSchema.gen<Pet>(),
  list: DeriveSchema.gen<Pet[]>(),
};
`;
  const out = expandProbe(source);
  assert.deepEqual(out.diagnostics, []);
  const [pet, , problem] = out.calls;
  assert.equal(out.code.split(JSON.stringify(pet.schema)).length - 1, 1);
  assert.equal(out.code.split(JSON.stringify(problem.schema)).length - 1, 1);
  // No line of the file moved: each holds what it held, the calls given a reference.
  const lines = out.code.split('\n');
  source
    .split('\n')
    .slice(0, -1)
    .forEach((line, i) => assert.equal(lines[i].replace(/\(__kitgenDerived\(\d+\)\)/g, '()'), line));
  const { exports } = evaluated(out.code.replace(header, ''));
  const api = exports.api as Record<string, unknown>;
  assert.equal(exports.early, api.a);
  assert.equal(api.b, api.a);
  assert.deepEqual([api.a, api.err, api.list], [pet.schema, problem.schema, out.calls[4].schema]);
  // A named type inside another schema is the same object too, written once.
  assert.equal((api.list as { items: unknown }).items, api.a);
});

test('the shared schemas take a name the file does not use', () => {
  const source = `${header}const __kitgenDerived = 'mine';\nexport const pet = DeriveSchema.gen<Pet>();\nexport const own = __kitgenDerived;\n`;
  const out = expandProbe(source);
  assert.ok(out.code.includes('DeriveSchema.gen<Pet>(__kitgenDerived2(0))'));
  const { exports } = evaluated(out.code.replace(header, ''));
  assert.deepEqual([exports.own, exports.pet], ['mine', out.calls[0].schema]);
});

test('DeriveSchema is found through import aliases and namespaces; a local DeriveSchema is not it', () => {
  const out = expandProbe(`import { DeriveSchema as DS } from '@kitgen/runtime';
import * as kit from '@kitgen/runtime';
import type { Pet } from './pets.ts';
const DeriveSchema = { gen<T>(x?: unknown): T | undefined { return x as T; } };
export const renamed = DS.gen<Pet>();
export const viaNamespace = kit.DeriveSchema.gen<Pet>();
export const local = DeriveSchema.gen<Pet>();
`);
  assert.deepEqual(
    out.calls.map((c) => c.root),
    ['renamed', 'viaNamespace'],
  );
  assert.ok(out.code.includes('export const local = DeriveSchema.gen<Pet>();'));
});

test('with the runtime export present, the checker resolves it to the runtime package', () => {
  const project = createDeriveProject({ cwd: fixturesDir });
  const runtimeSrc = join(fixturesDir, '..', '..', '..', 'runtime', 'src');
  // In memory only: the runtime as it is once DeriveSchema lands (another branch), re-exported by the index.
  project.update(
    join(runtimeSrc, 'schema', 'DeriveSchema.ts'),
    `export const DeriveSchema = { gen<T>(derived?: object): T { return derived as T; } };\n`,
  );
  const index = project.sourceFile(join(runtimeSrc, 'index.ts'));
  if (!index.getFullText().includes('./schema/DeriveSchema.ts'))
    project.update(
      index.getFilePath(),
      `${index.getFullText()}\nexport { DeriveSchema } from './schema/DeriveSchema.ts';\n`,
    );
  const file = join(fixturesDir, '_resolved.ts');
  project.update(
    file,
    `import * as kit from '@kitgen/runtime';\nimport { DeriveSchema } from './_reexport.ts';\nimport type { Pet } from './pets.ts';\nexport const a = kit.DeriveSchema.gen<Pet>();\nexport const b = DeriveSchema.gen<Pet>();\n`,
  );
  project.update(join(fixturesDir, '_reexport.ts'), `export { DeriveSchema } from '@kitgen/runtime';\n`);
  const out = expandDeriveSchema(file, project);
  assert.deepEqual(out.diagnostics, []);
  assert.deepEqual(
    out.calls.map((c) => c.root),
    ['a', 'b'],
  );
});

test('an expanded call (one with an argument) is left as it is', () => {
  const source = `${header}export const done = DeriveSchema.gen<Pet>({ "type": "object" });\n`;
  const out = expandProbe(source);
  assert.equal(out.code, source);
  assert.equal(out.map, undefined);
  assert.deepEqual(out.calls, []);
});

test('a file without calls comes back as it is, consulting only itself', () => {
  const out = expandProbe(`export const x = 1;\n`);
  assert.deepEqual([out.code, out.map, out.consulted], [`export const x = 1;\n`, undefined, [out.file]]);
});

test('caches: unchanged files are not derived again; an edit to a consulted file is seen', () => {
  const project = createDeriveProject({ cwd: fixturesDir, tsconfig });
  const types = join(fixturesDir, '_types.ts');
  const other = join(fixturesDir, '_other.ts');
  const a = join(fixturesDir, '_a.ts');
  const b = join(fixturesDir, '_b.ts');
  project.update(types, `export interface Thing { id: number }\n`);
  project.update(other, `export interface Other { id: number }\n`);
  project.update(
    a,
    `import { DeriveSchema } from '@kitgen/runtime';\nimport type { Thing } from './_types.ts';\nexport const a = DeriveSchema.gen<Thing>();\n`,
  );
  project.update(
    b,
    `import { DeriveSchema } from '@kitgen/runtime';\nimport type { Other } from './_other.ts';\nexport const b = DeriveSchema.gen<Other>();\n`,
  );
  const a1 = expandDeriveSchema(a, project);
  const b1 = expandDeriveSchema(b, project);
  assert.equal(expandDeriveSchema(a, project), a1, 'same result object from the cache');
  assert.deepEqual(a1.consulted, [a, types]);
  project.update(types, `export interface Thing { id: number; name: string }\n`);
  const a2 = expandDeriveSchema(a, project);
  assert.notEqual(a2, a1);
  assert.deepEqual((a2.calls[0].schema as { required: string[] }).required, ['id', 'name']);
  assert.equal(expandDeriveSchema(b, project), b1, 'a file that did not read the edited one stays cached');
  // Re-setting the same text is not a change.
  project.update(types, `export interface Thing { id: number; name: string }\n`);
  assert.equal(expandDeriveSchema(a, project), a2);
});

test('a file the program stopped reaching is derived when asked for by name', () => {
  const project = createDeriveProject({ cwd: fixturesDir, tsconfig });
  const dir = mkdtempSync(join(fixturesDir, '_roots-'));
  try {
    const helper = join(dir, 'helper.ts');
    writeFileSync(
      helper,
      `import { DeriveSchema } from '@kitgen/runtime';\nexport interface Kept { id: number }\nexport const k = DeriveSchema.gen<Kept>();\n`,
    );
    const main = join(dir, 'main.ts');
    // The program finds helper.ts through this import; then the import goes.
    project.update(
      main,
      `import { DeriveSchema } from '@kitgen/runtime';\nimport type { Kept } from './helper.ts';\nexport const m = DeriveSchema.gen<Kept>();\n`,
    );
    assert.equal(expandDeriveSchema(main, project).calls.length, 1);
    project.update(
      main,
      `import { DeriveSchema } from '@kitgen/runtime';\nexport const m = DeriveSchema.gen<{ n: string }>();\n`,
    );
    assert.equal(expandDeriveSchema(main, project).calls.length, 1);
    const out = expandDeriveSchema(helper, project);
    assert.deepEqual(out.diagnostics, []);
    assert.deepEqual(
      out.calls.map((c) => [c.name, (c.schema as { required: string[] }).required]),
      [['Kept', ['id']]],
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
