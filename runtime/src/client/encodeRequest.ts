import { contentCodecs } from '../endpoint/contentCodecs.ts';
import { mediaRangeCovers } from '../codec/body/mediaRanges.ts';
import { deepObjectKey, listDelimiter } from '../codec/queryStyle.ts';
import { encodeParameterContent } from '../codec/body/paramContent.ts';
import type { CodecConfig } from '../codec/json/CodecConfig.ts';
import type { JsonBinaryCodec } from '../codec/json/JsonCodec.ts';
import type { AuthType } from '../endpoint/AuthType.ts';
import { leaves, type CodecNode, type ContentNode, type HeaderNode, type QueryNode } from '../endpoint/CodecNode.ts';
import { Header } from '../http/Header.ts';
import { MediaType } from '../http/MediaType.ts';
import {
  encodeMultipart,
  encodeMultipartBytes,
  generateBoundary,
  multipartContentType,
} from '../http/multipart/encodeMultipart.ts';
import { Form } from '../http/multipart/Form.ts';
import { FormField } from '../http/multipart/FormField.ts';
import type { RoutePattern } from '../routing/RoutePattern.ts';
import { contentTypeOf, isJsonMediaType, mediaTypeEssence } from '../http/mediaTypeRules.ts';
import { bytesFormat, isBytesSchema } from '../schema/Bytes.ts';
import { isDateSchema } from '../schema/DateTime.ts';
import type { Secret } from '../util/Secret.ts';
import { toBase64 } from '../util/base64.ts';
import { utf8Text } from '../util/bytes.ts';
import type { RequestValues } from './inputAssignments.ts';

/** Credentials the executor adds for endpoints with `AuthType.Basic` or `AuthType.Bearer`. */
export interface ClientCredentials {
  readonly basic?: { readonly username: string; readonly password: string | Secret };
  readonly bearer?: string | Secret;
}

/** A request ready for `fetch`. */
export interface EncodedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: globalThis.Headers;
  readonly body: string | Uint8Array | ReadableStream<Uint8Array> | undefined;
}

/** What an endpoint's request is built from besides its values. */
export interface RequestContext {
  readonly baseUrl: string;
  readonly config: CodecConfig;
  readonly headers: ReadonlyArray<Readonly<Record<string, string>> | undefined>;
  readonly credentials: ClientCredentials | undefined;
  readonly accept: string | undefined;
}

/** The parts of an endpoint the request encoder reads. */
export interface RequestShape {
  readonly route: RoutePattern<any>;
  readonly output: CodecNode;
  readonly error: CodecNode | undefined;
  readonly authType: AuthType;
}

/** A value that cannot be written as the endpoint describes; the caller names the endpoint. */
export class EncodeFailure extends Error {
  readonly kind: 'encode' | 'credentials';
  constructor(message: string, kind: 'encode' | 'credentials' = 'encode') {
    super(message);
    this.kind = kind;
  }
}

const scalarTypes = new Set(['string', 'integer', 'number', 'boolean', 'bigint', 'null']);

/** Text of one parameter value of `schema`, as the server's `coerceScalar` reads it back. */
export function scalarText(value: unknown, schema?: unknown): string {
  if (typeof value === 'string') return value;
  // An invalid Date has no ISO text; sent as it prints, the server answers 400 naming the input.
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? String(value) : value.toISOString();
  // `format: binary` is the text itself; `byte` (and bytes of no known schema) base64.
  if (value instanceof Uint8Array) return bytesFormat(schema) === 'binary' ? utf8Text(value) : toBase64(value);
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return String(value);
}

/** Adds a query parameter in its style (form/space/pipe-delimited, exploded or not, deepObject). */
function appendQuery(params: URLSearchParams, node: QueryNode, value: unknown, config: CodecConfig): void {
  if (value === undefined) return;
  if (node.mediaType !== undefined) {
    params.append(node.name, contentText(node, value, config));
    return;
  }
  if (value === null) return;
  if (node.style === 'deepObject' && typeof value === 'object') {
    for (const [key, v] of Object.entries(value))
      if (v !== undefined && v !== null) params.append(deepObjectKey(node.name, key), scalarText(v));
    return;
  }
  if (Array.isArray(value)) {
    const items = (node.schema as { items?: unknown }).items;
    const text = (v: unknown) => scalarText(v, items);
    // An empty text is how the server reads an empty list, exploded or not.
    if (value.length === 0) params.append(node.name, '');
    else if (node.explode) for (const v of value) params.append(node.name, text(v));
    else params.append(node.name, value.map(text).join(listDelimiter(node.style)));
    return;
  }
  params.append(node.name, scalarText(value, node.schema));
}

/** The text of a content-described parameter (JSON text for JSON media types), as the server reads it back. */
function contentText(node: QueryNode | HeaderNode, value: unknown, config: CodecConfig): string {
  try {
    return encodeParameterContent(value, node.mediaType!, node.schema, config);
  } catch (error) {
    throw new EncodeFailure(
      `${node.kind === 'query' ? 'query parameter' : node.cookie ? 'cookie' : 'header'} '${node.name}': ${(error as Error).message}`,
    );
  }
}

/**
 * Header text: a typed header renders its value; given as text it is sent as written when it
 * parses as that header (`'Basic …'` for Authorization), else rendered (a bearer token gets `Bearer `).
 */
function headerText(node: HeaderNode, value: unknown, config: CodecConfig): string | undefined {
  if (node.mediaType !== undefined && value !== undefined) return contentText(node, value, config);
  if (value === undefined || value === null) return node.expect;
  if (!node.headerType)
    return Array.isArray(value)
      ? value.map((v) => scalarText(v, (node.schema as { items?: unknown }).items)).join(', ')
      : scalarText(value, node.schema);
  if (typeof value !== 'string') return node.headerType.render(value);
  if (node.headerType.parse(value) !== undefined) return value;
  try {
    const rendered = node.headerType.render(value);
    return typeof rendered === 'string' ? rendered : value;
  } catch {
    return value; // the server answers 400 naming the header
  }
}

/** The media types an endpoint's outputs and errors may come in, for `Accept`. */
export function acceptedMediaTypes(shape: RequestShape): string[] {
  const types = new Set<string>();
  for (const node of [shape.output, shape.error]) {
    if (!node) continue;
    for (const leaf of leaves(node))
      if (leaf.kind === 'content') for (const mt of contentCodecs(leaf).offered) types.add(mt);
  }
  return [...types];
}

/** Picks the request media type of a body: the one a Content-Type input names, else the first declared. */
export function requestMediaType(node: ContentNode, hint: string | undefined): string {
  const { declared, offered } = contentCodecs(node);
  const wanted = hint === undefined ? undefined : MediaType.parse(hint);
  if (wanted) {
    for (const o of declared) {
      const range = MediaType.parse(o);
      if (range && mediaRangeCovers(range, wanted)) return wanted.fullType;
    }
  }
  return offered[0];
}

function toStream(chunks: AsyncIterable<Uint8Array>): ReadableStream<Uint8Array> {
  const it = chunks[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await it.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    async cancel(reason) {
      await it.return?.(reason);
    },
  });
}

function codecFor(mediaType: string, node: ContentNode, config: CodecConfig, what: string) {
  const codec = contentCodecs(node).codec(mediaType, config);
  if (!codec) throw new EncodeFailure(`${what}: no codec for media type ${mediaType}`);
  return codec;
}

function encodeBody(
  node: ContentNode,
  value: unknown,
  config: CodecConfig,
  hint: string | undefined,
): { body: string | Uint8Array | ReadableStream<Uint8Array>; contentType: string } {
  const mediaType = requestMediaType(node, hint);
  const codec = codecFor(mediaType, node, config, 'body');
  const contentType = contentTypeOf(mediaType);
  if (node.stream) return { body: toStream(codec.streamEncoder(value as AsyncIterable<unknown>)), contentType };
  if (value === undefined) throw new EncodeFailure('body: required but missing');
  const json = codec as Partial<JsonBinaryCodec<unknown>>;
  return { body: json.encodeToString ? json.encodeToString(value) : codec.encode(value), contentType };
}

function partField(node: ContentNode, value: unknown, config: CodecConfig): FormField {
  const name = node.name!;
  const schema = node.schema as unknown as Record<string, unknown>;
  const offered = contentCodecs(node).offered;
  if (isBytesSchema(schema)) {
    // A file name makes every multipart reader treat the part as binary, whatever its type.
    return FormField.binaryField(name, value as Uint8Array, offered[0], name);
  }
  // Scalars go as plain text fields, which the server coerces to the schema's type.
  if ((typeof schema.type === 'string' && scalarTypes.has(schema.type)) || isDateSchema(schema))
    return FormField.textField(name, scalarText(value));
  const mediaType = offered[0];
  const codec = codecFor(mediaType, node, config, `multipart part '${name}'`);
  if (node.stream)
    return FormField.streamingBinaryField(name, codec.streamEncoder(value as AsyncIterable<unknown>), mediaType, name);
  const bytes = codec.encode(value);
  if (isJsonMediaType(mediaType) || mediaTypeEssence(mediaType).startsWith('text/')) {
    return FormField.textField(name, utf8Text(bytes), mediaType);
  }
  return FormField.binaryField(name, bytes, mediaType, name);
}

function encodeParts(
  parts: ReadonlyArray<readonly [ContentNode, unknown]>,
  config: CodecConfig,
): { body: Uint8Array | ReadableStream<Uint8Array>; contentType: string } {
  // A part the form does not require is left out when absent; a required one is the caller's mistake.
  for (const [node, v] of parts)
    if (v === undefined && !node.optional)
      throw new EncodeFailure(`multipart part '${node.name}': required but missing`);
  const fields = parts.filter(([, v]) => v !== undefined).map(([node, v]) => partField(node, v, config));
  const form = Form.of(...fields);
  const boundary = generateBoundary();
  const streaming = fields.some((f) => f._tag === 'StreamingBinary');
  return {
    body: streaming ? toStream(encodeMultipart(form, boundary)) : encodeMultipartBytes(form, boundary),
    contentType: multipartContentType(boundary),
  };
}

function authorization(authType: AuthType, credentials: ClientCredentials | undefined): string {
  if (authType === 'Basic' && credentials?.basic)
    return Header.Authorization.render(
      Header.Authorization.Basic(credentials.basic.username, credentials.basic.password),
    );
  if (authType === 'Bearer' && credentials?.bearer !== undefined)
    return Header.Authorization.render(Header.Authorization.Bearer(credentials.bearer));
  // A generated createClient takes `basic`/`bearer` itself; EndpointExecutor.make takes them under `auth`.
  const option =
    authType === 'Basic'
      ? ['`basic: { username, password }`', '`auth: { basic: { username, password } }`']
      : ['`bearer: token`', '`auth: { bearer: token }`'];
  throw new EncodeFailure(
    `the endpoint requires ${authType} credentials; give ${option[0]} to createClient (or ${option[1]} to EndpointExecutor.make)`,
    'credentials',
  );
}

/** Joins a base URL (which may carry a path prefix) and a path. */
export function joinUrl(baseUrl: string, path: string, query: string): string {
  const base = baseUrl.replace(/\/+$/, '');
  return `${base}${path}${query ? `?${query}` : ''}`;
}

/**
 * Writes an endpoint's request from its leaf values, as the server's `decodeInput` reads it:
 * path through the codecs, query parameters in their style, headers, one body in its media type
 * or the named parts as multipart/form-data, `Accept` from the declared outputs and errors.
 */
export function encodeRequest(shape: RequestShape, values: RequestValues, ctx: RequestContext): EncodedRequest {
  const params = shape.route.params;
  values.path.forEach((v, i) => {
    const codec = params[i];
    let text: string | undefined;
    try {
      text = codec.encode(v);
    } catch {
      text = undefined;
    }
    if (text === undefined || codec.decode(text) === undefined)
      throw new EncodeFailure(`path parameter '${codec.name}': expected ${codec.expected}, got ${scalarText(v)}`);
    // Servers canonicalise paths and refuse an encoded `/`, `\` or NUL (kitgen's answers 400).
    if ((!codec.trailing && text.includes('/')) || /[\\\0]/.test(text))
      throw new EncodeFailure(
        `path parameter '${codec.name}': ${JSON.stringify(text)} cannot be sent in a path (no '/', '\\' or NUL inside a segment)`,
      );
  });
  // A value holding the text around it in a mixed segment (`{a}-{b}`, a = "x-y") would be split otherwise by the server.
  const misread = shape.route.hasMixed ? shape.route.misread(values.path as unknown[]) : undefined;
  if (misread !== undefined)
    throw new EncodeFailure(
      `path parameter '${misread}': its value cannot be told apart from the text around it in ${shape.route.openApiPath}`,
    );
  const path = shape.route.format(values.path as unknown[]);
  const query = new URLSearchParams();
  const headers = new globalThis.Headers();
  const setHeader = (name: string, value: string) => {
    try {
      headers.set(name, value);
    } catch {
      throw new EncodeFailure(`header '${name}': not a valid header value`);
    }
  };
  for (const extra of ctx.headers) if (extra) for (const [k, v] of Object.entries(extra)) setHeader(k, v);
  let body: ContentNode | undefined;
  let bodyValue: unknown;
  const parts: Array<readonly [ContentNode, unknown]> = [];
  const cookies: string[] = [];
  for (const [leaf, value] of values.inputs) {
    if (leaf.kind === 'query') appendQuery(query, leaf, value, ctx.config);
    else if (leaf.kind === 'header' && leaf.cookie) {
      // A cookie value cannot hold spaces, quotes, commas, semicolons or backslashes (RFC 6265): escaped.
      const text =
        leaf.mediaType !== undefined && value !== undefined
          ? contentText(leaf, value, ctx.config)
          : value == null
            ? undefined
            : scalarText(value, leaf.schema);
      if (text !== undefined) cookies.push(`${leaf.name}=${encodeURIComponent(text)}`);
    } else if (leaf.kind === 'header') {
      const text = headerText(leaf, value, ctx.config);
      if (text !== undefined) setHeader(leaf.name, text);
    } else if (leaf.name !== undefined) parts.push([leaf, value]);
    else {
      body = leaf;
      bodyValue = value;
    }
  }
  if (cookies.length > 0) {
    const given = headers.get('cookie');
    setHeader('cookie', given ? `${given}; ${cookies.join('; ')}` : cookies.join('; '));
  }
  if (shape.authType !== 'None' && !headers.has('authorization'))
    headers.set('authorization', authorization(shape.authType, ctx.credentials));
  const accept = ctx.accept ?? acceptedMediaTypes(shape).join(', ');
  if (accept && !headers.has('accept')) headers.set('accept', accept);
  let encoded: { body: string | Uint8Array | ReadableStream<Uint8Array>; contentType: string } | undefined;
  // An optional body left out is not sent at all (no Content-Type either).
  if (body && !(body.optional && bodyValue === undefined))
    encoded = encodeBody(body, bodyValue, ctx.config, headers.get('content-type') ?? undefined);
  else if (parts.length > 0) encoded = encodeParts(parts, ctx.config);
  if (encoded) headers.set('content-type', encoded.contentType);
  const method = shape.route.method === '*' ? 'GET' : shape.route.method;
  return { method, url: joinUrl(ctx.baseUrl, path, query.toString()), headers, body: encoded?.body };
}
