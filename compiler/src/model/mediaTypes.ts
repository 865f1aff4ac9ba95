import { isDeepStrictEqual } from 'node:util';
import { pointerJoin } from '../diagnostics/index.ts';
import { isObject, type DocumentReader, type Json } from './DocumentReader.ts';
import type { BodyKind } from './Api.ts';

/** What a body's schema holds, as far as choosing a media type goes: nothing said, bytes, text, or a JSON value. */
export type SchemaShape = 'none' | 'bytes' | 'string' | 'json';

/**
 * How the runtime carries a media type (chosen by its essence, parameters aside). A media range
 * (any type, `application/*`, `text/*`) is carried as the type the runtime sends its schema as: JSON
 * for a JSON value, bytes for bytes or a schema that says nothing, text for a string under the
 * full range or `text/*`. A vendor type that names no syntax of its own is JSON over a JSON
 * value ({@link isVendorJsonType}); `application/text` and `plain/text` are text.
 */
export function bodyKind(mediaType: string, shape: SchemaShape = 'none'): BodyKind {
  const mt = mediaType.toLowerCase().split(';')[0].trim();
  // `text/json` is JSON's older name, which ASP.NET documents list beside `application/json`.
  if (mt === 'application/json' || mt.endsWith('+json') || mt === 'text/json') return 'json';
  if (mt === 'application/x-www-form-urlencoded') return 'form';
  if (mt.startsWith('multipart/')) return 'multipart';
  if (mt === '*/*' || mt === 'application/*') {
    if (shape === 'json' || (shape === 'string' && mt === 'application/*')) return 'json';
    return shape === 'string' ? 'text' : 'binary';
  }
  if (mt.startsWith('text/') || mt === 'application/text' || mt === 'plain/text') return 'text';
  if (shape === 'json' && isVendorJsonType(mt)) return 'json';
  // Every other type (images, audio, video, `application/octet-stream`, PDF, archives, XML, Office
  // documents) is bytes whatever its schema says: Swagger 2 documents label even their error
  // objects with such a type when the operation `produces` it.
  return 'binary';
}

/**
 * Words of a vendor subtype that name a syntax other than JSON or a binary family. The runtime's
 * copy (runtime/src/codec/body/mediaFamilies.ts) decides the codec; a test holds the two equal.
 */
export const notJsonWords: readonly string[] = [
  'xml',
  'yaml',
  'yml',
  'protobuf',
  'proto',
  'msgpack',
  'thrift',
  'avro',
  'cbor',
  'bson',
  'ndjson',
  'jsonl',
  'jsonlines',
  'seq',
  'zip',
  'gzip',
  'gz',
  'tar',
  'rar',
  '7z',
  'compressed',
  'pdf',
  'ms',
  'openxmlformats',
  'oasis',
  'opendocument',
  'octet',
  'binary',
  'pkcs7',
  'pkcs8',
  'pkcs10',
  'pkcs12',
  'x509',
  'pem',
  'der',
  'javascript',
  'ecmascript',
  'csv',
  'excel',
  'sqlite3',
  'apache',
  'parquet',
  'arrow',
  'wasm',
  'java',
  'android',
  'shockwave',
  'stream',
  'oai',
  'turtle',
  'rdf',
  'n3',
  'ntriples',
  'nquads',
  'trig',
  'sparql',
  'jsonnet',
  'smile',
  'jws',
  'jwt',
  'jose',
];

const notJson = new Set(notJsonWords);

/**
 * True for a vendor media type that names no syntax of its own (`application/vnd.goa.error`,
 * `application/vnd.github.object`, `application/x-…`, `application/prs.…`): a body of such a type
 * whose schema is a JSON value is JSON labelled with that type. `mt` is a lower-cased essence.
 */
export function isVendorJsonType(mt: string): boolean {
  if (!mt.startsWith('application/')) return false;
  const subtype = mt.slice('application/'.length);
  // A structured suffix names the syntax (`+xml`, `+prettyjws`); `+json` ones are JSON already.
  if (subtype.includes('+') && !subtype.startsWith('json+')) return false;
  const words = subtype.split(/[.+-]/);
  if (words.some((w) => notJson.has(w))) return false;
  return words[0] === 'vnd' || words[0] === 'x' || words[0] === 'prs' || words.includes('json');
}

const structureKeys = [
  'type',
  'properties',
  'additionalProperties',
  'items',
  'prefixItems',
  'allOf',
  'oneOf',
  'anyOf',
  'enum',
  'const',
  'not',
];

/** The {@link SchemaShape} of a schema object of the document (its `$ref`s followed). */
export function schemaShape(schema: unknown, reader: DocumentReader): SchemaShape {
  const s = reader.peek(schema);
  if (!isObject(s)) return 'none';
  const types = (Array.isArray(s.type) ? s.type : [s.type]).filter((t) => t !== 'null' && t !== undefined);
  const binary = s.format === 'binary' || s.contentMediaType === 'application/octet-stream';
  if (types.length === 1 && types[0] === 'string') return binary ? 'bytes' : 'string';
  if (types.length === 0 && binary) return 'bytes';
  return structureKeys.some((k) => k in s) ? 'json' : 'none';
}

/** One group of media types of a content map that share a schema. */
export interface ContentGroup {
  kind: BodyKind;
  readonly mediaTypes: string[];
  readonly schema: unknown;
  readonly schemaPointer: string;
  /** The first media type object of the group (multipart `encoding`). */
  readonly media: Json;
}

const kindClass = (k: BodyKind): string => (k === 'json' || k === 'form' ? 'structured' : k);

const preference: Record<BodyKind, number> = { json: 0, multipart: 1, form: 2, text: 3, binary: 4 };

/**
 * Groups a `content` map by schema: JSON and form media types with the same schema share one
 * body (the runtime picks the codec by Content-Type). The group the runtime serves best comes
 * first (JSON, multipart, form, text, binary); the others are reported and left out, since one
 * operation has one body shape.
 */
export function contentGroups(content: unknown, pointer: string, reader: DocumentReader): ContentGroup[] {
  if (!isObject(content)) return [];
  const groups: ContentGroup[] = [];
  for (const [mediaType, mediaRaw] of Object.entries(content)) {
    const at = pointerJoin(pointer, mediaType);
    const media = reader.deref(mediaRaw, at);
    if (!media || !isObject(media.value)) continue;
    const schema = media.value.schema;
    const kind = bodyKind(mediaType, schemaShape(schema, reader));
    // One schema written twice (a $ref here, the same schema inline there) is one schema.
    // Compared quietly: the schema converter reports a reference that ends nowhere, at its own pointer.
    const plain = (v: unknown) => reader.peek(v) ?? v;
    const same = groups.find(
      (g) =>
        kindClass(g.kind) === kindClass(kind) &&
        (isDeepStrictEqual(g.schema, schema) || isDeepStrictEqual(plain(g.schema), plain(schema))),
    );
    if (same) {
      same.mediaTypes.push(mediaType);
      if (kind === 'json') same.kind = 'json';
    } else groups.push({ kind, mediaTypes: [mediaType], schema, schemaPointer: `${at}/schema`, media: media.value });
  }
  return groups.sort((a, b) => preference[a.kind] - preference[b.kind]);
}
