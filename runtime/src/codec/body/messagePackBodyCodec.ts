import type { BinaryCodec } from '../BinaryCodec.ts';
import { MessagePackCodec } from '../msgpack/MessagePackCodec.ts';
import { registerBodyCodec } from './BodyCodecs.ts';
import { messagePackMediaTypes } from './binaryMediaTypes.ts';

/** Serves MessagePack bodies (its library, @msgpack/msgpack, loads when the first codec is built). */
export function registerMessagePackBodyCodec(): void {
  registerBodyCodec(messagePackMediaTypes, (schema) => MessagePackCodec.messagePackCodec(schema) as BinaryCodec<unknown>);
}
