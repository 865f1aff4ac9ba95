// The JSON codec writes the handler's value, every field the schema describes kept, in two shapes
// published documents use: a field that two allOf members both declare (Box's metadata template
// `fields`: `options` items with a `key` in one member, a `key` and an `id` in the other) holds
// what both describe; and a union with a member that takes any object (DigitalOcean's `pages`: two
// objects of links, or `{}`) keeps a value with other keys whole instead of cutting it to the first
// object member. Both used to drop fields on the way out (and in).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { JsonCodec, Schema, type TSchema } from '@kitgen/runtime';

const codec = (schema: unknown) => JsonCodec.schemaBasedBinaryCodec(schema as TSchema);
const roundTrip = (schema: unknown, value: unknown) => {
  const text = codec(schema).encodeToString(value as never);
  const back = codec(schema).decodeString(text);
  if (back._tag === 'left') throw new Error(`refused: ${back.left.message}`);
  return { wire: JSON.parse(text) as unknown, back: back.right };
};

const OptionWrite = { type: 'object', properties: { key: { type: 'string' } }, required: ['key'] };
const FieldWrite = {
  type: 'object',
  properties: { key: { type: 'string' }, options: { type: 'array', items: OptionWrite } },
  required: ['key'],
};
const Template = Schema.Unsafe({
  type: 'object',
  properties: {
    fields: {
      type: 'array',
      items: {
        allOf: [
          FieldWrite,
          {
            properties: {
              id: { type: 'string' },
              options: {
                type: 'array',
                items: { allOf: [OptionWrite, { properties: { id: { type: 'string' }, at: Schema.DateTime() } }] },
              },
            },
          },
        ],
      },
    },
  },
});

test('allOf: a field both members declare keeps what either describes, converted as its declaration says', () => {
  const at = new Date('2024-01-02T03:04:05.000Z');
  const value = { fields: [{ key: 'category', id: 'f1', options: [{ key: 'one', id: 'o1', at }] }] };
  const { wire, back } = roundTrip(Template, value);
  assert.deepEqual(wire, {
    fields: [{ key: 'category', id: 'f1', options: [{ key: 'one', id: 'o1', at: '2024-01-02T03:04:05.000Z' }] }],
  });
  assert.deepEqual(back, value);
});

test('allOf: arrays under one allOf hold items every member describes', () => {
  const Both = Schema.Unsafe({
    allOf: [
      { type: 'array', items: OptionWrite },
      { type: 'array', items: { properties: { n: { type: 'bigint' } } } },
    ],
  });
  const value = [{ key: 'k', n: 9007199254740993n }];
  const { wire, back } = roundTrip(Both, value);
  assert.equal(
    JSON.stringify(wire),
    '[{"key":"k","n":9007199254740992}]',
    'the wire holds both fields (the parse above rounds the int64)',
  );
  assert.deepEqual(back, value);
});

const Links = Schema.Unsafe({
  type: 'object',
  properties: {
    pages: {
      anyOf: [
        {
          allOf: [
            { type: 'object', properties: { last: { type: 'string' } } },
            { type: 'object', properties: { next: { type: 'string' } } },
          ],
        },
        {
          allOf: [
            { type: 'object', properties: { first: { type: 'string' } } },
            { type: 'object', properties: { prev: { type: 'string' } } },
          ],
        },
        {},
      ],
    },
  },
});

test('a union with a member that takes any object keeps a value with other keys whole', () => {
  for (const value of [
    { pages: { pages: { first: 'https://x/?page=1', prev: 'https://x/?page=2' } } },
    { pages: { last: 'https://x/?page=9', next: 'https://x/?page=2' } },
    { pages: { first: 'https://x/?page=1' } },
    { pages: { last: 'l', other: 1 } },
  ]) {
    const { wire, back } = roundTrip(Links, value);
    assert.deepEqual(wire, value, JSON.stringify(value));
    assert.deepEqual(back, value);
  }
});

test('a union of objects alone still cuts a value to the member that declares its fields', () => {
  const Closed = Schema.Unsafe({
    anyOf: [
      { type: 'object', properties: { a: { type: 'string' } } },
      { type: 'object', properties: { b: { type: 'string' }, at: Schema.DateTime() } },
    ],
  });
  const at = new Date('2024-01-02T03:04:05.000Z');
  assert.deepEqual(
    roundTrip(Closed, { b: 'x', at }).back,
    { b: 'x', at },
    'the second member, whose fields the value has',
  );
  assert.deepEqual(roundTrip(Closed, { a: 'x', z: 1 }).wire, { a: 'x' }, 'an undeclared field goes as for any object');
});
