import type { TSchema } from 'typebox';
import { canonicalMediaType } from '../../codec/body/BodyCodecs.ts';
import { mediaRangeCovers } from '../../codec/body/mediaRanges.ts';
import { coerceParam, coerceScalar } from '../../codec/body/paramCoercion.ts';
import { decodeParameterContent } from '../../codec/body/paramContent.ts';
import { deepObjectProperty } from '../../codec/queryStyle.ts';
import type { CodecConfig } from '../../codec/json/CodecConfig.ts';
import type { BinaryCodec } from '../../codec/BinaryCodec.ts';
import { DecodeError } from '../../errors/DecodeError.ts';
import { HttpError } from '../../http/HttpError.ts';
import { MediaType } from '../../http/MediaType.ts';
import { isJsonMediaType } from '../../http/mediaTypeRules.ts';
import type { Request } from '../../http/Request.ts';
import { Status } from '../../http/Status.ts';
import { validatorFor } from '../../schema/validator.ts';
import { isDateSchema } from '../../schema/DateTime.ts';
import { isBytesSchema } from '../../schema/Bytes.ts';
import { Either } from '../../util/Either.ts';
import type { CodecNode, ContentNode, HeaderNode, QueryNode } from '../CodecNode.ts';
import { contentCodecs, type ContentCodecs } from '../contentCodecs.ts';
import { explodedFormObject, formObjectSchema, queryLayoutOf, unexplodedFormObject } from './formObjectQuery.ts';
import { sharedKeyValues } from './sharedQueryKeys.ts';
import { readMultipartParts, type MultipartParts } from './multipartInput.ts';
import { HttpErrors } from '../../errors/catalogue.ts';

/** Per-request state while decoding inputs. */
export interface InputContext {
  readonly request: Request;
  readonly config: CodecConfig;
  parts?: MultipartParts;
  /** The endpoint's whole input (the first node decoded), whose query names a form-exploded map leaves alone. */
  root?: CodecNode;
}

/** 400 naming where the bad value was and what was expected. */
export function badInput(where: string, name: string, message: string, expected?: string): HttpError {
  return HttpError.of(HttpErrors.BAD_INPUT, [where, name, message], {
    details: { in: where.split(' ')[0], parameter: name, ...(expected ? { expected } : {}) },
  });
}

/**
 * Decodes the values of an input node, in order; fails with an HttpError (400/415) naming the
 * input. Answers synchronously when nothing needs waiting for (no streamed body, no multipart
 * parts): the promise per request and per node showed in the POST benchmark's profile.
 */
export function decodeInput(node: CodecNode, ctx: InputContext): unknown[] | Promise<unknown[]> {
  ctx.root ??= node;
  switch (node.kind) {
    case 'empty':
    case 'status':
      return [];
    case 'query':
      return [node.mediaType === undefined ? decodeQuery(node, ctx) : decodeQueryContent(node, ctx)];
    case 'header':
      return [decodeHeader(node, ctx)];
    case 'content': {
      const value = node.name === undefined ? decodeBody(node, ctx) : decodePart(node, ctx);
      // A decoded value is never a promise (streams are async iterables), so this tells them apart.
      return value instanceof Promise ? value.then((v) => [v]) : [value];
    }
    case 'and':
      return decodeParts(node.parts, 0, [], ctx);
    case 'transform': {
      const inner = decodeInput(node.inner, ctx);
      const finish = (values: unknown[]) => [node.decode(values.length === 1 ? values[0] : values)];
      return inner instanceof Promise ? inner.then(finish) : finish(inner);
    }
    case 'or':
    case 'union':
      return decodeAlternatives(node, ctx);
  }
}

/** The parts of an `and` from index `from` on, appended to `out`; turns async at the first part that waits. */
function decodeParts(
  parts: readonly CodecNode[],
  from: number,
  out: unknown[],
  ctx: InputContext,
): unknown[] | Promise<unknown[]> {
  for (let i = from; i < parts.length; i++) {
    const values = decodeInput(parts[i], ctx);
    if (values instanceof Promise) {
      return values.then((v) => {
        for (const x of v) out.push(x);
        return decodeParts(parts, i + 1, out, ctx);
      });
    }
    for (const x of values) out.push(x);
  }
  return out;
}

async function decodeAlternatives(
  node: Extract<CodecNode, { kind: 'or' | 'union' }>,
  ctx: InputContext,
): Promise<unknown[]> {
  if (node.kind === 'or') {
    try {
      return [Either.left(unwrapValues(await decodeInput(node.left, ctx)))];
    } catch (error) {
      if (!(error instanceof HttpError) || error.status !== Status.BadRequest) throw error;
      return [Either.right(unwrapValues(await decodeInput(node.right, ctx)))];
    }
  }
  const errors: unknown[] = [];
  for (const alt of node.alts) {
    try {
      return [unwrapValues(await decodeInput(alt, ctx))];
    } catch (error) {
      errors.push(error);
    }
  }
  throw unionFailure(errors, ctx.request);
}

const mediaTypeCodes = new Set<string>([
  HttpErrors.CONTENT_TYPE_NOT_ACCEPTED.code,
  HttpErrors.CONTENT_TYPE_REQUIRED.code,
  HttpErrors.NOT_MULTIPART.code,
]);

/**
 * Why no alternative decoded: the failure of one whose media type matched (a body in several
 * media types, Bodies.of), or — when none took the Content-Type — one 415 naming every media
 * type the alternatives accept; otherwise the first failure.
 */
function unionFailure(errors: readonly unknown[], request: Request): unknown {
  const isMediaType = (e: unknown) => e instanceof HttpError && e.code !== undefined && mediaTypeCodes.has(e.code);
  const other = errors.find((e) => !isMediaType(e));
  if (other !== undefined || errors.length === 0) return other ?? errors[0];
  const accepted = [
    ...new Set(errors.flatMap((e) => ((e as HttpError).details?.accepted as string[] | undefined) ?? [])),
  ];
  const header = request.headers.get('content-type');
  const type = header === undefined ? undefined : MediaType.parse(header)?.fullType;
  return type === undefined
    ? HttpError.of(HttpErrors.CONTENT_TYPE_REQUIRED, [accepted], { details: { accepted } })
    : HttpError.of(HttpErrors.CONTENT_TYPE_NOT_ACCEPTED, [type, accepted], { details: { accepted } });
}

function unwrapValues(values: unknown[]): unknown {
  return values.length === 0 ? undefined : values.length === 1 ? values[0] : values;
}

function checked(schema: TSchema, value: unknown, where: string, name: string, raw: string): unknown {
  const failure = validatorFor(schema).firstError(value, '', `${where} '${name}'`);
  if (failure) {
    throw HttpError.of(HttpErrors.INVALID_INPUT, [failure.message, raw], {
      details: { in: where.split(' ')[0], parameter: name, expected: failure.expected },
    });
  }
  return value;
}

function decodeQuery(node: QueryNode, ctx: InputContext): unknown {
  const params = ctx.request.query;
  if (node.style === 'deepObject') {
    const obj: Record<string, unknown> = {};
    const props = ((node.schema as unknown as { properties?: Record<string, TSchema> }).properties ?? {}) as Record<
      string,
      Record<string, unknown>
    >;
    let any = false;
    for (const [key, value] of params) {
      const prop = deepObjectProperty(node.name, key);
      if (prop === undefined || prop === '__proto__') continue;
      obj[prop] = props[prop] ? coerceScalar(props[prop], value) : value;
      any = true;
    }
    if (!any) return missing(node, 'query parameter');
    return checked(node.schema, obj, 'query parameter', node.name, params.toString());
  }
  const raw = params.getAll(node.name);
  const formObject = formObjectSchema(node);
  if (formObject !== undefined) {
    // OpenAPI's form style writes an object as its properties (exploded) or name,value pairs;
    // kitgen's own client sends JSON text under the parameter's name, which is read as before.
    if (raw.length === 0 && node.explode) {
      const obj = explodedFormObject(node, formObject, params, queryLayoutOf(ctx.root ?? node));
      if (obj !== undefined) return checked(node.schema, obj, 'query parameter', node.name, params.toString());
    }
    if (raw.length === 1 && !node.explode) {
      const obj = unexplodedFormObject(formObject, raw[0]);
      if (obj !== undefined) return checked(node.schema, obj, 'query parameter', node.name, raw[0]);
    }
  }
  if (raw.length === 0) return missing(node, 'query parameter');
  if (raw.length === 1 && raw[0] === '' && isFlag(node.schema)) return true;
  // Sent more than once, a name may also be a property of the endpoint's form-exploded objects (EC2's `Value`, `Version`).
  const own =
    raw.length > 1 && node.explode && formObject === undefined
      ? sharedKeyValues(node, node.name, raw, params, queryLayoutOf(ctx.root ?? node))
      : raw;
  if (own.length === 0) return missing(node, 'query parameter');
  return checked(
    node.schema,
    coerceParam(node.schema, own, node.style, node.explode),
    'query parameter',
    node.name,
    own.join(','),
  );
}

/**
 * A query parameter described by `content`: one value, the whole text of its media type
 * (JSON text for JSON), decoded by that media type's codec. Sent twice, it is refused: the
 * document gives one text, and picking one of two would hide a client bug.
 */
function decodeQueryContent(node: QueryNode, ctx: InputContext): unknown {
  const raw = ctx.request.query.getAll(node.name);
  if (raw.length === 0) return missing(node, 'query parameter');
  if (raw.length > 1)
    throw badInput('query parameter', node.name, `sent ${raw.length} times`, `one ${node.mediaType} value`);
  return contentValue(node, raw[0], 'query parameter', ctx);
}

/** The value of a content-described parameter's text, or a 400 naming the parameter and the media type. */
function contentValue(
  node: QueryNode | HeaderNode,
  text: string,
  where: 'query parameter' | 'header' | 'cookie',
  ctx: InputContext,
): unknown {
  const decoded = decodeParameterContent(text, node.mediaType!, node.schema, ctx.config, `${where} '${node.name}'`);
  if (decoded._tag === 'right') return decoded.right;
  const { message, pointer, expected } = decoded.left;
  throw HttpError.of(HttpErrors.INVALID_INPUT, [message, text], {
    details: {
      in: where.split(' ')[0],
      parameter: node.name,
      ...(pointer ? { pointer } : {}),
      expected: expected ?? `${node.mediaType} text`,
    },
  });
}

function missing(node: QueryNode | HeaderNode, where: 'query parameter' | 'header' | 'cookie'): unknown {
  const d = (node.schema as unknown as { default?: unknown }).default;
  if (d !== undefined) return structuredClone(d);
  if (node.optional) return undefined;
  if (node.kind === 'header' && !node.cookie) {
    throw HttpError.of(HttpErrors.MISSING_HEADER, [node.name], {
      details: { in: 'header', parameter: node.name, expected: 'a value' },
    });
  }
  throw badInput(where, node.name, 'required but missing', 'a value');
}

function decodeHeader(node: HeaderNode, ctx: InputContext): unknown {
  const request = ctx.request;
  if (node.cookie) return decodeCookie(node, ctx);
  const text = request.headers.get(node.name);
  if (text === undefined) return missing(node, 'header');
  if (node.mediaType !== undefined) return contentValue(node, text, 'header', ctx);
  if (node.expect !== undefined) {
    const mt = MediaType.parse(text);
    if (!mt || mt.fullType !== node.expect) {
      throw HttpError.of(HttpErrors.WRONG_CONTENT_TYPE_HEADER, [node.expect, text], {
        details: { in: 'header', parameter: 'content-type', expected: node.expect },
      });
    }
    return mt;
  }
  if (node.headerType) {
    const value = node.headerType.parse(text);
    if (value === undefined) throw badInput('header', node.name, 'malformed value', `a valid ${node.name} header`);
    return value;
  }
  if (isListSchema(node.schema))
    return checked(node.schema, coerceParam(node.schema, headerList(text), 'form', true), 'header', node.name, text);
  return checked(
    node.schema,
    coerceScalar(node.schema as unknown as Record<string, unknown>, text),
    'header',
    node.name,
    text,
  );
}

/**
 * A schema whose one value is `true`: a flag, which a query names without a value (S3's
 * `GET /{Bucket}?cors`, declared `{ type: boolean, enum: [true] }` with `allowEmptyValue`). Its
 * empty value can mean nothing else, so it reads as `true`.
 */
export function isFlag(schema: TSchema): boolean {
  const s = schema as unknown as { const?: unknown; enum?: unknown };
  return s.const === true || (Array.isArray(s.enum) && s.enum.length === 1 && s.enum[0] === true);
}

/** An array schema (or one of an array or null): a header's value is then a list. */
function isListSchema(schema: TSchema): boolean {
  const s = schema as unknown as { type?: unknown; anyOf?: ReadonlyArray<{ type?: unknown }> };
  if (s.type === 'array') return true;
  return (
    Array.isArray(s.anyOf) &&
    s.anyOf.some((m) => m.type === 'array') &&
    s.anyOf.every((m) => m.type === 'array' || m.type === 'null')
  );
}

/**
 * The items of a header list: OpenAPI's `simple` style writes an array as `a,b,c`, and HTTP
 * joins a header sent several times the same way (with spaces after the commas, RFC 9110 §5.3),
 * so the items are split on commas and trimmed; an empty value is no item at all.
 */
function headerList(text: string): string[] {
  return text.trim() === '' ? [] : text.split(',').map((item) => item.trim());
}

function decodeCookie(node: HeaderNode, ctx: InputContext): unknown {
  const text = cookieValue(ctx.request.headers.get('cookie'), node.name);
  if (text === undefined) return missing(node, 'cookie');
  if (node.mediaType !== undefined) return contentValue(node, text, 'cookie', ctx);
  return checked(
    node.schema,
    coerceScalar(node.schema as unknown as Record<string, unknown>, text),
    'cookie',
    node.name,
    text,
  );
}

/**
 * The value of cookie `name` in a `Cookie` header (RFC 6265 §5.4: `a=1; b=2`), the first when
 * sent twice; double quotes around it are dropped and percent-escapes decoded, as clients
 * (kitgen's included) escape what a cookie value cannot hold.
 */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (header === undefined) return undefined;
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    if (eq < 0 || pair.slice(0, eq).trim() !== name) continue;
    let value = pair.slice(eq + 1).trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    if (!value.includes('%')) return value;
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}

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
function decodeBody(node: ContentNode, ctx: InputContext): unknown {
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

/** A 400 from a body DecodeError, keeping its pointer. */
export function bodyError(error: DecodeError, name: string): HttpError {
  const message = error.message.startsWith('value')
    ? `${name}${error.message.slice(5)}`
    : error.message.startsWith('body') || error.message.startsWith(name)
      ? error.message
      : `${name}: ${error.message}`;
  return HttpError.of(HttpErrors.BAD_BODY, [message], {
    details: {
      in: 'body',
      ...(error.pointer ? { pointer: error.pointer } : {}),
      ...(error.expected ? { expected: error.expected } : {}),
    },
  });
}

async function decodePart(node: ContentNode, ctx: InputContext): Promise<unknown> {
  ctx.parts ??= await readMultipartParts(ctx.request);
  const part = ctx.parts.get(node.name!);
  if (!part) throw badInput('multipart part', node.name!, 'required but missing', 'a form-data section of that name');
  const codecs = contentCodecs(node);
  const offered = codecs.offered;
  const schema = node.schema as unknown as Record<string, unknown>;
  // An array as repeated parts (OpenAPI's multipart encoding: one part per item), or a single
  // plain-text part of an array of scalars: each item read as the items' scalar.
  const items =
    schema.type === 'array' && typeof schema.items === 'object' && schema.items !== null
      ? (schema.items as Record<string, unknown>)
      : undefined;
  // A lone part that is JSON (by its type, or text holding a JSON array, as clients that send
  // arrays as JSON text do) is read as the whole array.
  const lone = part.all.length === 1;
  const wholeJson =
    lone &&
    (part.contentType ? isJsonMediaType(MediaType.parse(part.contentType)?.fullType ?? '') : isJsonArray(part.text()));
  if (items && items.type !== 'object' && items.type !== 'array' && !wholeJson) {
    const values = part.all.map((p) =>
      isBytesSchema(items) || (items.type === undefined && !isDateSchema(items) && p.contentType)
        ? p.bytes
        : coerceScalar(items, p.text()),
    );
    return checked(node.schema, values, 'multipart part', node.name!, part.text().slice(0, 64));
  }
  // Text parts without their own Content-Type are read as the schema's scalar.
  if (!part.contentType && schema.type !== 'object' && schema.type !== 'array') {
    const value =
      schema.type === undefined && !isDateSchema(schema) && part.bytes ? part.bytes : coerceScalar(schema, part.text());
    return checked(node.schema, value, 'multipart part', node.name!, part.text().slice(0, 64));
  }
  const mt = part.contentType ? (MediaType.parse(part.contentType)?.fullType ?? offered[0]) : offered[0];
  const codec = codecs.codec(mt, ctx.config) ?? codecs.codec(offered[0], ctx.config);
  if (!codec) throw HttpError.of(HttpErrors.PART_TYPE_NOT_ACCEPTED, [node.name!, mt]);
  const result = codec.decode(part.bytes);
  if (result._tag === 'left') throw bodyError(result.left, `multipart part '${node.name}'`);
  return result.right;
}

function isJsonArray(text: string): boolean {
  if (!/^\s*\[/.test(text)) return false;
  try {
    return Array.isArray(JSON.parse(text));
  } catch {
    return false;
  }
}

/** Wrapped for callers that want the DecodeError itself. */
export { DecodeError };
