import type { BinaryCodec } from '../BinaryCodec.ts';
import { ProtobufCodec } from '../protobuf/ProtobufCodec.ts';
import { registerBodyCodec } from './BodyCodecs.ts';
import { protobufMediaTypes } from './binaryMediaTypes.ts';

/** Serves protobuf bodies (its library, protobufjs, loads when the first codec is built). */
export function registerProtobufBodyCodec(): void {
  registerBodyCodec(protobufMediaTypes, (schema) => ProtobufCodec.protobufCodec(schema) as BinaryCodec<unknown>);
}
