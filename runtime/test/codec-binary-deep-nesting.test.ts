// Deeply nested values in the binary codecs. A recursive schema (a tree, a linked list) lets a
// client nest one record in the next as deep as its body allows: a megabyte is hundreds of
// thousands of levels. Every codec must answer such a body with a 400 at once, never a 500 or a
// stack overflow thrown at the handler, and without the memory a decoded value would take.
// MsgPack nests without a schema's help (arrays of anything), so it has a depth limit of its own.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  AvroCodec,
  Endpoint,
  MessagePackCodec,
  ProtobufCodec,
  RoutePattern,
  Routes,
  Schema,
  ThriftCodec,
  type BinaryCodec,
} from '@kitgen/runtime';
import { startServer } from './support/testServer.ts';

const Tree = Schema.Cyclic(
  { Node: Schema.Object({ v: Schema.Integer(), kids: Schema.Array(Schema.Ref('Node')) }) },
  'Node',
);
const List = Schema.Cyclic(
  { Node: Schema.Object({ v: Schema.Integer(), next: Schema.Union([Schema.Ref('Node'), Schema.Null()]) }) },
  'Node',
);
type Shape = 'tree' | 'list';
type Node = { v: number; kids?: Node[]; next?: Node | null };

const codecs: Record<string, (schema: typeof Tree | typeof List) => BinaryCodec<unknown>> = {
  'application/protobuf': (s) => ProtobufCodec.protobufCodec(s) as BinaryCodec<unknown>,
  'application/avro': (s) => AvroCodec.schemaBasedBinaryCodec(s) as BinaryCodec<unknown>,
  'application/vnd.apache.thrift.binary': (s) => ThriftCodec.thriftBinaryCodec(s) as BinaryCodec<unknown>,
  'application/msgpack': (s) => MessagePackCodec.messagePackCodec(s) as BinaryCodec<unknown>,
};

const leaf = (shape: Shape): Node => (shape === 'tree' ? { v: 0, kids: [] } : { v: 0, next: null });
const wrap = (shape: Shape, inner: Node): Node => (shape === 'tree' ? { v: 0, kids: [inner] } : { v: 0, next: inner });

/**
 * The encoding of a value `levels` deep, built without encoding it (the encoders recurse too).
 * Where a level is a prefix and a suffix around the next (Avro, Thrift, MsgPack), they are read
 * off the encodings of one and two levels; protobuf's length prefixes are written inside out.
 */
function deepBody(mediaType: string, codec: BinaryCodec<unknown>, shape: Shape, levels: number): Buffer {
  if (mediaType === 'application/protobuf') {
    // Field 2 (kids or next), length-delimited: 0x12, varint length, the inner message.
    const out = Buffer.alloc(levels * 6);
    let pos = out.length;
    for (let i = 0; i < levels; i++) {
      let length = out.length - pos;
      const varint: number[] = [];
      do {
        varint.push((length & 0x7f) | (length > 0x7f ? 0x80 : 0));
        length >>>= 7;
      } while (length > 0);
      pos -= varint.length;
      out.set(varint, pos);
      out[--pos] = 0x12;
    }
    return out.subarray(pos);
  }
  const one = Buffer.from(codec.encode(leaf(shape)));
  const two = Buffer.from(codec.encode(wrap(shape, leaf(shape))));
  for (let at = 0; at + one.length <= two.length; at++) {
    if (!two.subarray(at, at + one.length).equals(one)) continue;
    const prefix = two.subarray(0, at);
    const suffix = two.subarray(at + one.length);
    const three = Buffer.from(codec.encode(wrap(shape, wrap(shape, leaf(shape)))));
    if (!Buffer.concat([prefix, two, suffix]).equals(three)) continue;
    const repeat = (part: Buffer) => (part.length === 0 ? part : Buffer.alloc(part.length * levels, part));
    return Buffer.concat([repeat(prefix), one, repeat(suffix)]);
  }
  throw new Error(`${mediaType}: no level prefix and suffix found`);
}

for (const shape of ['tree', 'list'] as const) {
  test(`a recursive ${shape} nested from 2,000 to ~1 MB deep gets a 400 in every binary format, and the server serves on`, async () => {
    const schema = shape === 'tree' ? Tree : List;
    const mediaTypes = Object.keys(codecs);
    const endpoint = Endpoint(RoutePattern.POST('nodes'))
      .in(schema, { mediaTypes })
      .out(Schema.Object({ v: Schema.Integer() }));
    const server = await startServer(Routes(endpoint.implement((node) => ({ v: node.v }))));
    try {
      for (const [mediaType, make] of Object.entries(codecs)) {
        const codec = make(schema);
        // 2,000 to 20,000 levels: where decoders or the schema check used to overflow the stack;
        // ~1 MB: as deep as the default body limit allows.
        for (const levels of [2_000, 5_000, 20_000, 'megabyte'] as const) {
          let count =
            levels === 'megabyte'
              ? Math.floor(1_000_000 / (deepBody(mediaType, codec, shape, 1000).length / 1000))
              : levels;
          let body = deepBody(mediaType, codec, shape, count);
          // Protobuf's length prefixes grow with depth: shrink until the body is under the 1 MiB limit.
          while (body.length > 1_000_000) body = deepBody(mediaType, codec, shape, (count = Math.floor(count * 0.9)));
          const label = `${mediaType}, ${count} levels (${body.length} bytes)`;
          const started = performance.now();
          const res = await fetch(`${server.url}/nodes`, {
            method: 'POST',
            headers: { 'content-type': mediaType },
            body,
          });
          const text = await res.text();
          const ms = performance.now() - started;
          // Shallow enough for the stack: decoded and answered; deeper: refused as too deep.
          if (res.status === 200) {
            assert.ok(count <= 5_000, `${label}: accepted`);
            assert.deepEqual(JSON.parse(text), { v: 0 }, label);
          } else {
            assert.equal(res.status, 400, `${label}: ${text.slice(0, 300)}`);
            assert.match(text, /nested too deeply|nest deeper than \d+ levels/, label);
            assert.doesNotMatch(text, /\bat \S+:\d+:\d+/, `${label}: no stack trace`);
          }
          assert.ok(ms < 2000, `${label}: answered after ${ms.toFixed(0)} ms`);
        }
        const ok = await fetch(`${server.url}/nodes`, {
          method: 'POST',
          headers: { 'content-type': mediaType },
          body: codec.encode(wrap(shape, leaf(shape))),
        });
        assert.equal(ok.status, 200, mediaType);
      }
    } finally {
      await server.shutdown();
    }
  });
}

test('MsgPack: maxDepth bounds the nesting of arrays and maps, counted from the bytes before decoding', () => {
  const Any = Schema.Unknown();
  const codec = MessagePackCodec.messagePackCodec(Any, { maxDepth: 3 });
  // [[[1]]] is three levels; [[[[1]]]] four; maps count as levels too, and so do empty ones' parents.
  assert.deepEqual(codec.decode(new Uint8Array([0x91, 0x91, 0x91, 0x01])), { _tag: 'right', right: [[[1]]] });
  const four = codec.decode(new Uint8Array([0x91, 0x91, 0x91, 0x91, 0x01]));
  assert.equal(four._tag, 'left');
  assert.match(
    four._tag === 'left' ? four.left.message : '',
    /^invalid MsgPack data: arrays and maps nest deeper than 3 levels \(at byte 3\)$/,
  );
  assert.equal(four._tag === 'left' ? four.left.expected : '', 'at most 3 levels of nested arrays and maps');
  const maps = codec.decode(new Uint8Array([0x81, 0xa1, 0x61, 0x81, 0xa1, 0x62, 0x81, 0xa1, 0x63, 0x91, 0x01]));
  assert.equal(maps._tag, 'left', 'three maps and an array');
  // Siblings do not add up: [[1], [[2]], [3]] is three levels; array16 and map16 headers count.
  assert.equal(codec.decode(new Uint8Array([0x93, 0x91, 0x01, 0x91, 0x91, 0x02, 0x91, 0x03]))._tag, 'right');
  assert.equal(
    codec.decode(new Uint8Array([0xdc, 0x00, 0x01, 0xde, 0x00, 0x01, 0xa1, 0x6b, 0xdc, 0x00, 0x01, 0x91, 0x05]))._tag,
    'left',
  );
  // Bytes that look like array headers inside a string or binary payload are skipped, not counted.
  const inString = codec.decode(new Uint8Array([0x91, 0xa4, 0x91, 0x91, 0x91, 0x91]));
  assert.deepEqual(inString, { _tag: 'right', right: ['\u0091\u0091\u0091\u0091'] });
  const inBin = codec.decode(new Uint8Array([0x91, 0xc4, 0x04, 0x91, 0x91, 0x91, 0x91]));
  assert.equal(inBin._tag, 'right');
  // The default is 1000 levels; a limit that is not a whole number above zero is refused.
  const byDefault = MessagePackCodec.messagePackCodec(Any);
  assert.equal(byDefault.decode(new Uint8Array([...Array(1000).fill(0x91), 0xc0]))._tag, 'right');
  assert.equal(byDefault.decode(new Uint8Array([...Array(1001).fill(0x91), 0xc0]))._tag, 'left');
  assert.throws(() => MessagePackCodec.messagePackCodec(Any, { maxDepth: 0 }), {
    name: 'RangeError',
    message: 'MessagePackCodec.messagePackCodec: maxDepth must be a whole number above zero, got 0',
  });
});
