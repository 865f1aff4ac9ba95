import type { BinaryCodec } from '../BinaryCodec.ts';
import { MessagePackCodec } from '../msgpack/MessagePackCodec.ts';
import type { BodyCodecFactory } from './BodyCodecs.ts';

/** The codec of MessagePack bodies (its library, @msgpack/msgpack, loads when the first codec is built). */
export const messagePackBodyCodec: BodyCodecFactory = (schema) =>
  MessagePackCodec.messagePackCodec(schema) as BinaryCodec<unknown>;
