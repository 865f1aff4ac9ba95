import type { BinaryCodec } from '../BinaryCodec.ts';
import { ProtobufCodec } from '../protobuf/ProtobufCodec.ts';
import type { BodyCodecFactory } from './BodyCodecs.ts';

/** The codec of protobuf bodies (its library, protobufjs, loads when the first codec is built). */
export const protobufBodyCodec: BodyCodecFactory = (schema) =>
  ProtobufCodec.protobufCodec(schema) as BinaryCodec<unknown>;
