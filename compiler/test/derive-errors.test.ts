// DeriveSchema.gen<T>() problems: every type JSON cannot represent is an error located at the
// property or type node, with the path from the export, a code frame and a fix; all are reported.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { derive, expandProbe, fixturesDir } from './support/deriveProbe.ts';
import { createDeriveProject } from '../src/derive/DeriveProject.ts';
import { CompileError } from '../src/diagnostics/index.ts';

const problems = join(fixturesDir, 'problems.ts');

test('a function-typed property: message, path, file, line, column, frame and fix', () => {
  const { diagnostics, schema } = derive('F.Pet', 'problems.ts');
  assert.equal(schema, null, 'a call with an error is not expanded');
  assert.equal(diagnostics.length, 1);
  const [d] = diagnostics;
  assert.equal(d.severity, 'error');
  assert.equal(d.message, 'cannot derive a schema for Pet.born: a function type (() => Date) has no JSON form');
  assert.equal(d.path, 'probe → Pet.born');
  assert.equal(d.file, problems);
  assert.equal(d.line, 3);
  assert.equal(d.column, 9);
  assert.equal(
    d.frame,
    ['  2 |   name: string;', '> 3 |   born: () => Date;', '    |         ^^^^^^^^^^', '  4 | }'].join('\n'),
  );
  assert.match(d.fix ?? '', /remove it from the data type/);
});

test('every problem of a type is reported, each at its property, with the path through named types', () => {
  const { diagnostics } = derive('F.Bad', 'problems.ts');
  const seen = diagnostics.map((d) => [d.message, d.path, d.line, d.column, d.file]);
  assert.deepEqual(seen, [
    ['cannot derive a schema for Bad.key: a symbol (symbol) has no JSON form', 'probe → Bad.key', 14, 8, problems],
    ['cannot derive a schema for Bad.nothing: void has no JSON form', 'probe → Bad.nothing', 15, 12, problems],
    [
      'cannot derive a schema for Bad.lookup: a Map (Map<string, number>) has no JSON form',
      'probe → Bad.lookup',
      17,
      11,
      problems,
    ],
    [
      'cannot derive a schema for Bad.unique: a Set (Set<string>) has no JSON form',
      'probe → Bad.unique',
      18,
      11,
      problems,
    ],
    [
      'cannot derive a schema for Bad.later: a Promise (Promise<string>) has no JSON form',
      'probe → Bad.later',
      19,
      10,
      problems,
    ],
    [
      'cannot derive a schema for Pet.born: a function type (() => Date) has no JSON form',
      'probe → Bad.pet → Pet.born',
      3,
      9,
      problems,
    ],
  ]);
  assert.match(diagnostics[2].fix ?? '', /Record<string, V>/);
  assert.match(diagnostics[3].fix ?? '', /array/);
  assert.ok(diagnostics.every((d) => d.frame && d.frame.includes('^')));
});

test('never (and undefined alone) derives the schema no value matches, as a property or the whole type', () => {
  for (const type of ['never', 'undefined', '{ a: string; b: never }'])
    assert.deepEqual(derive(type).diagnostics, [], type);
  assert.deepEqual(derive('never').schema, { not: {} });
  assert.deepEqual(derive('undefined').schema, { not: {} });
  assert.deepEqual(derive('{ a: string; b: never }').schema, {
    type: 'object',
    properties: { a: { type: 'string' }, b: { not: {} } },
    required: ['a', 'b'],
  });
});

test('a class with methods is its data fields: JSON.stringify writes no method', () => {
  const { diagnostics, schema } = derive('F.Account', 'problems.ts');
  assert.deepEqual(diagnostics, []);
  assert.deepEqual(schema, {
    $id: 'Account',
    type: 'object',
    properties: { id: { type: 'string' } },
    required: ['id'],
  });
});

test('a misspelled type name is an error at the name, not an empty schema', () => {
  const out = expandProbe(`import { DeriveSchema } from '@kitgen/runtime';
import type * as F from './problems.ts';
export const typo = DeriveSchema.gen<NotFund>();
export const nested = DeriveSchema.gen<F.Deferred<string> | Array<Misspelt>>();
`);
  assert.deepEqual(out.calls, [], 'neither call is expanded');
  assert.equal(out.code.includes('DeriveSchema.gen<NotFund>()'), true);
  assert.deepEqual(
    out.diagnostics.map((d) => [d.message, d.path, d.file, d.line, d.column]),
    [
      ['cannot derive a schema for typo: cannot find type NotFund', 'typo', out.file, 3, 38],
      ['cannot derive a schema for nested: cannot find type Misspelt', 'nested', out.file, 4, 67],
    ],
  );
  assert.match(out.diagnostics[0].fix ?? '', /spelling/);
});

test('a misspelled type inside a declaration is an error at that property', () => {
  const out = expandProbe(`import { DeriveSchema } from '@kitgen/runtime';
export interface Holder {
  ok: string;
  bad: Pett;
}
export const holder = DeriveSchema.gen<Holder>();
`);
  assert.deepEqual(
    out.diagnostics.map((d) => [d.message, d.path, d.line, d.column]),
    [['cannot derive a schema for Holder.bad: cannot find type Pett', 'holder → Holder.bad', 4, 8]],
  );
});

test('type parameters and unresolved conditional types are errors, not {}', () => {
  const out = expandProbe(`import { DeriveSchema } from '@kitgen/runtime';
import type * as F from './problems.ts';
export function page<T>() {
  return DeriveSchema.gen<F.Deferred<T>>();
}
export function cond<T>() {
  return DeriveSchema.gen<F.IsString<T>>();
}
`);
  assert.deepEqual(out.calls, []);
  assert.deepEqual(
    out.diagnostics.map((d) => [d.message, d.path, d.line, d.column]),
    [
      ['cannot derive a schema for page: a type parameter (T in Deferred<T>) has no JSON form', 'page', 4, 27],
      ['cannot derive a schema for cond: an unresolved conditional type (IsString<T>) has no JSON form', 'cond', 7, 27],
    ],
  );
});

test('anonymous types at the call site point into the calling file', () => {
  const out = expandProbe(`import { DeriveSchema } from '@kitgen/runtime';
export const fn = DeriveSchema.gen<{ f: () => void; ok: string }>();
`);
  const [d] = out.diagnostics;
  assert.equal(d.message, 'cannot derive a schema for fn.f: a function type (() => void) has no JSON form');
  assert.equal(d.file, out.file);
  assert.deepEqual([d.line, d.column], [2, 41]);
  assert.equal(out.code.includes('gen<{ f: () => void; ok: string }>()'), true, 'left unexpanded');
});

test('undefined outside an optional property is an error', () => {
  const { diagnostics } = derive('Array<string | undefined>');
  assert.equal(diagnostics.length, 1);
  assert.equal(
    diagnostics[0].message,
    'cannot derive a schema for probe[]: undefined (in string | undefined) has no JSON form here',
  );
});

test('a JSDoc number that is not a number is an error at the property', () => {
  const [d] = derive('F.Counted', 'problems.ts').diagnostics;
  assert.equal(d.message, 'cannot derive a schema for Counted.count: @minimum expects a number, not "lots"');
  assert.deepEqual([d.line, d.column], [33, 10]);
});

test('two different types with one name: an error naming both declarations', () => {
  const [d, ...rest] = derive('F.Both', 'dup/both.ts').diagnostics;
  assert.equal(rest.length, 0);
  const one = join(fixturesDir, 'dup', 'one.ts');
  const two = join(fixturesDir, 'dup', 'two.ts');
  assert.equal(
    d.message,
    `cannot derive a schema for Both.second: two different types are named Item: ${one}:1:1 and ${two}:1:1`,
  );
  assert.equal(d.path, 'probe → Both.second');
});

test('two files using different types of one name: the second expansion reports both', () => {
  expandProbe(
    `import { DeriveSchema } from '@kitgen/runtime';\nimport type { Item } from './dup/one.ts';\nexport const a = DeriveSchema.gen<Item>();\n`,
  );
  const out = expandProbe(
    `import { DeriveSchema } from '@kitgen/runtime';\nimport type { Item } from './dup/two.ts';\nexport const b = DeriveSchema.gen<Item>();\n`,
  );
  const clash = out.diagnostics.find((d) => d.message.startsWith('two different types are named Item'));
  assert.ok(clash, 'clash reported');
  assert.match(clash.message, /dup\/two\.ts:1:1 and .*dup\/one\.ts:1:1/);
  assert.deepEqual([clash.file, clash.line, clash.column], [out.file, 3, 18]);
});

test('DeriveSchema.gen() without a type argument says how to write it', () => {
  const out = expandProbe(`import { DeriveSchema } from '@kitgen/runtime';\nexport const none = DeriveSchema.gen();\n`);
  const [d] = out.diagnostics;
  assert.equal(d.message, 'DeriveSchema.gen() has no type argument: there is no type to derive a schema from');
  assert.equal(d.fix, 'write DeriveSchema.gen<YourType>()');
  assert.deepEqual([d.file, d.line, d.column], [out.file, 2, 21]);
  assert.equal(
    d.frame,
    [
      "  1 | import { DeriveSchema } from '@kitgen/runtime';",
      '> 2 | export const none = DeriveSchema.gen();',
      '    |                     ^^^^^^^^^^^^^^^^^^',
      '  3 |',
    ].join('\n'),
  );
});

test('a tsconfig named but missing is a CompileError saying so', () => {
  assert.throws(
    () => createDeriveProject({ cwd: fixturesDir, tsconfig: 'no-such-tsconfig.json' }),
    (e: unknown) =>
      e instanceof CompileError &&
      /no-such-tsconfig\.json does not exist/.test(e.diagnostics[0].message) &&
      e.diagnostics[0].fix !== undefined,
  );
});
