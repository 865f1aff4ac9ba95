// DeriveSchema.gen<T>(): hydration of the compiler's JSON (date and bytes markers, nested,
// recursive, Cyclic) and the error of an unexpanded call, naming its call site.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DeriveSchema,
  DeriveSchemaError,
  isBytesSchema,
  isDateSchema,
  validatorFor,
  type Static,
} from '@kitgen/runtime';

import { readFileSync } from 'node:fs';

const thisFile = relative(process.cwd(), fileURLToPath(import.meta.url))
  .split('\\')
  .join('/');

/** `file:line:column` of `DeriveSchema` on the line of this file ending with the comment `// site: <name>`. */
function siteOf(name: string): string {
  const lines = readFileSync(fileURLToPath(import.meta.url), 'utf8').split('\n');
  const line = lines.findIndex((l) => l.endsWith(`// site: ${name}`));
  assert.ok(line >= 0, `marker ${name}`);
  return `${thisFile}:${line + 1}:${lines[line].indexOf('DeriveSchema') + 1}`;
}

interface Pet {
  name: string;
  born: Date;
  photo?: Uint8Array;
}

const petJson = {
  $id: 'Pet',
  type: 'object',
  properties: {
    name: { type: 'string' },
    born: { type: 'string', format: 'date-time', 'x-kitgen-date': true, description: 'Day of birth' },
    photo: { 'x-kitgen-bytes': true, description: 'A picture' },
  },
  required: ['name', 'born'],
};

test('gen<T>(json) hydrates date and bytes markers and keeps everything else', () => {
  const Pet = DeriveSchema.gen<Pet>(petJson);
  const typed: Static<typeof Pet> = { name: 'Rex', born: new Date(0) };
  assert.equal(typed.name, 'Rex');
  const s = Pet as unknown as { $id: string; properties: Record<string, Record<string, unknown>> };
  assert.equal(s.$id, 'Pet');
  assert.equal(s.properties.name, petJson.properties.name, 'untouched nodes keep their identity');
  assert.ok(isDateSchema(s.properties.born));
  assert.equal(s.properties.born.description, 'Day of birth');
  assert.equal(s.properties.born.type, undefined, 'a Date in memory is not a string');
  assert.ok(isBytesSchema(s.properties.photo));
  assert.equal(s.properties.photo.description, 'A picture');
  const v = validatorFor(Pet);
  assert.ok(v.check({ name: 'Rex', born: new Date('2020-01-02T03:04:05Z'), photo: new Uint8Array([1]) }));
  assert.ok(!v.check({ name: 'Rex', born: '2020-01-02T03:04:05Z' }), 'a string is not a Date');
  assert.ok(!v.check({ name: 'Rex', born: new Date('x') }), 'an invalid Date is rejected');
  assert.ok(!v.check({ name: 'Rex', born: new Date(0), photo: 'AAE=' }));
  // the input is not modified, and hydration is cached per argument object
  assert.equal((petJson.properties.born as Record<string, unknown>).type, 'string');
  assert.equal(DeriveSchema.gen<Pet>(petJson), Pet);
});

test('a date default in the JSON becomes a Date, as decoded values are', () => {
  const s = DeriveSchema.gen<{ at?: Date }>({
    type: 'object',
    properties: { at: { type: 'string', format: 'date-time', 'x-kitgen-date': true, default: '2020-01-02T00:00:00Z' } },
  });
  const at = (s as unknown as { properties: { at: { default: unknown } } }).properties.at;
  assert.deepEqual(at.default, new Date('2020-01-02T00:00:00Z'));
});

test('a schema without markers is returned as it is', () => {
  const json = { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] };
  assert.equal(DeriveSchema.gen<{ id: number }>(json), json);
});

test('markers nested in arrays, tuples, records, unions and intersections are hydrated', () => {
  const date = { type: 'string', format: 'date-time', 'x-kitgen-date': true };
  const json = {
    type: 'object',
    properties: {
      list: { type: 'array', items: date },
      pair: { type: 'array', prefixItems: [date, { 'x-kitgen-bytes': true }], minItems: 2, maxItems: 2 },
      byName: { type: 'object', patternProperties: { '^.*$': date } },
      extra: { type: 'object', additionalProperties: date },
      either: { anyOf: [date, { type: 'null' }] },
      one: { oneOf: [date, { type: 'integer' }] },
      both: { allOf: [{ type: 'object', properties: { at: date }, required: ['at'] }] },
    },
    required: ['list', 'pair', 'byName', 'extra', 'either', 'one', 'both'],
  };
  type T = {
    list: Date[];
    pair: [Date, Uint8Array];
    byName: Record<string, Date>;
    extra: Record<string, Date>;
    either: Date | null;
    one: Date | number;
    both: { at: Date };
  };
  const s = DeriveSchema.gen<T>(json) as unknown as { properties: Record<string, Record<string, any>> };
  const p = s.properties;
  assert.ok(isDateSchema(p.list.items));
  assert.ok(isDateSchema(p.pair.prefixItems[0]) && isBytesSchema(p.pair.prefixItems[1]));
  assert.ok(isDateSchema(p.byName.patternProperties['^.*$']));
  assert.ok(isDateSchema(p.extra.additionalProperties));
  assert.ok(isDateSchema(p.either.anyOf[0]) && p.either.anyOf[1] === json.properties.either.anyOf[1]);
  assert.ok(isDateSchema(p.one.oneOf[0]));
  assert.ok(isDateSchema(p.both.allOf[0].properties.at));
  const d = new Date(5);
  const v = validatorFor(s);
  assert.ok(
    v.check({
      list: [d],
      pair: [d, new Uint8Array()],
      byName: { a: d },
      extra: { b: d },
      either: null,
      one: d,
      both: { at: d },
    }),
  );
  assert.ok(
    !v.check({
      list: ['x'],
      pair: [d, new Uint8Array()],
      byName: {},
      extra: {},
      either: null,
      one: 1,
      both: { at: d },
    }),
  );
});

test('a recursive Cyclic schema with dates inside hydrates its $defs and validates', () => {
  const json = {
    $defs: {
      Node: {
        $id: 'Node',
        type: 'object',
        properties: {
          at: { type: 'string', format: 'date-time', 'x-kitgen-date': true },
          blob: { 'x-kitgen-bytes': true },
          children: { type: 'array', items: { $ref: 'Node' } },
        },
        required: ['at', 'children'],
      },
    },
    $ref: 'Node',
  };
  interface Node {
    at: Date;
    blob?: Uint8Array;
    children: Node[];
  }
  const s = DeriveSchema.gen<Node>(json) as unknown as {
    $ref: string;
    $defs: { Node: { properties: Record<string, Record<string, unknown>> } };
  };
  assert.equal(s.$ref, 'Node');
  assert.ok(isDateSchema(s.$defs.Node.properties.at));
  assert.ok(isBytesSchema(s.$defs.Node.properties.blob));
  assert.equal(s.$defs.Node.properties.children, json.$defs.Node.properties.children);
  const v = validatorFor(s);
  const tree: Node = { at: new Date(1), children: [{ at: new Date(2), blob: new Uint8Array([9]), children: [] }] };
  assert.ok(v.check(tree));
  assert.ok(!v.check({ at: new Date(1), children: [{ at: '2020-01-01T00:00:00Z', children: [] }] }));
});

test('an unexpanded gen<T>() throws naming this file, line and column, and the fix', () => {
  let error: unknown;
  try {
    DeriveSchema.gen<Pet>(); // site: plain
  } catch (e) {
    error = e;
  }
  assert.ok(error instanceof DeriveSchemaError);
  assert.ok(error instanceof Error);
  const site = siteOf('plain');
  assert.match(site, /^runtime\/test\/schema-derive\.test\.ts:\d+:5$/);
  assert.equal(error.callSite, site);
  assert.equal(
    error.message,
    `DeriveSchema.gen<T>() at ${site} was not expanded ahead of time. Run \`kitgen generate ${thisFile}\` and import the endpoints from the generated folder, or build with the kitgen plugin, or run with \`node --import kitgen/register\`.`,
  );
});

test('the call site is the caller of gen, even through a helper of the user', () => {
  const derive = () => DeriveSchema.gen<{ id: number }>(); // site: helper
  assert.throws(derive, (e: unknown) => e instanceof DeriveSchemaError && e.callSite === siteOf('helper'));
  // Split over lines: V8's position (the `gen` line) is kept, the file and line still right.
  // prettier-ignore
  const split = () =>
    DeriveSchema
      .gen<{ id: number }>(); // site: split
  const line = siteOf('split').split(':')[1];
  assert.throws(split, (e: unknown) => e instanceof DeriveSchemaError && e.callSite === `${thisFile}:${line}:8`);
});
