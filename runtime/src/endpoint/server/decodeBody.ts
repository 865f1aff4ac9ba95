import { canonicalMediaType } from '../../codec/body/BodyCodecs.ts';
import { mediaRangeCovers } from '../../codec/body/mediaRanges.ts';
import { coerceScalar } from '../../codec/body/paramCoercion.ts';
import type { BinaryCodec } from '../../codec/BinaryCodec.ts';
import { HttpError } from '../../http/HttpError.ts';
import { MediaType } from '../../http/MediaType.ts';
import { isJsonMediaType } from '../../http/mediaTypeRules.ts';
import type { Request } from '../../http/Request.ts';
import { isDateSchema } from '../../schema/DateTime.ts';
import { isBytesSchema } from '../../schema/Bytes.ts';
import type { ContentNode } from '../CodecNode.ts';
import { contentCodecs, type ContentCodecs } from '../contentCodecs.ts';
import { readMultipartParts } from './multipartInput.ts';
import { HttpErrors } from '../../errors/catalogue.ts';
import type { InputContext } from './decodeInput.ts';
import { badInput, bodyError, checked } from './inputErrors.ts';

/**
 * Picks the media type to read the request's body as: its Content-Type when a declared media
 * type or range covers it (a `+json` type declared takes plain JSON too), the first type the body
 * is sent as when it has none; 415 when nothing declared covers it.
 */
function requestMediaType(codecs: ContentCodecs, request: Request): string {
  const declared = codecs.declared;
  const header = request.headers.get('content-type');
  // The common case (the header is exactly the one declared type) needs no parsing.
  if (
    header !== undefined &&
    header === declared[0] &&
    declared.length === 1 &&
    !header.includes('*') &&
    !header.includes(';')
  )
    return header;
  const mt = header ? MediaType.parse(header) : undefined;
  if (!mt) {
    if (request.body.isEmpty) throw badInput('body', 'body', 'required but missing', declared.join(' or '));
    if (codecs.offered.length === 1) return codecs.offered[0];
    throw HttpError.of(HttpErrors.CONTENT_TYPE_REQUIRED, [declared], { details: { accepted: declared } });
  }
  const type = canonicalMediaType(mt.fullType);
  for (const o of declared) {
    const range = MediaType.parse(o);
    if (range && mediaRangeCovers(range, MediaType.parse(type) ?? mt)) return mt.fullType;
    if (mt.fullType === 'application/json' && isJsonMediaType(o)) return o;
  }
  throw HttpError.of(HttpErrors.CONTENT_TYPE_NOT_ACCEPTED, [mt.fullType, declared], {
    details: { accepted: declared },
  });
}

/** The body's value: at once when the body is in memory (aggregated mode), else once it is read. */
export function decodeBody(node: ContentNode, ctx: InputContext): unknown {
  // An optional body that was not sent (no bytes, whatever Content-Type says) is undefined.
  if (node.optional && ctx.request.body.isEmpty) return undefined;
  const codecs = contentCodecs(node);
  const mediaType = requestMediaType(codecs, ctx.request);
  const codec = codecs.codec(mediaType, ctx.config);
  if (!codec) throw HttpError.of(HttpErrors.NO_CODEC, [mediaType]);
  const body = ctx.request.body;
  if (node.stream) return codec.streamDecoder(body.asStream());
  const source = body.source;
  if (source.kind === 'bytes') return decodeBytes(codec, source.bytes, mediaType);
  if (source.kind === 'empty') return decodeBytes(codec, emptyBytes, mediaType);
  return body.asBytes().then((bytes) => decodeBytes(codec, bytes, mediaType));
}

const emptyBytes = new Uint8Array(0);

function decodeBytes(codec: BinaryCodec<unknown>, bytes: Uint8Array, mediaType: string): unknown {
  if (bytes.byteLength === 0 && isJsonMediaType(mediaType))
    throw badInput('body', 'body', 'required but missing', 'a JSON body');
  const result = codec.decode(bytes);
  if (result._tag === 'left') throw bodyError(result.left, 'body');
  return result.right;
}

/**
 * A named part of a multipart/form-data body, read as OpenAPI's multipart encoding says: an array
 * is one part per item (each a scalar's text, a file, or an object's JSON), a scalar is its text
 * converted to the schema's type (unions of scalars too), an object is its media type's value.
 */
export async function decodePart(node: ContentNode, ctx: InputContext): Promise<unknown> {
  ctx.parts ??= await readMultipartParts(ctx.request, node.formOptional === true);
  const part = ctx.parts.get(node.name!);
  if (!part) {
    // A part the form does not require, not sent, stays absent.
    if (node.optional) return undefined;
    throw badInput('multipart part', node.name!, 'required but missing', 'a form-data section of that name');
  }
  const codecs = contentCodecs(node);
  const offered = codecs.offered;
  const schema = node.schema as unknown as Schema;
  const items = isArraySchema(schema) ? arrayItems(schema) : undefined;
  const seen = part.text().slice(0, 64);
  // A lone part holding a JSON array is the whole array (clients that send arrays as JSON text do).
  if (items !== undefined && !(part.all.length === 1 && isJsonArray(part.text()))) {
    if (!isStructured(items)) {
      const values = part.all.map((p) =>
        isBytesSchema(items) || (isAnything(items) && p.contentType) ? p.bytes : coerceScalar(items, p.text()),
      );
      return checked(node.schema, values, 'multipart part', node.name!, seen);
    }
    // Items that are objects (or lists): each part is one item's JSON text.
    const codec = codecs.codec('application/json', ctx.config) ?? codecs.codec(offered[0], ctx.config);
    if (!codec) throw HttpError.of(HttpErrors.PART_TYPE_NOT_ACCEPTED, [node.name!, 'application/json']);
    const result = codec.decode(utf8.encode(`[${part.all.map((p) => p.text()).join(',')}]`));
    if (result._tag === 'left') throw bodyError(result.left, `multipart part '${node.name}'`);
    return result.right;
  }
  // Text parts without their own Content-Type are read as the schema's scalar; a part of any
  // value at all is its bytes.
  if (!part.contentType && !isStructured(schema)) {
    const value = isAnything(schema) ? part.bytes : coerceScalar(schema, part.text());
    return checked(node.schema, value, 'multipart part', node.name!, seen);
  }
  const mt = part.contentType ? (MediaType.parse(part.contentType)?.fullType ?? offered[0]) : offered[0];
  const codec = codecs.codec(mt, ctx.config) ?? codecs.codec(offered[0], ctx.config);
  if (!codec) throw HttpError.of(HttpErrors.PART_TYPE_NOT_ACCEPTED, [node.name!, mt]);
  const result = codec.decode(part.bytes);
  if (result._tag === 'left') throw bodyError(result.left, `multipart part '${node.name}'`);
  return result.right;
}

type Schema = Record<string, unknown>;
const utf8 = new TextEncoder();
const membersOf = (s: Schema): Schema[] =>
  [s.anyOf, s.oneOf, s.allOf].flatMap((m) => (Array.isArray(m) ? (m as Schema[]) : []));

/** An array, or an array that may be null (`anyOf: [array, null]`). */
function isArraySchema(s: Schema): boolean {
  if (s.type === 'array') return true;
  const members = membersOf(s);
  return members.some((m) => m.type === 'array') && members.every((m) => m.type === 'array' || m.type === 'null');
}

function arrayItems(s: Schema): Schema | undefined {
  const list = s.type === 'array' ? s : membersOf(s).find((m) => m.type === 'array');
  const items = list?.items;
  return typeof items === 'object' && items !== null && !Array.isArray(items) ? (items as Schema) : undefined;
}

/** An object or a list (or a union holding one): a part of it is JSON text, not a scalar's. */
function isStructured(s: Schema): boolean {
  if (s.type === 'object' || s.type === 'array' || s.properties !== undefined || s.items !== undefined) return true;
  return membersOf(s).some(isStructured);
}

/** A schema that says nothing of the value (no type, no members, no literals): its part is bytes. */
function isAnything(s: Schema): boolean {
  return (
    s.type === undefined && !isDateSchema(s) && membersOf(s).length === 0 && s.enum === undefined && !('const' in s)
  );
}

function isJsonArray(text: string): boolean {
  if (!/^\s*\[/.test(text)) return false;
  try {
    return Array.isArray(JSON.parse(text));
  } catch {
    return false;
  }
}
