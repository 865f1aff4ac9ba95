import type { TSchema } from 'typebox';
import type { BinaryCodec } from '../BinaryCodec.ts';
import type { CodecConfig } from '../json/CodecConfig.ts';
import { JsonCodec } from '../json/JsonCodec.ts';
import { isBytesSchema } from '../../schema/Bytes.ts';
import { bytesCodec, formCodec, textCodec } from './simpleCodecs.ts';
import { ProtobufCodec } from '../protobuf/ProtobufCodec.ts';
import { AvroCodec } from '../avro/AvroCodec.ts';
import { ThriftCodec } from '../thrift/ThriftCodec.ts';
import { MessagePackCodec } from '../msgpack/MessagePackCodec.ts';

/** Makes a codec for a schema under a CodecConfig (JSON uses the config; binary formats may ignore it). */
export type BodyCodecFactory = (schema: TSchema, config: CodecConfig, mediaType: string) => BinaryCodec<unknown>;

const factories = new Map<string, BodyCodecFactory>();
const cache = new WeakMap<object, Map<CodecConfig, Map<string, BinaryCodec<unknown>>>>();

/**
 * Registers a body format for media types (e.g. the binary codecs register
 * `application/protobuf`). Endpoints then serve and accept it where declared.
 */
export function registerBodyCodec(mediaTypes: readonly string[], factory: BodyCodecFactory): void {
  for (const mt of mediaTypes) factories.set(mt.toLowerCase(), factory);
}

registerBodyCodec(['application/json'], (schema, config) => JsonCodec.schemaBasedBinaryCodec(schema, config) as BinaryCodec<unknown>);
registerBodyCodec(['application/x-www-form-urlencoded'], (schema) => formCodec(schema) as BinaryCodec<unknown>);
// The binary formats load their libraries (optional peers) when a codec is first built.
registerBodyCodec(['application/protobuf', 'application/x-protobuf'], (schema) => ProtobufCodec.protobufCodec(schema) as BinaryCodec<unknown>);
registerBodyCodec(['application/avro'], (schema) => AvroCodec.schemaBasedBinaryCodec(schema) as BinaryCodec<unknown>);
registerBodyCodec(['application/vnd.apache.thrift.binary', 'application/x-thrift'], (schema) => ThriftCodec.thriftBinaryCodec(schema) as BinaryCodec<unknown>);
registerBodyCodec(['application/msgpack', 'application/x-msgpack'], (schema) => MessagePackCodec.messagePackCodec(schema) as BinaryCodec<unknown>);

/** Older names clients still send for a format, and the canonical name each stands for. */
const aliases: Readonly<Record<string, string>> = {
  'application/x-protobuf': 'application/protobuf',
  'application/x-msgpack': 'application/msgpack',
  'application/x-thrift': 'application/vnd.apache.thrift.binary',
};

/** The canonical media type for a name (`application/x-protobuf` → `application/protobuf`). */
export function canonicalMediaType(mediaType: string): string {
  return aliases[mediaType] ?? mediaType;
}

/** Declared media types plus the aliases a client may use for them, in order. */
export function withAliases(offered: readonly string[]): string[] {
  const out = [...offered];
  for (const [alias, canonical] of Object.entries(aliases)) if (offered.includes(canonical) && !out.includes(alias)) out.push(alias);
  return out;
}

/** The media types a body of this schema speaks when none are declared: bytes as octet-stream, else JSON. */
export function defaultMediaTypes(schema: TSchema): readonly string[] {
  return isBytesSchema(schema) ? ['application/octet-stream'] : ['application/json'];
}

function factoryFor(mediaType: string, schema: TSchema): BodyCodecFactory | undefined {
  const direct = factories.get(mediaType);
  if (direct) return direct;
  if (mediaType.endsWith('+json')) return factories.get('application/json');
  if (isBytesSchema(schema)) return (_s, _c, mt) => bytesCodec(mt) as BinaryCodec<unknown>;
  if (mediaType.startsWith('text/')) return (s, _c, mt) => textCodec(s, mt) as BinaryCodec<unknown>;
  return undefined;
}

/** The codec for one media type of a body, cached per schema and config; undefined when unknown. */
export function bodyCodecFor(mediaType: string, schema: TSchema, config: CodecConfig): BinaryCodec<unknown> | undefined {
  const mt = mediaType.toLowerCase();
  let byConfig = cache.get(schema);
  if (!byConfig) cache.set(schema, (byConfig = new Map()));
  let byType = byConfig.get(config);
  if (!byType) byConfig.set(config, (byType = new Map()));
  const hit = byType.get(mt);
  if (hit) return hit;
  const factory = factoryFor(mt, schema);
  if (!factory) return undefined;
  const codec = factory(schema, config, mt);
  byType.set(mt, codec);
  return codec;
}
