import type { TSchema } from 'typebox';
import { contentCodecs } from '../endpoint/contentCodecs.ts';
import { mediaRangeCovers } from '../codec/body/mediaRanges.ts';
import { coerceScalar } from '../codec/body/paramCoercion.ts';
import type { CodecConfig } from '../codec/json/CodecConfig.ts';
import type { CodecNode, ContentNode, HeaderNode } from '../endpoint/CodecNode.ts';
import { MediaType } from '../http/MediaType.ts';
import { isJsonMediaType } from '../http/mediaTypeRules.ts';
import { validatorFor } from '../schema/validator.ts';
import { concatBytes } from '../util/bytes.ts';
import { responseShapes, type ResponseShape } from './responseShapes.ts';

/** A response decoded against an endpoint: its value, and whether it is a declared error. */
export interface DecodedResponse {
  readonly value: unknown;
  readonly isError: boolean;
  /** The media type the body was decoded as (undefined without a body). */
  readonly mediaType: string | undefined;
  /** The body bytes (undefined for a streamed or absent body). */
  readonly bytes: Uint8Array | undefined;
  /** The body leaf the value came from. */
  readonly content: ContentNode | undefined;
  /** The decoded body alone (an async iterable for a streamed one), without headers or Either around it. */
  readonly body: unknown;
}

/** Why no declared response fits: an undeclared status, or a declared one that does not decode. */
export class ResponseMismatch extends Error {
  readonly kind: 'status' | 'decode';
  readonly bytes: Uint8Array | undefined;
  constructor(kind: 'status' | 'decode', message: string, bytes: Uint8Array | undefined) {
    super(message);
    this.kind = kind;
    this.bytes = bytes;
  }
}

/** The shapes of an endpoint's outputs (default 200) and errors (default 500), outputs first. */
export interface EndpointShapes {
  readonly outputs: readonly ResponseShape[];
  readonly errors: readonly ResponseShape[];
}

const shapeCache = new WeakMap<object, EndpointShapes>();

/** The response shapes of an endpoint's output and error nodes, computed once per endpoint state. */
export function endpointShapes(state: { output: CodecNode; error: CodecNode | undefined }): EndpointShapes {
  let hit = shapeCache.get(state);
  if (!hit) {
    hit = { outputs: responseShapes(state.output, 200), errors: state.error ? responseShapes(state.error, 500) : [] };
    shapeCache.set(state, hit);
  }
  return hit;
}

/** The declared media type a response's Content-Type stands for (the server's own matching rule). */
function matchMediaType(
  content: ContentNode,
  contentType: MediaType | undefined,
  hasBody: boolean,
): string | undefined {
  const { declared, offered } = contentCodecs(content);
  if (!contentType) return hasBody && offered.length === 1 ? offered[0] : undefined;
  for (const o of declared) {
    const range = MediaType.parse(o);
    if (range && mediaRangeCovers(range, contentType)) return contentType.fullType;
    if (contentType.fullType === 'application/json' && isJsonMediaType(o)) return o;
  }
  return undefined;
}

function decodeHeader(
  node: HeaderNode,
  headers: globalThis.Headers,
): { ok: true; value: unknown } | { ok: false; message: string } {
  const text = headers.get(node.name);
  if (text === null)
    return node.optional
      ? { ok: true, value: undefined }
      : { ok: false, message: `header '${node.name}': required but missing` };
  if (node.expect !== undefined || node.headerType) {
    const value = node.expect !== undefined ? MediaType.parse(text) : node.headerType!.parse(text);
    return value === undefined
      ? { ok: false, message: `header '${node.name}': malformed value '${text}'` }
      : { ok: true, value };
  }
  const value = coerceScalar(node.schema as unknown as Record<string, unknown>, text);
  const failure = validatorFor(node.schema as TSchema).firstError(value, '', `header '${node.name}'`);
  return failure ? { ok: false, message: `${failure.message} (got '${text}')` } : { ok: true, value };
}

async function readBytes(body: ReadableStream<Uint8Array> | null): Promise<Uint8Array> {
  if (!body) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) chunks.push(chunk);
  return concatBytes(chunks);
}

/**
 * Decodes a response as the endpoint describes it, mirroring the server's `encodeOutput`: the
 * shapes declared for its status (outputs before errors) are tried in order; a shape fits when
 * the Content-Type is one of its media types, the body decodes and validates, and its headers
 * parse. The first that fits gives the value (Either for `or`, tuples for `and`, transforms
 * applied). A streamed body is handed over as an async iterable of decoded values. For a HEAD
 * request (`headOnly`) only status and headers are decoded; declared bodies stay undefined.
 */
export async function decodeResponse(
  shapes: EndpointShapes,
  response: globalThis.Response,
  config: CodecConfig,
  headOnly = false,
): Promise<DecodedResponse> {
  const candidates = [
    ...shapes.outputs.filter((s) => s.covers(response.status)).map((shape) => ({ shape, isError: false })),
    ...shapes.errors.filter((s) => s.covers(response.status)).map((shape) => ({ shape, isError: true })),
  ];
  if (candidates.length === 0) {
    const bytes = await readBytes(response.body).catch(() => undefined);
    const declared = [...new Set([...shapes.outputs, ...shapes.errors].map((s) => s.key))].join(', ');
    throw new ResponseMismatch(
      'status',
      `undeclared status ${response.status} (declared: ${declared || 'none'})`,
      bytes,
    );
  }
  const contentTypeText = response.headers.get('content-type');
  const contentType = contentTypeText === null ? undefined : MediaType.parse(contentTypeText);
  const streamed = candidates.find(
    (c) => c.shape.content?.stream && matchMediaType(c.shape.content, contentType, true) !== undefined,
  );
  let bytes: Uint8Array | undefined;
  if (!streamed && !headOnly && candidates.some((c) => c.shape.content)) bytes = await readBytes(response.body);
  const failures: string[] = [];
  for (const { shape, isError } of streamed ? [streamed] : candidates) {
    const values: unknown[] = [];
    let failure: string | undefined;
    let mediaType: string | undefined;
    let body: unknown;
    for (const leaf of shape.leaves) {
      // A HEAD answer carries the GET's headers and never a body (RFC 9110 §9.3.2): the declared
      // body is left undefined rather than decoded from nothing.
      if (leaf.kind === 'status') values.push(response.status);
      else if (headOnly && leaf.kind !== 'header') values.push(undefined);
      else if (leaf.kind === 'header') {
        const h = decodeHeader(leaf, response.headers);
        if (!h.ok) failure = h.message;
        values.push(h.ok ? h.value : undefined);
      } else {
        mediaType = matchMediaType(leaf, contentType, (bytes?.byteLength ?? 1) > 0);
        const codec = mediaType === undefined ? undefined : contentCodecs(leaf).codec(mediaType, config);
        if (!codec) {
          failure = `Content-Type '${contentTypeText ?? 'none'}' is not one of ${contentCodecs(leaf).declared.join(', ')}`;
          values.push(undefined);
        } else if (leaf.stream) {
          body = codec.streamDecoder(
            (response.body ?? (async function* () {})()) as unknown as AsyncIterable<Uint8Array>,
          );
          values.push(body);
        } else {
          const r = codec.decode(bytes ?? new Uint8Array(0));
          if (r._tag === 'left')
            failure = /^(value|body)\b/.test(r.left.message)
              ? r.left.message.replace(/^value\b/, 'body')
              : `body: ${r.left.message}`;
          body = r._tag === 'right' ? r.right : undefined;
          values.push(body);
        }
      }
      if (failure) break;
    }
    if (failure === undefined)
      return { value: shape.build(values), isError, mediaType, bytes, content: shape.content, body };
    failures.push(failure);
  }
  throw new ResponseMismatch('decode', `status ${response.status}: ${[...new Set(failures)].join('; ')}`, bytes);
}
