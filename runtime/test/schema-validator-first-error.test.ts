// A failure is explained by the first keyword that fails, found without evaluating what comes
// after it, and presence is a matter of own properties: an optional property named `toString`
// or `constructor` is absent from `{}`, whatever Object.prototype holds.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Either, JsonCodec, Schema, validatorFor } from '@kitgen/runtime';

// CPU milliseconds of this process: other work on a loaded machine does not count.
const elapsed = (run: () => unknown): number => {
  const start = process.cpuUsage();
  run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};

test('properties named like Object.prototype members are present only when they are own properties', () => {
  const names = [
    'constructor',
    'toString',
    'hasOwnProperty',
    'valueOf',
    '__proto__',
    'isPrototypeOf',
    '__defineGetter__',
  ];
  const optional = validatorFor(
    Schema.Object(Object.fromEntries(names.map((n) => [n, Schema.Optional(Schema.String())]))),
  );
  assert.equal(optional.check({}), true);
  assert.equal(optional.firstError({}), undefined);
  assert.equal(optional.check(JSON.parse('{"toString":"x","constructor":"y"}')), true);
  const wrong = optional.firstError(JSON.parse('{"toString":5}'));
  assert.equal(wrong?.message, 'value at /toString: must be string');
  assert.equal(wrong?.pointer, '/toString');

  const required = validatorFor(Schema.Object({ toString: Schema.String(), name: Schema.String() }));
  assert.equal(required.check({ name: 'n' }), false);
  assert.equal(required.firstError({ name: 'n' })?.message, 'value: must have required properties toString');
  assert.equal(required.check({ name: 'n', toString: 't' }), true);
});

test('the JSON codec decodes {} for a schema of optional prototype-named fields', () => {
  const codec = JsonCodec.schemaBasedBinaryCodec(
    Schema.Object({ constructor: Schema.Optional(Schema.String()), valueOf: Schema.Optional(Schema.Integer()) }),
  );
  const r = codec.decodeString('{}');
  assert.ok(Either.isRight(r), Either.isLeft(r) ? r.left.message : '');
  const bad = codec.decodeString('{"valueOf":"x"}');
  assert.ok(Either.isLeft(bad));
  assert.equal(bad.left.pointer, '/valueOf');
});

test('the first error is the one TypeBox lists first, with its pointer', () => {
  const User = Schema.Object({
    name: Schema.String({ minLength: 1 }),
    tags: Schema.Array(Schema.String({ maxLength: 3 })),
    address: Schema.Object({ zip: Schema.String({ pattern: '^\\d{5}$' }) }),
    role: Schema.Union([Schema.Literal('admin'), Schema.Literal('user')]),
  });
  const v = validatorFor(User);
  const ok = { name: 'n', tags: ['a'], address: { zip: '12345' }, role: 'user' };
  assert.equal(v.firstError(ok), undefined);
  assert.equal(v.firstError({ ...ok, name: '' })?.message, 'value at /name: must not have fewer than 1 characters');
  assert.equal(
    v.firstError({ ...ok, tags: ['a', 'long'] }, '', 'request body')?.message,
    'request body at /tags/1: must not have more than 3 characters',
  );
  assert.equal(
    v.firstError({ ...ok, address: { zip: '1234x' } })?.message,
    'value at /address/zip: must match pattern "^\\\\d{5}$"',
  );
  assert.equal(v.firstError({ ...ok, role: 'root' })?.message, 'value at /role: must be equal to constant');
  const missing = v.firstError({ tags: [] });
  assert.equal(missing?.message, 'value: must have required properties name, address, role');
  assert.equal(v.firstError({ ...ok, extra: 1 }), undefined);
  const closed = validatorFor(Schema.Object({ a: Schema.String() }, { additionalProperties: false }));
  const extra = closed.firstError({ a: 'x', b: 1 });
  assert.equal(extra?.pointer, '/b');
  assert.equal(extra?.message, 'value at /b: must not be present (the schema allows no additional properties)');
});

test('refs, unions, tuples and records are walked to the failing part', () => {
  const Node = Schema.Cyclic(
    { Node: Schema.Object({ value: Schema.Integer(), next: Schema.Optional(Schema.Ref('Node')) }) },
    'Node',
  );
  const v = validatorFor(Node);
  assert.equal(v.check({ value: 1, next: { value: 2 } }), true);
  assert.equal(v.firstError({ value: 1, next: { value: 'x' } })?.message, 'value at /next/value: must be integer');
  const nullable = validatorFor(Schema.Union([Schema.String({ maxLength: 2 }), Schema.Null()]));
  assert.equal(nullable.firstError('abc')?.message, 'value: must not have more than 2 characters');
  const tuple = validatorFor(Schema.Tuple([Schema.String(), Schema.Integer()]));
  assert.equal(tuple.firstError(['a', 'b'])?.message, 'value at /1: must be integer');
  const record = validatorFor(Schema.Record(Schema.String(), Schema.Integer({ maximum: 9 })));
  assert.equal(record.firstError({ a: 1, 'b/c': 10 })?.message, 'value at /b~1c: must be <= 9');
  const oneOf = validatorFor({ oneOf: [{ type: 'integer' }, { type: 'number' }] });
  assert.equal(oneOf.firstError(1)?.message, 'value: must match exactly one schema in oneOf');
});

test('patternProperties with a pattern not proven safe run on the safe matcher, checks and errors alike', () => {
  const v = validatorFor({
    type: 'object',
    patternProperties: { '^(a+)+$': { type: 'integer' } },
    additionalProperties: false,
  });
  assert.equal(v.check({ aaa: 1 }), true);
  assert.equal(v.firstError({ aaa: 'x' })?.message, 'value at /aaa: must be integer');
  assert.equal(
    v.firstError({ b: 1 })?.message,
    'value at /b: must not be present (the schema allows no additional properties)',
  );
  const evilKey = 'a'.repeat(40) + '!';
  const ms = elapsed(() => assert.equal(v.check({ [evilKey]: 1 }), false));
  assert.ok(ms < 100, `took ${ms.toFixed(1)} ms`);
});

test('an error is found without visiting the rest of a long array', () => {
  const v = validatorFor(Schema.Array(Schema.String()));
  const many = Array.from({ length: 200_000 }, () => 1);
  let message: string | undefined;
  const ms = elapsed(() => (message = v.firstError(many)?.message));
  assert.equal(message, 'value at /0: must be string');
  assert.ok(ms < 50, `took ${ms.toFixed(1)} ms`);
});

test('a value nested deeper than the stack allows is refused, not thrown', () => {
  const Node = Schema.Cyclic(
    { Node: Schema.Object({ c: Schema.Array(Schema.Ref('Node')), n: Schema.Optional(Schema.Integer()) }) },
    'Node',
  );
  const v = validatorFor(Node);
  let deep: unknown = { c: [], n: 'x' };
  for (let i = 0; i < 20_000; i++) deep = { c: [deep] };
  assert.equal(v.check(deep), false);
  const error = v.firstError(deep, '', 'request body');
  assert.ok(error);
  assert.match(error.message, /^request body(: nested too deeply to validate| at (\/c\/0)+\/n: must be integer)$/);
});
