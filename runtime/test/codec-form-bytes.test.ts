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
