// The urlencoded form codec: a binary field (`format: binary`, bytes in memory) is the bytes
// sent, percent-decoded, even when they are no UTF-8 text; text fields read as before; a form
// schema reached through a `$ref` or made of an allOf has the fields of its members.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Schema, type TSchema } from '@kitgen/runtime';
import { formCodec } from '../src/codec/body/formCodec.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
const decode = (schema: unknown, body: string) => {
  const r = formCodec(schema as TSchema).decode(bytes(body));
  if (r._tag === 'left') throw new Error(r.left.message);
  return r.right;
};

const Upload = Schema.Unsafe({
  allOf: [
    {
      type: 'object',
      properties: {
        name: { type: 'string' },
        size: { type: 'bigint' },
        tags: { type: 'array', items: { type: 'string' } },
      },
      required: ['name'],
    },
    {
      type: 'object',
      properties: { image: Schema.Bytes(), note: { anyOf: [Schema.Bytes(), { type: 'null' }] } },
      required: ['image'],
    },
  ],
});

test('a binary field is the bytes sent; text fields are UTF-8 text, coerced to their types', () => {
  assert.deepEqual(
    decode(Upload, 'name=caf%C3%A9+au+lait&size=9007199254740993&image=%FF%00a+b&tags=x&tags=y&note=%80'),
    {
      name: 'café au lait',
      size: 9007199254740993n,
      tags: ['x', 'y'],
      image: new Uint8Array([0xff, 0x00, 0x61, 0x20, 0x62]),
      note: new Uint8Array([0x80]),
    },
  );
  // A `%` not followed by two hex digits is itself; an empty value is no bytes.
  assert.deepEqual(decode(Upload, 'name=a&image=%zz%4'), { name: 'a', image: bytes('%zz%4') });
  assert.deepEqual(decode(Upload, 'name=a&image='), { name: 'a', image: new Uint8Array(0) });
});

test('a form schema through a $ref of a recursive group has its fields; missing required fields are refused', () => {
  const Ref = Schema.Unsafe({
    $defs: {
      Form: {
        $id: 'Form',
        type: 'object',
        properties: { file: Schema.Bytes(), n: { type: 'integer' } },
        required: ['file'],
      },
    },
    $ref: 'Form',
  });
  assert.deepEqual(decode(Ref, 'file=%01%02&n=3'), { file: new Uint8Array([1, 2]), n: 3 });
  const r = formCodec(Upload as unknown as TSchema).decode(bytes('name=a'));
  assert.equal(r._tag, 'left');
  assert.match((r as { left: Error }).left.message, /image/);
});

test('encoding writes bytes percent-encoded, and reads back the same', () => {
  const codec = formCodec(Upload as unknown as TSchema);
  const value = { name: 'café au lait', size: 5n, image: new Uint8Array([0xff, 0x00, 0x2a, 0x20]), tags: ['x', 'y'] };
  const body = new TextDecoder().decode(codec.encode(value));
  assert.equal(body, 'name=caf%C3%A9+au+lait&size=5&image=%FF%00*+&tags=x&tags=y');
  assert.deepEqual(decode(Upload, body), value);
});

// Seldon's wrapper sends a `json` form field (encoding `application/json`) whose messages hold
// `format: byte` data: the field's JSON is read as a JSON body's, base64 to bytes.
const Message = Schema.Object({ binData: Schema.Optional(Schema.Bytes()), when: Schema.Optional(Schema.DateTime()) });
const Wrapped = Schema.Object({ json: Schema.Object({ messages: Schema.Array(Message) }), n: Schema.Integer() });

test('a field holding an object is JSON text read as a JSON body: base64 bytes and dates', () => {
  const text = JSON.stringify({ messages: [{ binData: 'c3RyaW5n', when: '2024-01-02T03:04:05.000Z' }] });
  const value = decode(Wrapped, `json=${encodeURIComponent(text)}&n=2`);
  assert.deepEqual(value, {
    json: { messages: [{ binData: bytes('string'), when: new Date('2024-01-02T03:04:05.000Z') }] },
    n: 2,
  });
  // Written back the same way: bytes as base64 inside the field's JSON.
  const body = new TextDecoder().decode(formCodec(Wrapped as unknown as TSchema).encode(value));
  assert.deepEqual(decode(Wrapped, body), value);
  assert.match(decodeURIComponent(body.replace(/\+/g, ' ')), /"binData":"c3RyaW5n"/);
  // Text that is no base64 is refused, naming the field inside the JSON.
  const bad = formCodec(Wrapped as unknown as TSchema).decode(
    bytes(`json=${encodeURIComponent('{"messages":[{"binData":"not base64!"}]}')}&n=1`),
  );
  assert.equal(bad._tag, 'left');
  assert.match((bad as { left: Error }).left.message, /\/json\/messages\/0\/binData/);
});
