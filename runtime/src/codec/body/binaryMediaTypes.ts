// The media types of the binary body formats, each format's canonical name first, then the older
// names clients still send (BodyCodecs.ts maps those back to the canonical one).

/** Protobuf (protobufjs). */
export const protobufMediaTypes = ['application/protobuf', 'application/x-protobuf'] as const;
/** Avro (avsc). */
export const avroMediaTypes = ['application/avro'] as const;
/** Thrift's binary protocol (thrift). */
export const thriftMediaTypes = ['application/vnd.apache.thrift.binary', 'application/x-thrift'] as const;
/** MessagePack (@msgpack/msgpack). */
export const messagePackMediaTypes = ['application/msgpack', 'application/x-msgpack'] as const;
