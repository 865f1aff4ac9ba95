// kitgen's codecs and the same libraries used directly, on the same records and the same wire
// schema (the IDL kitgen prints, as a hand-written one would be). Each pair is checked to
// produce identical bytes, so the comparison is wrapper against bare library.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type * as Protobuf from 'protobufjs';
import type * as Avsc from 'avsc';
import type * as MsgPack from '@msgpack/msgpack';
import { AvroCodec, Either, MessagePackCodec, ProtobufCodec, ThriftCodec, type BinaryCodec } from '@kitgen/runtime';
import { bigintLongType } from '../../runtime/src/codec/avro/bigLong.ts';
import {
  BlockBounds,
  boundedBlockTypes,
  DEFAULT_MAX_ZERO_BYTE_ITEMS,
} from '../../runtime/src/codec/avro/boundedBlocks.ts';
import { consume, type Job } from './measure.ts';
import { User, type UserValue } from './records.ts';

const require = createRequire(import.meta.url);

/** One format's jobs: kitgen and bare, encode and decode. */
export interface Pair {
  readonly format: string;
  readonly bare: string;
  readonly jobs: readonly Job[];
  readonly note?: string;
}

function kitgenJobs(
  format: string,
  codec: BinaryCodec<UserValue>,
  records: readonly UserValue[],
): { jobs: Job[]; bytes: Uint8Array[] } {
  const bytes = records.map((r) => codec.encode(r));
  for (const [i, b] of bytes.entries()) {
    const back = codec.decode(b);
    assert.ok(Either.isRight(back), `${format} decodes its own bytes`);
    assert.deepStrictEqual(back.right, records[i]);
  }
  return {
    bytes,
    jobs: [
      {
        label: `${format} encode kitgen`,
        ops: records.length,
        run: () => {
          for (const r of records) consume(codec.encode(r).length);
        },
      },
      {
        label: `${format} decode kitgen`,
        ops: records.length,
        run: () => {
          for (const b of bytes) consume(codec.decode(b)._tag.length);
        },
      },
    ],
  };
}

function sameBytes(format: string, kitgen: readonly Uint8Array[], bare: readonly Uint8Array[]): void {
  kitgen.forEach((b, i) =>
    assert.deepStrictEqual(Buffer.from(bare[i]), Buffer.from(b), `${format}: record ${i} encodes to the same bytes`),
  );
}

function protobuf(records: readonly UserValue[]): Pair {
  const codec = ProtobufCodec.protobufCodec(User);
  const pb = require('protobufjs') as typeof Protobuf;
  const type = pb.parse(codec.idl, { keepCase: true }).root.lookupType('User');
  const status = { active: 1, suspended: 2, deleted: 3 } as const;
  // What a protobufjs user hands to encode: enum numbers, int64 as Long, oneof members.
  const messages = records.map((r) => ({
    ...r,
    id: (pb.util.Long as unknown as { fromString(text: string): unknown }).fromString(String(r.id)),
    status: status[r.status],
    contacts: r.contacts.map((c) =>
      c.type === 'Email' ? { email: { address: c.address } } : { phone: { number: c.number, ext: c.ext } },
    ),
  }));
  // What protobufjs's fromObject takes: enum names, int64 as decimal strings.
  const names = { active: 'STATUS_ACTIVE', suspended: 'STATUS_SUSPENDED', deleted: 'STATUS_DELETED' } as const;
  const objects = messages.map((m, i) => ({ ...m, id: String(records[i].id), status: names[records[i].status] }));
  const k = kitgenJobs('protobuf', codec, records);
  const bare = messages.map((m) => type.encode(m).finish());
  sameBytes('protobuf', k.bytes, bare);
  sameBytes(
    'protobuf fromObject',
    k.bytes,
    objects.map((o) => type.encode(type.fromObject(o)).finish()),
  );
  const toObject = { longs: BigInt, enums: String, arrays: true } as unknown as Protobuf.IConversionOptions;
  return {
    format: 'protobuf',
    bare: 'protobufjs reflection (Type.encode / Type.decode)',
    note: 'bare encode takes, and bare decode yields, protobufjs message objects (Long ids, enum numbers, oneof members); "fromObject+encode" and "decode+toObject" are protobufjs\'s own way from and to plain objects',
    jobs: [
      ...k.jobs,
      {
        label: 'protobuf encode bare',
        ops: records.length,
        run: () => {
          for (const m of messages) consume(type.encode(m).finish().length);
        },
      },
      {
        label: 'protobuf fromObject+encode bare',
        ops: records.length,
        run: () => {
          for (const o of objects) consume(type.encode(type.fromObject(o)).finish().length);
        },
      },
      {
        label: 'protobuf decode bare',
        ops: records.length,
        run: () => {
          for (const b of k.bytes) consume(type.decode(b) === null ? 0 : 1);
        },
      },
      {
        label: 'protobuf decode+toObject bare',
        ops: records.length,
        run: () => {
          for (const b of k.bytes) consume(Object.keys(type.toObject(type.decode(b), toObject)).length);
        },
      },
    ],
  };
}

function avro(records: readonly UserValue[]): Pair {
  const codec = AvroCodec.schemaBasedBinaryCodec(User);
  const avsc = require('avsc') as typeof Avsc;
  // avsc's own long stops at 2^53; an exact int64 needs a custom long type, the one kitgen uses.
  const type = avsc.Type.forSchema(codec.avroSchema as Avsc.Schema, {
    registry: { long: bigintLongType(avsc) },
    wrapUnions: 'auto',
  });
  // The same with kitgen's bounded array and map readers only: what the hostile-count check costs.
  const bounded = avsc.Type.forSchema(codec.avroSchema as Avsc.Schema, {
    registry: { long: bigintLongType(avsc) },
    wrapUnions: 'auto',
    typeHook: boundedBlockTypes(avsc, new BlockBounds(DEFAULT_MAX_ZERO_BYTE_ITEMS)),
  });
  const datums = records.map((r) => ({
    ...r,
    nickname: r.nickname ?? null,
    contacts: r.contacts.map((c) => ({ [c.type]: c })),
  }));
  const k = kitgenJobs('Avro', codec, records);
  const bare = datums.map((d) => type.toBuffer(d));
  sameBytes('Avro', k.bytes, bare);
  const buffers = k.bytes.map((b) => Buffer.from(b));
  buffers.forEach((b, i) =>
    assert.deepStrictEqual(type.toBuffer(bounded.fromBuffer(b)), b, `Avro: bounded readers decode record ${i} alike`),
  );
  return {
    format: 'Avro',
    bare: 'avsc (Type.toBuffer / Type.fromBuffer)',
    note: 'bare decode yields avsc Record instances with wrapped union branches and null for absent fields; "bounded decode" is avsc with kitgen\'s bounded array and map readers and nothing else',
    jobs: [
      ...k.jobs,
      {
        label: 'Avro encode bare',
        ops: records.length,
        run: () => {
          for (const d of datums) consume(type.toBuffer(d).length);
        },
      },
      {
        label: 'Avro decode bare',
        ops: records.length,
        run: () => {
          for (const b of buffers) consume(type.fromBuffer(b) === null ? 0 : 1);
        },
      },
      {
        label: 'Avro bounded decode bare',
        ops: records.length,
        run: () => {
          for (const b of buffers) consume(bounded.fromBuffer(b) === null ? 0 : 1);
        },
      },
    ],
  };
}

function msgpack(records: readonly UserValue[]): Pair {
  const codec = MessagePackCodec.messagePackCodec(User);
  const mp = require('@msgpack/msgpack') as typeof MsgPack;
  const encoder = new mp.Encoder({ useBigInt64: true, ignoreUndefined: true });
  const decoder = new mp.Decoder({ useBigInt64: true });
  const k = kitgenJobs('MsgPack', codec, records);
  const bare = records.map((r) => encoder.encode(r));
  sameBytes('MsgPack', k.bytes, bare);
  return {
    format: 'MsgPack',
    bare: '@msgpack/msgpack (Encoder.encode / Decoder.decode)',
    jobs: [
      ...k.jobs,
      {
        label: 'MsgPack encode bare',
        ops: records.length,
        run: () => {
          for (const r of records) consume(encoder.encode(r).length);
        },
      },
      {
        label: 'MsgPack decode bare',
        ops: records.length,
        run: () => {
          for (const b of k.bytes) consume(decoder.decode(b) === null ? 0 : 1);
        },
      },
    ],
  };
}

interface ThriftStruct {
  write(protocol: unknown): void;
  read(protocol: unknown): void;
}

function thrift(records: readonly UserValue[]): Pair | undefined {
  const codec = ThriftCodec.thriftBinaryCodec(User);
  // The bare contestant is what the Thrift compiler generates for Node from the same .thrift.
  const dir = join(new URL('../..', import.meta.url).pathname, '.tmp', 'bench-codecs');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'user.thrift'), codec.idl);
  const generated = spawnSync('thrift', ['--gen', 'js:node', '-out', dir, join(dir, 'user.thrift')], {
    encoding: 'utf8',
  });
  if (generated.status !== 0) return undefined;
  const t = require(join(dir, 'user_types.js')) as Record<string, new (args?: Record<string, unknown>) => ThriftStruct>;
  const lib = require('thrift') as {
    TBinaryProtocol: new (transport: unknown) => unknown;
    TBufferedTransport: {
      new (b: undefined, onFlush: (m: Buffer) => void): { flush(): void };
      receiver(cb: (t: unknown) => void): (data: Buffer) => void;
    };
    fromBigInt(v: bigint): unknown;
  };
  const status = { active: 1, suspended: 2, deleted: 3 } as const;
  const structs = records.map(
    (r) =>
      new t.User({
        ...r,
        id: lib.fromBigInt(r.id),
        status: status[r.status],
        address: new t.Address(r.address),
        contacts: r.contacts.map(
          (c) =>
            new t.Contact(
              c.type === 'Email'
                ? { email: new t.Email({ address: c.address }) }
                : { phone: new t.Phone({ number: c.number, ext: c.ext }) },
            ),
        ),
      }),
  );
  const encode = (s: ThriftStruct): Buffer => {
    let out: Buffer | undefined;
    const transport = new lib.TBufferedTransport(undefined, (m) => {
      out = m;
    });
    s.write(new lib.TBinaryProtocol(transport));
    transport.flush();
    return out!;
  };
  const decode = (b: Buffer): ThriftStruct => {
    const s = new t.User();
    lib.TBufferedTransport.receiver((transport) => s.read(new lib.TBinaryProtocol(transport)))(b);
    return s;
  };
  const k = kitgenJobs('Thrift', codec, records);
  sameBytes('Thrift', k.bytes, structs.map(encode));
  const buffers = k.bytes.map((b) => Buffer.from(b));
  return {
    format: 'Thrift',
    bare: "thrift --gen js:node classes on the thrift package's TBinaryProtocol",
    note: 'bare decode yields generated class instances (node-int64 ids, enum numbers, union objects)',
    jobs: [
      ...k.jobs,
      {
        label: 'Thrift encode bare',
        ops: records.length,
        run: () => {
          for (const s of structs) consume(encode(s).length);
        },
      },
      {
        label: 'Thrift decode bare',
        ops: records.length,
        run: () => {
          for (const b of buffers) consume(decode(b) === null ? 0 : 1);
        },
      },
    ],
  };
}

const builders: Record<string, (records: readonly UserValue[]) => Pair | undefined> = {
  protobuf,
  Avro: avro,
  Thrift: thrift,
  MsgPack: msgpack,
};

/** The pairs of the given formats (all by default); Thrift only when the Thrift compiler is installed. */
export function contestants(records: readonly UserValue[], formats: readonly string[] = Object.keys(builders)): Pair[] {
  return formats
    .map((f) => {
      // `--format avro` as well as `Avro`: the name is matched without case, and an unknown one is named.
      const name = Object.keys(builders).find((b) => b.toLowerCase() === f.toLowerCase());
      if (name === undefined)
        throw new Error(
          `--format: unknown format ${JSON.stringify(f)}; choose from ${Object.keys(builders).join(', ')}`,
        );
      return builders[name](records);
    })
    .filter((p): p is Pair => p !== undefined);
}
