import { isDeepStrictEqual } from 'node:util';
import { pointerJoin } from '../diagnostics/index.ts';
import { isObject, type DocumentReader, type Json } from './DocumentReader.ts';
import { contentGroups, type ContentGroup } from './mediaTypes.ts';
import type { BodyKind, BodyPart, BodyVariant, RequestBody, ResponseContent } from './Api.ts';
import type { SchemaConverter } from './SchemaConverter.ts';
import type { SchemaNode } from './Schema.ts';

/**
 * Response headers that frame the message or hold for one connection only (RFC 9110 §7.6.1,
 * RFC 9112 §6): the server sets them, as OpenAPI has it set Content-Type. Content-Length stays:
 * the server computes it for a body it holds, and takes a handler's for a stream.
 */
const framingHeaders = new Set([
  'transfer-encoding',
  'connection',
  'keep-alive',
  'te',
  'trailer',
  'upgrade',
  'proxy-connection',
]);

/** A response header as read, before its property name is allocated. */
export interface RawHeader {
  readonly name: string;
  readonly required: boolean;
  readonly schema: SchemaNode;
  readonly description?: string;
}

/** A response as read. */
export interface RawResponse {
  readonly key: string;
  readonly description?: string;
  readonly content?: ResponseContent;
  readonly headers: readonly RawHeader[];
  readonly pointer: string;
}

/**
 * Several shapes become variants. A response's shapes must each be one value (no multipart); a
 * request body's multipart shape is a variant of its own, its parts one object.
 */
const variantsFit = (groups: readonly ContentGroup[], request: boolean) =>
  groups.length > 1 && (request || groups.every((g) => g.kind !== 'multipart'));

/** Each group as a body variant, tagged by its first media type (a multipart one with its parts, when it has any). */
function variantsOf(
  groups: readonly ContentGroup[],
  schemas: SchemaConverter,
  resolve: (n: SchemaNode) => SchemaNode,
  reader: DocumentReader,
): BodyVariant[] {
  return groups.map((g) => {
    const schema = bodySchema(g, schemas, resolve);
    if (g.kind !== 'multipart') return { kind: g.kind, mediaTypes: g.mediaTypes, schema };
    const parts = multipartParts(g, schema, resolve, reader);
    return parts
      ? { kind: g.kind, mediaTypes: g.mediaTypes, schema, parts }
      : { kind: 'binary', mediaTypes: g.mediaTypes, schema: { kind: 'bytes', format: 'binary' } };
  });
}

/** The parts of a multipart body, from its object schema's properties; undefined (with a warning) when it has none. */
function multipartParts(
  group: ContentGroup,
  schema: SchemaNode,
  resolve: (n: SchemaNode) => SchemaNode,
  reader: DocumentReader,
): BodyPart[] | undefined {
  const object = resolve(schema);
  if (object.kind !== 'object' || object.properties.length === 0) {
    reader.diagnostics.warn(
      group.schemaPointer,
      'a multipart body needs an object schema with properties (one per part); it is read as raw bytes',
    );
    return undefined;
  }
  const encoding = isObject(group.media.encoding) ? group.media.encoding : {};
  return object.properties.map((p) => {
    const enc = encoding[p.name];
    const contentType =
      isObject(enc) && typeof enc.contentType === 'string'
        ? enc.contentType
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : undefined;
    return {
      name: p.name,
      schema: p.schema,
      required: p.required,
      ...(contentType && contentType.length > 0 ? { mediaTypes: contentType } : {}),
    };
  });
}

function leftOut(
  groups: readonly ContentGroup[],
  pointer: string,
  reader: DocumentReader,
  what: string,
  request: boolean,
): void {
  if (groups.length <= 1 || variantsFit(groups, request)) return;
  const kept = groups[0].mediaTypes.join(', ');
  const keptSchema = reader.peek(groups[0].schema);
  for (const g of groups.slice(1)) {
    // The same schema in another kind of media type (problem+xml beside problem+json) is left
    // out for its encoding, not its schema: say so, or the warning sends readers to the schemas.
    const why =
      keptSchema !== undefined && isDeepStrictEqual(reader.peek(g.schema), keptSchema)
        ? `has the same schema as ${kept} but is carried as ${kindText[g.kind]}`
        : `has another schema than ${kept}`;
    reader.diagnostics.warn(
      pointerJoin(pointer, g.mediaTypes[0]),
      `${what} ${g.mediaTypes.join(', ')} ${why}; one operation has one body shape, so it is left out`,
    );
  }
}

const kindText: Record<BodyKind, string> = {
  json: 'JSON',
  form: 'a form',
  multipart: 'multipart parts',
  text: 'text',
  binary: 'bytes (no codec for it)',
};

/** The schema a body of this kind has in memory: bytes for media types the runtime has no codec for. */
function bodySchema(group: ContentGroup, schemas: SchemaConverter, resolve: (n: SchemaNode) => SchemaNode): SchemaNode {
  const node = schemas.convert(group.schema, group.schemaPointer);
  if (group.kind === 'binary') {
    // A body is bytes or absent, never `null`: a nullable bytes schema (Getty's `image/jpeg` upload)
    // would leave the body a union no byte codec reads.
    const r = resolve(node);
    return r.kind === 'bytes' && r.nullable !== true ? node : { kind: 'bytes', format: 'binary' };
  }
  if (group.kind === 'text') {
    const r = resolve(node);
    return r.kind === 'string' || r.kind === 'bytes' ? node : { kind: 'string', constraints: {} };
  }
  return node;
}

/**
 * The schema of a response body: a multipart one is the bytes the handler frames (boundary
 * included: the server names it in the Content-Type), since the runtime writes no parts of a
 * response; its parts' schema, when it has one, is not applied (warned).
 */
function responseSchema(
  group: ContentGroup,
  schemas: SchemaConverter,
  resolve: (n: SchemaNode) => SchemaNode,
  reader: DocumentReader,
): SchemaNode {
  if (group.kind !== 'multipart') return bodySchema(group, schemas, resolve);
  const kind = group.schema === undefined ? 'any' : resolve(schemas.convert(group.schema, group.schemaPointer)).kind;
  if (kind !== 'any' && kind !== 'bytes')
    reader.diagnostics.warn(
      group.schemaPointer,
      `a ${group.mediaTypes[0]} response is the handler's bytes, framed by it; the parts' schema is not applied`,
    );
  return { kind: 'bytes', format: 'binary' };
}

/** The request body of an operation, or undefined when it has none. */
export function readRequestBody(
  raw: unknown,
  pointer: string,
  reader: DocumentReader,
  schemas: SchemaConverter,
  resolve: (n: SchemaNode) => SchemaNode,
): RequestBody | undefined {
  if (raw === undefined) return undefined;
  const found = reader.deref(raw, pointer);
  if (!found) return undefined;
  const read = () => requestBodyAt(found.value, found.pointer, reader, schemas, resolve);
  return found.pointer === pointer ? read() : reader.once('requestBody', found.pointer, read);
}

function requestBodyAt(
  value: unknown,
  at: string,
  reader: DocumentReader,
  schemas: SchemaConverter,
  resolve: (n: SchemaNode) => SchemaNode,
): RequestBody | undefined {
  const found = { value, pointer: at };
  if (!isObject(found.value)) {
    reader.diagnostics.error(found.pointer, 'a requestBody must be an object');
    return undefined;
  }
  const body = found.value;
  const groups = contentGroups(body.content, `${found.pointer}/content`, reader);
  if (groups.length === 0) {
    reader.diagnostics.warn(found.pointer, 'the request body has no content; it is left out');
    return undefined;
  }
  leftOut(groups, `${found.pointer}/content`, reader, 'request body', true);
  const base = {
    required: body.required === true,
    ...(typeof body.description === 'string' ? { description: body.description } : {}),
  };
  if (variantsFit(groups, true)) {
    const variants = variantsOf(groups, schemas, resolve, reader);
    return {
      ...base,
      kind: variants[0].kind,
      mediaTypes: variants[0].mediaTypes,
      schema: variants[0].schema,
      variants,
    };
  }
  const group = groups[0];
  const schema = bodySchema(group, schemas, resolve);
  const out: RequestBody = { ...base, kind: group.kind, mediaTypes: group.mediaTypes, schema };
  if (group.kind !== 'multipart') return out;
  const parts = multipartParts(group, schema, resolve, reader);
  return parts ? { ...out, parts } : { ...out, kind: 'binary', schema: { kind: 'bytes', format: 'binary' } };
}

/** The responses of an operation, each with its content (one schema) and headers. */
export function readResponses(
  raw: unknown,
  pointer: string,
  reader: DocumentReader,
  schemas: SchemaConverter,
  resolve: (n: SchemaNode) => SchemaNode,
): RawResponse[] {
  if (!isObject(raw)) {
    reader.diagnostics.error(pointer, 'an operation needs a responses object');
    return [];
  }
  const out: RawResponse[] = [];
  for (const [key, value] of Object.entries(raw)) {
    if (key.startsWith('x-')) continue;
    const at = pointerJoin(pointer, key);
    if (!/^([1-5]\d\d|[1-5]XX|default)$/i.test(key)) {
      reader.diagnostics.error(at, `"${key}" is not a status code, a range like 2XX, or default`);
      continue;
    }
    const found = reader.deref(value, at);
    if (!found || !isObject(found.value)) continue;
    const read = () => responseAt(key, found.value as Json, found.pointer, reader, schemas, resolve);
    out.push(
      found.pointer === at ? read() : { ...reader.once('response', found.pointer, read), key: normaliseKey(key) },
    );
  }
  return out;
}

function normaliseKey(key: string): string {
  return key.toLowerCase() === 'default' ? 'default' : key.toUpperCase();
}

function responseAt(
  key: string,
  r: Json,
  pointer: string,
  reader: DocumentReader,
  schemas: SchemaConverter,
  resolve: (n: SchemaNode) => SchemaNode,
): RawResponse {
  const groups = contentGroups(r.content, `${pointer}/content`, reader);
  leftOut(groups, `${pointer}/content`, reader, `response ${key}`, false);
  const variants = variantsFit(groups, false) ? variantsOf(groups, schemas, resolve, reader) : undefined;
  const content = variants
    ? { mediaTypes: variants[0].mediaTypes, schema: variants[0].schema, variants }
    : groups[0]
      ? { mediaTypes: groups[0].mediaTypes, schema: responseSchema(groups[0], schemas, resolve, reader) }
      : undefined;
  const headers: RawHeader[] = [];
  if (isObject(r.headers)) {
    for (const [name, h] of Object.entries(r.headers)) {
      if (name.toLowerCase() === 'content-type') continue;
      const hAt = pointerJoin(pointer, 'headers', name);
      if (framingHeaders.has(name.toLowerCase())) {
        // Set by a handler, these would contradict how the server frames the body (Transfer-Encoding
        // beside its Content-Length is no HTTP/1.1 message): the server writes them itself.
        reader.diagnostics.warn(
          hAt,
          `response header "${name}" frames the message, which the server does itself; it is left out`,
        );
        continue;
      }
      const header = reader.deref(h, hAt);
      if (!header || !isObject(header.value)) continue;
      const schemaRaw =
        header.value.schema ??
        (isObject(header.value.content)
          ? (Object.values(header.value.content)[0] as { schema?: unknown } | undefined)?.schema
          : undefined);
      headers.push({
        name,
        required: header.value.required === true,
        schema: schemas.convert(schemaRaw ?? { type: 'string' }, `${header.pointer}/schema`),
        ...(typeof header.value.description === 'string' ? { description: header.value.description } : {}),
      });
    }
  }
  return {
    key: normaliseKey(key),
    ...(typeof r.description === 'string' ? { description: r.description } : {}),
    ...(content ? { content } : {}),
    headers,
    pointer,
  };
}
