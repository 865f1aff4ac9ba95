// The derivation cache per declaration against a fresh project: a long-lived DeriveProject (what
// `--watch` and the build plugin keep) goes through an edit of each way a type reaches another
// declaration — an alias of literals, `keyof`, `typeof`, an enum member, an indexed access, an
// imported declaration, one re-exported by `export *`, a generic's body, a JSDoc — and after each
// its expansion must be exactly a fresh project's; a type the edit does not reach keeps its schema.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createDeriveProject } from '../src/derive/DeriveProject.ts';
import { expandDeriveSchema, type Expansion } from '../src/derive/expand.ts';
import { repoRoot } from './support/fixtures.ts';
import { writeRuntimeTsconfig } from './support/runtimeTsconfig.ts';

interface State {
  green: boolean;
  keyC: boolean;
  mode: 'fast' | 'slow';
  highValue: 'high' | 'HIGH';
  deepNumber: boolean;
  sharedField: boolean;
  baseField: boolean;
  boxCount: boolean;
  sharedDoc: number;
  otherField: boolean;
}

function files(s: State): Record<string, string> {
  return {
    'shared.ts': `/** ${['Shared', 'Shared by all', 'Common'][s.sharedDoc]}. */\nexport interface Shared {\n  s: string;\n${s.sharedField ? '  extra?: boolean;\n' : ''}}\n`,
    'base.ts': `export interface Base {\n  b: string;\n${s.baseField ? '  more: number;\n' : ''}}\n`,
    'barrel.ts': `export * from './base.ts';\n`,
    'types.ts': `import type { Shared } from './shared.ts';
import type { Base } from './barrel.ts';

export type Color = 'red' | 'blue'${s.green ? " | 'green'" : ''};

export enum Level {
  Low = 'low',
  High = '${s.highValue}',
}

export interface Keys {
  a: string;
  b: number;
${s.keyC ? '  c: boolean;\n' : ''}}

export const defaults = { mode: '${s.mode}' } as const;

export interface Holder {
  inner: { deep: ${s.deepNumber ? 'number' : 'string'} };
}

export interface Box<T> {
  value: T;
${s.boxCount ? '  count: number;\n' : ''}}

export interface Item {
  color: Color;
  level: Level;
  high: Level.High;
  key: keyof Keys;
  mode: (typeof defaults)['mode'];
  deep: Holder['inner'];
  box: Box<Shared>;
  base: Base;
}

export interface Other {
  name: string;
${s.otherField ? '  nick?: string;\n' : ''}}
`,
    'api.ts': `import { DeriveSchema } from '@kitgen/runtime';
import type { Item, Other } from './types.ts';

export const item = DeriveSchema.gen<Item>();
export const other = DeriveSchema.gen<Other>();
`,
  };
}

const edits: ReadonlyArray<readonly [string, (s: State) => void]> = [
  ['an alias of literals', (s) => void (s.green = !s.green)],
  ['a keyof target', (s) => void (s.keyC = !s.keyC)],
  ['a typeof target', (s) => void (s.mode = s.mode === 'fast' ? 'slow' : 'fast')],
  ['an enum member', (s) => void (s.highValue = s.highValue === 'high' ? 'HIGH' : 'high')],
  ['an indexed access', (s) => void (s.deepNumber = !s.deepNumber)],
  ['an imported declaration', (s) => void (s.sharedField = !s.sharedField)],
  ['a declaration re-exported by export *', (s) => void (s.baseField = !s.baseField)],
  ["a generic's body", (s) => void (s.boxCount = !s.boxCount)],
  ['the JSDoc of an imported declaration', (s) => void (s.sharedDoc = (s.sharedDoc + 1) % 3)],
  ['a type the others do not reach', (s) => void (s.otherField = !s.otherField)],
];

/** What a run would use of an expansion: the code, the components (with their places) and the files read. */
function used(e: Expansion): unknown {
  return { code: e.code, components: e.components, consulted: e.consulted, diagnostics: e.diagnostics };
}

test('an edit of each kind of reference derives what a fresh project derives', { timeout: 600_000 }, async () => {
  const dir = join(repoRoot, 'compiler', 'test', '.tmp', 'codefirst-declaration-edits');
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  // 21 cold programs: over the runtime's declarations, not its sources.
  await writeRuntimeTsconfig(dir);
  const state: State = {
    green: false,
    keyC: false,
    mode: 'fast',
    highValue: 'high',
    deepNumber: false,
    sharedField: false,
    baseField: false,
    boxCount: false,
    sharedDoc: 0,
    otherField: false,
  };
  const write = async () => {
    for (const [name, text] of Object.entries(files(state))) await writeFile(join(dir, name), text);
  };
  await write();
  const api = join(dir, 'api.ts');
  // As a code-first run does: the endpoint file and what it imports enter the project, so an edit is seen.
  const project = () => {
    const p = createDeriveProject({ cwd: dir });
    p.addFiles([api]);
    return p;
  };
  const kept = project();
  let last = expandDeriveSchema(api, kept);
  assert.deepEqual(last.diagnostics, []);
  // Twice over, so each edit is made and then taken back.
  for (const [name, apply] of [...edits, ...edits]) {
    apply(state);
    await write();
    kept.refreshAll();
    const mine = expandDeriveSchema(api, kept);
    const fresh = expandDeriveSchema(api, project());
    assert.deepEqual(used(mine), used(fresh), `after an edit of ${name}`);
    const [item, other] = mine.calls;
    if (name === 'a type the others do not reach') {
      assert.notDeepEqual(other.schema, last.calls[1].schema, 'the edited type is derived again');
      assert.equal(item.schema, last.calls[0].schema, `${name}: the type it does not reach is not derived again`);
    } else {
      assert.notDeepEqual(item.schema, last.calls[0].schema, `${name}: the type reaching it is derived again`);
      assert.equal(other.schema, last.calls[1].schema, `${name}: a type it does not reach is not derived again`);
    }
    last = mine;
  }
});
