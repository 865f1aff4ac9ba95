import type { TSchema } from 'typebox';
import type { BinaryCodec } from '../BinaryCodec.ts';
import type { CodecConfig } from '../json/CodecConfig.ts';
import { JsonCodec } from '../json/JsonCodec.ts';
import { isBytesSchema } from '../../schema/Bytes.ts';
import { isJsonMediaType, mediaTypeEssence } from '../../http/mediaTypeRules.ts';
import { bytesCodec, textCodec } from './simpleCodecs.ts';
import { formCodec } from './formCodec.ts';
import { avroMediaTypes, messagePackMediaTypes, protobufMediaTypes, thriftMediaTypes } from './binaryMediaTypes.ts';
import { isMisnamedText, isVendorJsonType } from './mediaFamilies.ts';

/** Makes a codec for a schema under a CodecConfig (JSON uses the config; binary formats may ignore it). */
export type BodyCodecFactory = (schema: TSchema, config: CodecConfig, mediaType: string) => BinaryCodec<unknown>;

const factories = new Map<string, BodyCodecFactory>();
const loaders = new Map<string, () => Promise<void>>();
const cache = new WeakMap<object, Map<CodecConfig, Map<string, BinaryCodec<unknown>>>>();

/**
 * Registers a body format for media types (e.g. the binary codecs register
 * `application/protobuf`). Endpoints then serve and accept it where declared.
 */
export function registerBodyCodec(mediaTypes: readonly string[], factory: BodyCodecFactory): void {
  for (const mt of mediaTypes) factories.set(mt.toLowerCase(), factory);
}

/**
 * Registers how to load the codec of media types on first use (`import()` of a module that calls
 * {@link registerBodyCodec}), for code that must not carry every format: the client in a browser
 * loads a binary format's codec only when an operation it calls declares that format.
 */
export function registerBodyCodecLoader(mediaTypes: readonly string[], load: () => Promise<void>): void {
  let loading: Promise<void> | undefined;
  // A load that failed (a chunk the network did not deliver) is tried again on the next call.
  const once = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  for (const mt of mediaTypes) loaders.set(mt.toLowerCase(), once);
}

/**
 * Loads the codecs of those media types that have a loader and no codec yet; undefined when there
 * is nothing to wait for (every codec is there, as on a server, where the main entry registers all).
 */
export function loadBodyCodecs(mediaTypes: Iterable<string>): Promise<void> | undefined {
  const pending: Array<Promise<void>> = [];
  for (const mediaType of mediaTypes) {
    const mt = mediaType.toLowerCase();
    const load = factories.has(mt) ? undefined : loaders.get(mt);
    if (load) pending.push(load());
  }
  return pending.length === 0 ? undefined : Promise.all(pending).then(() => undefined);
}

registerBodyCodec(
  ['application/json'],
  (schema, config) => JsonCodec.schemaBasedBinaryCodec(schema, config) as BinaryCodec<unknown>,
);
registerBodyCodec(
  ['application/x-www-form-urlencoded'],
  (schema, config) => formCodec(schema, config) as BinaryCodec<unknown>,
);
// The binary formats: the server entry registers all four (binaryBodyCodecs.ts); elsewhere, the two
// that run on web APIs load when first needed. Each loads its library (an optional peer) when its
// first codec is built.
registerBodyCodecLoader(protobufMediaTypes, () =>
  import('./protobufBodyCodec.ts').then((m) => registerBodyCodec(protobufMediaTypes, m.protobufBodyCodec)),
);
registerBodyCodecLoader(messagePackMediaTypes, () =>
  import('./messagePackBodyCodec.ts').then((m) => registerBodyCodec(messagePackMediaTypes, m.messagePackBodyCodec)),
);

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
  for (const [alias, canonical] of Object.entries(aliases))
    if (offered.includes(canonical) && !out.includes(alias)) out.push(alias);
  return out;
}

/** The media types a body of this schema speaks when none are declared: bytes as octet-stream, else JSON. */
export function defaultMediaTypes(schema: TSchema): readonly string[] {
  return isBytesSchema(schema) ? ['application/octet-stream'] : ['application/json'];
}

/** The factory for a media type's essence (`type/subtype`, lower-cased, no parameters). */
/** The binary formats' media types: a body declared as bytes under one of them is carried as the bytes. */
const binaryFormatTypes: ReadonlySet<string> = new Set([
  ...protobufMediaTypes,
  ...messagePackMediaTypes,
  ...avroMediaTypes,
  ...thriftMediaTypes,
]);

function factoryFor(essence: string, schema: TSchema): BodyCodecFactory | undefined {
  // A document that labels a body MessagePack (or protobuf…) without a schema of its value declares
  // bytes: the handler gets the bytes as sent, not a value decoded from them and refused as no bytes.
  if (binaryFormatTypes.has(essence) && isBytesSchema(schema))
    return (_s, _c, mt) => bytesCodec(mt) as BinaryCodec<unknown>;
  const direct = factories.get(essence);
  if (direct) return direct;
  if (isJsonMediaType(essence)) return factories.get('application/json');
  if (isBytesSchema(schema)) return (_s, _c, mt) => bytesCodec(mt) as BinaryCodec<unknown>;
  if (essence.startsWith('text/') || isMisnamedText(essence))
    return (s, _c, mt) => textCodec(s, mt) as BinaryCodec<unknown>;
  // A vendor type naming no syntax of its own (goa's `application/vnd.goa.error`) over a JSON value
  // is JSON labelled with that type; a string schema there is the document's text, not JSON's.
  if (isVendorJsonType(essence) && (schema as { type?: unknown }).type !== 'string')
    return factories.get('application/json');
  return undefined;
}

/**
 * The codec for one media type of a body, cached per schema and config; undefined when unknown.
 * Chosen by the media type's essence: `application/json; charset=utf-8` is JSON.
 */
export function bodyCodecFor(
  mediaType: string,
  schema: TSchema,
  config: CodecConfig,
): BinaryCodec<unknown> | undefined {
  const mt = mediaType.toLowerCase();
  let byConfig = cache.get(schema);
  if (!byConfig) cache.set(schema, (byConfig = new Map()));
  let byType = byConfig.get(config);
  if (!byType) byConfig.set(config, (byType = new Map()));
  const hit = byType.get(mt);
  if (hit) return hit;
  const factory = factoryFor(mediaTypeEssence(mt), schema);
  if (!factory) return undefined;
  const codec = factory(schema, config, mt);
  byType.set(mt, codec);
  return codec;
}
