// DeriveSchema.gen<T>() on everyday TypeScript: `undefined` read as "may be absent", interfaces
// extending Array, classes with behaviour, URL and RegExp, JSDoc that TypeScript does not attach,
// tagged unions written in place, and closed objects (a JSDoc tag, or the project's switch).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { inspect } from 'node:util';
import { join } from 'node:path';
import { validatorFor } from '@kitgen/runtime';
import { createDeriveProject } from '../src/derive/DeriveProject.ts';
import { expandDeriveSchema } from '../src/derive/expand.ts';
import type { Json } from '../src/derive/deriveSchema.ts';
import { derive, fixturesDir, prop, tsconfig } from './support/deriveProbe.ts';

function clean(type: string): Json {
  const { schema, diagnostics } = derive(type, 'everyday.ts');
  assert.deepEqual(
    diagnostics.map((d) => d.message),
    [],
  );
  return schema;
}

function judge(schema: Json, valid: readonly unknown[], invalid: readonly unknown[]): void {
  const v = validatorFor(schema as object);
  for (const value of valid) assert.equal(v.check(value), true, `should accept ${inspect(value)}`);
  for (const value of invalid) assert.equal(v.check(value), false, `should reject ${inspect(value)}`);
}

test('undefined in an index signature: the key may be absent, the value is the rest', () => {
  const scores = clean('F.Scores');
  assert.deepEqual(scores, { type: 'object', additionalProperties: { type: 'number' } });
  assert.deepEqual(clean('F.Sparse'), { $id: 'Sparse', type: 'object', additionalProperties: { type: 'number' } });
  judge(scores, [{}, { a: 1 }], [{ a: 'x' }, { a: null }]);
});

test('Record<string, never> admits no key at all', () => {
  const none = clean('F.NoKeys');
  assert.deepEqual(none, { $id: 'NoKeys', type: 'object', additionalProperties: false });
  judge(none, [{}], [{ a: 1 }]);
});

test('the optional-never idiom: a property that must be absent, so exactly one of two', () => {
  const oneOf = clean('F.OneOf') as { anyOf: Json[] };
  assert.deepEqual(oneOf.anyOf[0], {
    type: 'object',
    properties: { a: { type: 'string' }, b: { not: {} } },
    required: ['a'],
  });
  judge(oneOf, [{ a: 'x' }, { b: 1 }], [{ a: 'x', b: 1 }, {}, { a: 1 }]);
});

test('a type argument that is void or undefined: the property must be absent', () => {
  const s = clean('F.Outcomes');
  const result = (name: string) => ({
    $id: `ResultOf${name}`,
    type: 'object',
    properties: { ok: { type: 'boolean' }, value: { not: {} } },
    required: ['ok'],
  });
  assert.deepEqual(prop(s, 'done'), result('Void'));
  assert.deepEqual(prop(s, 'skipped'), result('Undefined'));
  judge(prop(s, 'done'), [{ ok: true }], [{ ok: true, value: null }, {}]);
});

test('boolean | undefined outside an optional property: may be absent (at the root too)', () => {
  const flags = clean('F.Flags');
  assert.deepEqual(flags, {
    $id: 'Flags',
    type: 'object',
    properties: { flag: { $id: 'MaybeFlag', type: 'boolean' } },
  });
  judge(flags, [{}, { flag: true }], [{ flag: null }, { flag: 'yes' }]);
  assert.deepEqual(clean('boolean | undefined'), { type: 'boolean' });
  assert.deepEqual(clean("'bar' | undefined"), { type: 'string', enum: ['bar'] });
});

test('undefined still has no JSON form as an array element (JSON writes it as null)', () => {
  const { diagnostics } = derive('[string, number | undefined]', 'everyday.ts');
  assert.deepEqual(
    diagnostics.map((d) => d.message),
    ['cannot derive a schema for probe[1]: undefined (in number | undefined) has no JSON form here'],
  );
  assert.match(diagnostics[0].fix ?? '', /null/);
  assert.deepEqual(clean('[string, number?]'), {
    type: 'array',
    items: [{ type: 'string' }, { type: 'number' }],
    additionalItems: false,
    minItems: 1,
    maxItems: 2,
  });
});

test('an interface extending Array<T> is an array of T, through its extends chain and recursion', () => {
  const tags = clean('F.TagList');
  assert.deepEqual(tags, {
    $defs: {
      TagList: { $id: 'TagList', type: 'array', items: { $ref: 'Tag' } },
      Tag: { $id: 'Tag', anyOf: [{ type: 'string' }, { type: 'number' }, { $ref: 'TagList' }] },
    },
    $ref: 'TagList',
  });
  judge(tags, [[], ['a', 1, ['b', [2]]]], [{}, [true], [['a', null]]]);
  assert.deepEqual(clean('F.Labels'), { $id: 'Labels', type: 'array', items: { type: 'string' } });
});

test('classes and interfaces with behaviour: their data fields (no methods, accessors, statics or #private)', () => {
  assert.deepEqual(clean('F.Invoice'), {
    $id: 'Invoice',
    type: 'object',
    properties: { id: { type: 'string' }, lines: { type: 'array', items: { type: 'number' } } },
    required: ['id', 'lines'],
  });
  assert.deepEqual(clean('F.Shape'), {
    $id: 'Shape',
    type: 'object',
    properties: { name: { type: 'string' } },
    required: ['name'],
  });
});

test('URL and RegExp are strings (URL with format uri)', () => {
  const link = clean('F.Link');
  assert.deepEqual(prop(link, 'href'), { type: 'string', format: 'uri' });
  assert.deepEqual(prop(link, 'matcher'), { type: 'string', format: 'regex' });
  judge(link, [{ href: 'https://example.com/', matcher: '^a' }], [{ href: 1, matcher: '^a' }]);
});

test('JSDoc on the line of the opening brace (and after a semicolon) is read', () => {
  const line = clean('F.Line');
  assert.deepEqual(prop(line, 'qty'), { type: 'number', minimum: 1 });
  assert.deepEqual(prop(line, 'unit'), { type: 'string', maxLength: 3 });
  judge(
    line,
    [{ qty: 1, unit: 'kg' }],
    [
      { qty: 0, unit: 'kg' },
      { qty: 1, unit: 'kilo' },
    ],
  );
});

test("a primitive alias's notes reach where it is used: plain, through Exclude<>, nullable, aliased again", () => {
  const article = clean('F.Article');
  const slug = { type: 'string', pattern: '^[a-z]+$' };
  assert.deepEqual(prop(article, 'slug'), slug);
  assert.deepEqual(prop(article, 'previous'), { anyOf: [slug, { type: 'null' }] });
  assert.deepEqual(prop(article, 'short'), { ...slug, minLength: 2 });
  assert.deepEqual(prop(article, 'own'), { type: 'string', pattern: '^x' }, "the property's own tag wins");
  assert.deepEqual(clean('F.Slug'), slug);
  judge(prop(article, 'slug'), ['abc'], ['ABC', '']);
});

test('tagged unions written in place get the discriminator: members become components named after union and tag', () => {
  const payment = clean('F.Payment') as { anyOf: Array<{ $id: string }>; discriminator: Json };
  assert.deepEqual(
    payment.anyOf.map((m) => m.$id),
    ['PaymentCard', 'PaymentInvoice'],
  );
  assert.deepEqual(payment.discriminator, {
    propertyName: 'kind',
    mapping: { card: '#/components/schemas/PaymentCard', invoice: '#/components/schemas/PaymentInvoice' },
  });
  judge(
    payment as Json,
    [
      { kind: 'card', last4: '1234' },
      { kind: 'invoice', dueDays: 30 },
    ],
    [{ kind: 'card', dueDays: 30 }, { kind: 'cash' }],
  );
  // A named member keeps its name beside one written in place.
  const mixed = clean('F.Mixed') as { discriminator: { mapping: Json } };
  assert.deepEqual(mixed.discriminator.mapping, {
    card: '#/components/schemas/Card',
    'bank-transfer': '#/components/schemas/MixedBankTransfer',
  });
  // In a property, the name starts from the property's place.
  const order = prop(clean('F.Order'), 'payment') as { anyOf: Array<{ $id: string }> };
  assert.deepEqual(
    order.anyOf.map((m) => m.$id),
    ['OrderPaymentCard', 'OrderPaymentCash'],
  );
});

test('a hoisted member whose name is taken is an error saying how to name it', () => {
  const { diagnostics } = derive('{ card: F.PaymentCard; payment: F.Payment }', 'everyday.ts');
  // (The probe project also remembers PaymentCard as Payment's member from another test: a second, project-wide message.)
  const hoisting = diagnostics.filter((d) => d.message.includes('would be named'));
  assert.equal(hoisting.length, 1);
  assert.match(hoisting[0].fix ?? '', /declare the member as a named interface/);
  assert.match(
    hoisting[0].message,
    /would be named PaymentCard \(the union and its tag\), which is already the type at .*everyday\.ts:\d+:\d+/,
  );
});

test('@additionalProperties false closes a type (not the types inside it); on a property, the object written there', () => {
  const holder = clean('F.Holder');
  assert.equal((prop(holder, 'strict') as { additionalProperties?: Json }).additionalProperties, false);
  assert.equal(
    (prop(prop(holder, 'strict'), 'inner') as { additionalProperties?: Json }).additionalProperties,
    undefined,
  );
  assert.equal((prop(holder, 'inline') as { additionalProperties?: Json }).additionalProperties, false);
  assert.deepEqual(prop(holder, 'bag'), { type: 'object', additionalProperties: { type: 'string' } });
  assert.equal(
    (holder as { additionalProperties?: Json }).additionalProperties,
    undefined,
    'the holder itself stays open',
  );
  judge(prop(holder, 'strict'), [{ a: 'x', inner: { b: 1, more: true } }], [{ a: 'x', inner: { b: 1 }, more: true }]);
});

test('closedObjects: every object without an index signature is closed, unless its type says @additionalProperties true', () => {
  const project = createDeriveProject({ cwd: fixturesDir, tsconfig, closedObjects: true });
  const file = join(fixturesDir, '_closed.ts');
  project.update(
    file,
    [
      "import { DeriveSchema } from '@kitgen/runtime';",
      "import type * as F from './everyday.ts';",
      'export const holder = DeriveSchema.gen<F.Holder>();',
      'export const loose = DeriveSchema.gen<F.Loose>();',
      'export const both = DeriveSchema.gen<F.Card & { note?: string }>();',
      '',
    ].join('\n'),
  );
  const out = expandDeriveSchema(file, project);
  assert.deepEqual(out.diagnostics, []);
  const [holder, loose, both] = out.calls.map((c) => c.schema);
  assert.equal((holder as { additionalProperties?: Json }).additionalProperties, false);
  assert.equal((prop(prop(holder, 'strict'), 'inner') as { additionalProperties?: Json }).additionalProperties, false);
  assert.deepEqual(
    prop(holder, 'bag'),
    { type: 'object', additionalProperties: { type: 'string' } },
    'an index signature stays',
  );
  assert.equal((loose as { additionalProperties?: Json }).additionalProperties, undefined);
  // An intersection is one object, closed over all its properties.
  judge(both, [{ kind: 'card', last4: '1', note: 'n' }], [{ kind: 'card', last4: '1', other: 1 }]);
});

test('tuples as type arguments name their elements, so two instantiations get two names', () => {
  const out = derive("{ a: F.Result<['a', string]>; b: F.Result<['b', number]> }", 'everyday.ts');
  assert.deepEqual(out.diagnostics, []);
  assert.deepEqual(
    ['a', 'b'].map((p) => (prop(out.schema, p) as { $id: string }).$id),
    ['ResultOfTupleOfAAndString', 'ResultOfTupleOfBAndNumber'],
  );
});
