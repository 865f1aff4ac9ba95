// One endpoint speaking JSON, Protobuf, Avro, Thrift and MsgPack, by Content-Type and Accept.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  Endpoint,
  RoutePattern,
  Schema,
  Routes,
  OpenAPIGen,
  ProtobufCodec,
  AvroCodec,
  ThriftCodec,
  MessagePackCodec,
  JsonCodec,
  type BinaryCodec,
} from '@kitgen/runtime';
import { startServer } from './support/testServer.ts';

const Order = Schema.Object(
  {
    id: Schema.Int64(),
    item: Schema.String(),
    quantity: Schema.Integer(),
    price: Schema.Number(),
    gift: Schema.Boolean(),
    notes: Schema.Array(Schema.String()),
  },
  { $id: 'Order' },
);
type Order = { id: bigint; item: string; quantity: number; price: number; gift: boolean; notes: string[] };

const formats: Array<[string, BinaryCodec<Order>]> = [
  ['application/json', JsonCodec.schemaBasedBinaryCodec(Order) as BinaryCodec<Order>],
  ['application/protobuf', ProtobufCodec.protobufCodec(Order) as BinaryCodec<Order>],
  ['application/avro', AvroCodec.schemaBasedBinaryCodec(Order) as BinaryCodec<Order>],
  ['application/vnd.apache.thrift.binary', ThriftCodec.thriftBinaryCodec(Order) as BinaryCodec<Order>],
  ['application/msgpack', MessagePackCodec.messagePackCodec(Order) as BinaryCodec<Order>],
];
const mediaTypes = formats.map(([mt]) => mt);

test('an endpoint accepts and answers all five formats, chosen by Content-Type and Accept', async () => {
  const e = Endpoint(RoutePattern.POST('orders')).in(Order, { mediaTypes }).out(Order, { mediaTypes });
  const server = await startServer(
    Routes(e.implement((o) => ({ ...o, quantity: o.quantity + 1, notes: [...o.notes, 'seen'] }))),
  );
  const order: Order = { id: 9007199254740993n, item: 'tea ☕', quantity: 2, price: 3.5, gift: false, notes: [] };
  try {
    for (const [inType, inCodec] of formats) {
      for (const [outType, outCodec] of formats) {
        const r = await fetch(`${server.url}/orders`, {
          method: 'POST',
          headers: { 'content-type': inType, accept: outType },
          body: inCodec.encode(order),
        });
        assert.equal(r.status, 200, `${inType} → ${outType}: ${r.status}`);
        assert.equal(r.headers.get('content-type'), outType);
        const back = outCodec.decode(new Uint8Array(await r.arrayBuffer()));
        assert.equal(back._tag, 'right', `${inType} → ${outType}`);
        assert.deepEqual(
          back._tag === 'right' && back.right,
          { ...order, quantity: 3, notes: ['seen'] },
          `${inType} → ${outType}`,
        );
      }
    }
    const aliases = await fetch(`${server.url}/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-protobuf', accept: 'application/x-msgpack' },
      body: formats[1][1].encode(order),
    });
    assert.equal(aliases.status, 200);
    assert.equal(aliases.headers.get('content-type'), 'application/x-msgpack');
    const viaAlias = formats[4][1].decode(new Uint8Array(await aliases.arrayBuffer()));
    assert.equal(viaAlias._tag === 'right' && viaAlias.right.quantity, 3);
    const undeclared = await fetch(`${server.url}/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/xml' },
      body: '<order/>',
    });
    assert.equal(undeclared.status, 415);
    const unacceptable = await fetch(`${server.url}/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/xml' },
      body: formats[0][1].encode(order),
    });
    assert.equal(unacceptable.status, 406);
    const corrupt = await fetch(`${server.url}/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/protobuf' },
      body: new Uint8Array([0xff, 0xff, 0xff]),
    });
    assert.equal(corrupt.status, 400);
  } finally {
    await server.shutdown();
  }
});

test('the OpenAPI document lists every media type of the endpoint, request and response', () => {
  const e = Endpoint(RoutePattern.POST('orders')).in(Order, { mediaTypes }).out(Order, { mediaTypes });
  const doc = JSON.parse(OpenAPIGen.fromEndpoints('Orders', '1.0.0', e).toJson()) as {
    paths: Record<
      string,
      Record<
        string,
        {
          requestBody: { content: Record<string, unknown> };
          responses: Record<string, { content: Record<string, unknown> }>;
        }
      >
    >;
  };
  const op = doc.paths['/orders'].post;
  assert.deepEqual(Object.keys(op.requestBody.content), mediaTypes);
  assert.deepEqual(Object.keys(op.responses['200'].content), mediaTypes);
});

test('a body declared as bytes under MessagePack or protobuf is those bytes, in and out', async () => {
  // What a document gives for `application/x-msgpack` without a schema of its value (Ably's).
  const types = ['application/msgpack', 'application/protobuf'];
  const e = Endpoint(RoutePattern.POST('raw'))
    .in(Schema.Bytes(), { mediaTypes: types })
    .out(Schema.Bytes(), { mediaTypes: types });
  const server = await startServer(Routes(e.implement((bytes) => Uint8Array.from([...bytes].reverse()))));
  try {
    for (const type of types) {
      // A MessagePack map {"a":1}: bytes a decoder would have turned into an object.
      const sent = Uint8Array.from([0x81, 0xa1, 0x61, 0x01]);
      const r = await fetch(`${server.url}/raw`, {
        method: 'POST',
        headers: { 'content-type': type, accept: type },
        body: sent,
      });
      assert.equal(r.status, 200, `${type}: ${r.status} ${r.status === 200 ? '' : await r.text()}`);
      assert.equal(r.headers.get('content-type'), type);
      assert.deepEqual([...new Uint8Array(await r.arrayBuffer())], [...sent].reverse(), type);
    }
  } finally {
    await server.shutdown();
  }
});
