// Loaded for its effect by the package's main entry (index.ts): a server speaks every binary
// format an endpoint declares, from its first request on. Avro and Thrift need Node (their
// libraries and framing use Buffer and node:zlib), so only this module registers them.
import type { BinaryCodec } from '../BinaryCodec.ts';
import { AvroCodec } from '../avro/AvroCodec.ts';
import { ThriftCodec } from '../thrift/ThriftCodec.ts';
import { registerBodyCodec } from './BodyCodecs.ts';
import { avroMediaTypes, messagePackMediaTypes, protobufMediaTypes, thriftMediaTypes } from './binaryMediaTypes.ts';
import { messagePackBodyCodec } from './messagePackBodyCodec.ts';
import { protobufBodyCodec } from './protobufBodyCodec.ts';

registerBodyCodec(protobufMediaTypes, protobufBodyCodec);
registerBodyCodec(messagePackMediaTypes, messagePackBodyCodec);
registerBodyCodec(avroMediaTypes, (schema) => AvroCodec.schemaBasedBinaryCodec(schema) as BinaryCodec<unknown>);
registerBodyCodec(thriftMediaTypes, (schema) => ThriftCodec.thriftBinaryCodec(schema) as BinaryCodec<unknown>);
