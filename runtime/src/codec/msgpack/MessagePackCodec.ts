import type * as MsgPack from '@msgpack/msgpack';
import type { TSchema } from 'typebox';
import type { Static } from '../../schema/Schema.ts';
import { MediaType } from '../../http/MediaType.ts';
import {
  DEFAULT_MAX_ITEM_BYTES,
  decodeChecked,
  decodeFrames,
  toEncodeError,
  type SchemaBinaryCodec,
} from '../schemaWalk/codecParts.ts';
import { readFrames } from '../schemaWalk/frames.ts';
import { loadPeer } from '../schemaWalk/loadPeer.ts';
import { schemaToGraph } from '../schemaWalk/schemaToGraph.ts';
import { binaryValidatorFor } from '../../schema/validator.ts';
import { msgpackConverter } from './msgpackConvert.ts';
import { msgpackValueLength } from './msgpackFrames.ts';
import { DEFAULT_MAX_MSGPACK_DEPTH, checkMsgpackDepth } from './msgpackDepth.ts';

/** Options of {@link MessagePackCodec.messagePackCodec}. */
export interface MessagePackCodecOptions {
  /** Largest value a stream decoder accepts (default 64 MiB). */
  readonly maxItemBytes?: number;
  /** Deepest nesting of arrays and maps a value may have (default 1000); deeper ones are refused before decoding. Encoding recurses per level: past ~2,500 levels it may run out of stack. */
  readonly maxDepth?: number;
}

const FORMAT = 'MsgPack';

function messagePackCodec<T extends TSchema>(
  schema: T,
  options: MessagePackCodecOptions = {},
): SchemaBinaryCodec<Static<T>> {
  const msgpack = loadPeer<typeof MsgPack>('@msgpack/msgpack', 'MessagePackCodec.messagePackCodec');
  // The graph is walked for int64 and bytes positions; MsgPack can carry every other schema as is.
  const graph = schemaToGraph(schema, { format: FORMAT, lenient: true });
  const toWire = msgpackConverter(graph.root, false);
  const fromWire = msgpackConverter(graph.root, true);
  const maxItemBytes = options.maxItemBytes ?? DEFAULT_MAX_ITEM_BYTES;
  const maxDepth = options.maxDepth ?? DEFAULT_MAX_MSGPACK_DEPTH;
  if (!Number.isSafeInteger(maxDepth) || maxDepth < 1) {
    throw new RangeError(
      `MessagePackCodec.messagePackCodec: maxDepth must be a whole number above zero, got ${maxDepth}`,
    );
  }
  // Absent optional fields stay absent (not nil); int64/uint64 read as bigint, so no precision is lost.
  // The encoder's own depth limit (100 by default) is the decoder's, so what is read can be written
  // back; the encoder counts the values inside the deepest array or map as one level more.
  const encoder = new msgpack.Encoder({ useBigInt64: true, ignoreUndefined: true, maxDepth: maxDepth + 1 });
  const decoder = new msgpack.Decoder({ useBigInt64: true });
  const validator = binaryValidatorFor(schema);

  const encode = (value: Static<T>): Uint8Array => {
    let wire: unknown = value;
    if (toWire !== null) {
      try {
        wire = toWire(value);
      } catch (error) {
        throw toEncodeError(error);
      }
    }
    return encoder.encode(wire);
  };
  const read = (bytes: Uint8Array): unknown => {
    checkMsgpackDepth(bytes, maxDepth);
    const value = decoder.decode(bytes);
    return fromWire === null ? value : fromWire(value);
  };
  const decode = (bytes: Uint8Array) => decodeChecked<Static<T>>(FORMAT, validator, read, bytes);

  return {
    mediaType: MediaType.application.msgpack,
    mediaTypes: [MediaType.application.msgpack, MediaType.of('application/x-msgpack')],
    encode,
    decode,
    async *streamEncoder(values) {
      for await (const value of values) yield encode(value);
    },
    streamDecoder: (bytes) =>
      decodeFrames(readFrames(bytes, msgpackValueLength(maxItemBytes), FORMAT, maxItemBytes), decode),
  };
}

/** The spec's `MessagePackCodec`: MsgPack codecs derived from schemas, on @msgpack/msgpack. */
export const MessagePackCodec = {
  /**
   * A MsgPack codec for the schema: records are maps keyed by field name, tagged unions carry
   * their tag field, a stream is concatenated values. Decoded values are checked against the schema.
   */
  messagePackCodec,
} as const;
