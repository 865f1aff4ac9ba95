import type * as Protobuf from 'protobufjs';
import type { TSchema } from 'typebox';
import type { Static } from '../../schema/Schema.ts';
import { MediaType } from '../../http/MediaType.ts';
import { DecodeError } from '../../errors/DecodeError.ts';
import {
  DEFAULT_MAX_ITEM_BYTES,
  decodeChecked,
  decodeFrames,
  toEncodeError,
  type IdlBinaryCodec,
} from '../schemaWalk/codecParts.ts';
import { readFrames, type FrameHeaderReader } from '../schemaWalk/frames.ts';
import { loadPeer } from '../schemaWalk/loadPeer.ts';
import { schemaToGraph } from '../schemaWalk/schemaToGraph.ts';
import { binaryValidatorFor } from '../../schema/validator.ts';
import { decodedValueNeedsCheck } from '../schemaWalk/wireGuarantees.ts';
import { protoEncoder } from './protoConvert.ts';
import { protoReader } from './protoRead.ts';
import { buildProtoModel, printProto } from './protoModel.ts';

/** Options of {@link ProtobufCodec.protobufCodec}. */
export interface ProtobufCodecOptions {
  /** Name of the root message when the schema has no `title`/`$id` (default `Root`). */
  readonly name?: string;
  /** The `.proto` package (default: none). */
  readonly package?: string;
  /** Largest message a stream decoder accepts (default 64 MiB). */
  readonly maxItemBytes?: number;
}

/** A protobuf codec: a {@link IdlBinaryCodec} whose `idl` is a proto3 file. */
export interface ProtobufBinaryCodec<A> extends IdlBinaryCodec<A> {
  /** Fully qualified name of the root message (`protoc --decode=<messageName>`). */
  readonly messageName: string;
}

const FORMAT = 'protobuf';

// The length prefix of a delimited message: a base-128 varint of at most 5 bytes (32 bits).
const varintLength: FrameHeaderReader = (queue, item) => {
  let value = 0;
  for (let i = 0; i < 5; i++) {
    if (i >= queue.length) return undefined;
    const byte = queue.byteAt(i);
    value += (byte & 0x7f) * 2 ** (7 * i);
    if ((byte & 0x80) === 0) return { headerBytes: i + 1, bodyBytes: value };
  }
  throw new DecodeError(
    `corrupt protobuf stream: the length prefix of item ${item} at byte ${queue.consumed} runs past 5 bytes`,
    {
      pointer: `/${item}`,
      expected: 'a varint length prefix',
    },
  );
};

function protobufCodec<T extends TSchema>(
  schema: T,
  options: ProtobufCodecOptions = {},
): ProtobufBinaryCodec<Static<T>> {
  const protobuf = loadPeer<typeof Protobuf>('protobufjs', 'ProtobufCodec.protobufCodec');
  const rootName = options.name ?? 'Root';
  const graph = schemaToGraph(schema, { format: FORMAT, rootName });
  const model = buildProtoModel(graph, rootName);
  const idl = printProto(model, options.package);
  // The codec runs on the very file it prints: what peers compile is what we speak.
  const root = protobuf.parse(idl, { keepCase: true }).root;
  const messageName = options.package === undefined ? model.root.name : `${options.package}.${model.root.name}`;
  const type = root.lookupType(messageName);
  // A root that is not a message travels in a one-field wrapper message; the converters see to it.
  const toWire = protoEncoder(model.root);
  // Skipped when the wire schema and the converters already enforce everything the schema says.
  const validator = decodedValueNeedsCheck(schema) ? binaryValidatorFor(schema) : undefined;
  const maxItemBytes = options.maxItemBytes ?? DEFAULT_MAX_ITEM_BYTES;

  const message = (value: unknown): Protobuf.Message => {
    try {
      return toWire(value) as Protobuf.Message;
    } catch (error) {
      throw toEncodeError(error);
    }
  };
  // Straight from the bytes to plain objects (protoRead.ts), not through protobufjs's messages.
  const read = protoReader(protobuf, model.root);
  const decode = (bytes: Uint8Array) => decodeChecked<Static<T>>(FORMAT, validator, read, bytes);

  return {
    mediaType: MediaType.application.protobuf,
    mediaTypes: [MediaType.application.protobuf, MediaType.of('application/x-protobuf')],
    idl,
    messageName,
    encode: (value) => type.encode(message(value)).finish(),
    decode,
    async *streamEncoder(values) {
      for await (const value of values) yield type.encodeDelimited(message(value)).finish();
    },
    streamDecoder: (bytes) => decodeFrames(readFrames(bytes, varintLength, FORMAT, maxItemBytes), decode),
  };
}

/** The spec's `ProtobufCodec`: protobuf (proto3) codecs derived from schemas, on protobufjs. */
export const ProtobufCodec = {
  /**
   * A protobuf codec for the schema: messages built by reflection from the emitted `.proto`
   * (`codec.idl`); streams are length-delimited messages. Throws a CodecSchemaError naming the
   * schema path for what protobuf cannot express.
   */
  protobufCodec,
} as const;
