import { withAliases } from '../../codec/body/BodyCodecs.ts';
import { withBodyBoundary } from '../../codec/body/multipartBoundary.ts';
import type { BinaryCodec } from '../../codec/BinaryCodec.ts';
import type { CodecConfig } from '../../codec/json/CodecConfig.ts';
import type { JsonBinaryCodec } from '../../codec/json/JsonCodec.ts';
import { Body } from '../../http/Body.ts';
import { HttpError } from '../../http/HttpError.ts';
import { MediaType } from '../../http/MediaType.ts';
import { contentTypeOf, isJsonMediaType, isMediaRange } from '../../http/mediaTypeRules.ts';
import { Response } from '../../http/Response.ts';
import { Status } from '../../http/Status.ts';
import { isDateSchema } from '../../schema/DateTime.ts';
import { Either } from '../../util/Either.ts';
import { arity, type CodecNode, type ContentNode } from '../CodecNode.ts';
import { HttpErrors } from '../../errors/catalogue.ts';
import { contentCodecs } from '../contentCodecs.ts';
import { fits, whyNotFits } from '../fits.ts';
import { rangeContentType, rangeForAccept } from './rangeContentType.ts';

interface Pending {
  status: number | undefined;
  headers: Array<[string, string]>;
  content: ContentNode | undefined;
  value: unknown;
}

function collect(node: CodecNode, value: unknown, out: Pending): void {
  switch (node.kind) {
    case 'content':
      out.content = node;
      out.value = value;
      if (node.status !== undefined) out.status = node.status;
      return;
    case 'status':
      // A range or default answers with the status the value names (Responses.of checked it is covered).
      out.status = node.range ? (value as number) : node.status;
      return;
    case 'header': {
      if (value === undefined || value === null) return;
      // A Schema.DateTime header is RFC 3339 text, as its parameters are; other Dates keep the HTTP-date form.
      const text = node.headerType
        ? node.headerType.render(value)
        : typeof value === 'string'
          ? value
          : value instanceof Date
            ? isDateSchema(node.schema) && !Number.isNaN(value.getTime())
              ? value.toISOString()
              : value.toUTCString()
            : String(value);
      out.headers.push([node.name, text]);
      return;
    }
    case 'and': {
      // An `and` carrying one value (a body with a status, a header with a status) holds it bare.
      const values = arity(node) === 1 ? [value] : (value as unknown[]);
      let i = 0;
      for (const part of node.parts) {
        const n = arity(part);
        collect(part, n === 0 ? undefined : n === 1 ? values[i] : values.slice(i, i + n), out);
        i += n;
      }
      return;
    }
    case 'or': {
      const e = value as Either<unknown, unknown>;
      if (!Either.is(e)) throw new Error('an output declared with several `out`s must be returned as an Either');
      if (e._tag === 'left') collect(node.left, e.left, out);
      else collect(node.right, e.right, out);
      return;
    }
    case 'union': {
      // The committed reading first (each part of the value checked once); the schema as written
      // only when that finds no output, before the value is called a handler's bug.
      const alt = node.alts.find((a) => fits(a, value)) ?? node.alts.find((a) => fits(a, value, true));
      // The server log says why each output refused it, so the cause is found without a debugger.
      if (!alt) throw new Error(`the returned value matches none of the declared outputs (${whyNotFits(node, value)})`);
      collect(alt, value, out);
      return;
    }
    case 'transform':
      collect(node.inner, node.encode(value), out);
      return;
    case 'query':
    case 'empty':
      return;
  }
}

function isSimpleAccept(accept: string | undefined, offered: readonly string[]): boolean {
  return accept === undefined || accept === '*/*' || accept === offered[0];
}

/**
 * Encodes a handler's output (or a declared failure) into a response: status (the node's, else
 * `defaultStatus`, or 204 with no body), headers, and the body in the media type chosen by
 * `Accept` among the declared ones (406 when none fits).
 */
export function encodeOutput(
  node: CodecNode,
  value: unknown,
  accept: string | undefined,
  config: CodecConfig,
  defaultStatus: number,
): Response {
  const pending: Pending = { status: undefined, headers: [], content: undefined, value: undefined };
  collect(node, value, pending);
  const content = pending.content;
  if (!content)
    return new Response(
      pending.status ?? (defaultStatus === Status.Ok ? Status.NoContent : defaultStatus),
      pending.headers,
    );
  const codecs = contentCodecs(content);
  const offered = codecs.offered;
  // The offered media type as declared, parameters and all (`application/json; charset=utf-8`).
  let mediaType: string;
  if (isSimpleAccept(accept, offered)) mediaType = offered[0];
  else {
    const candidates = withAliases(offered);
    const parsed = candidates.map((o) => MediaType.parse(o) ?? MediaType.application.octetStream);
    const chosen = MediaType.negotiate(accept, parsed);
    const range = chosen || accept === undefined ? undefined : rangeForAccept(offered, accept);
    if (chosen) mediaType = candidates[parsed.indexOf(chosen)];
    else if (range !== undefined) mediaType = range;
    else throw HttpError.of(HttpErrors.NOT_ACCEPTABLE, [offered], { details: { available: offered } });
  }
  const codec = codecs.codec(mediaType, config);
  if (!codec) throw new Error(`no codec for media type ${mediaType}`);
  const status = pending.status ?? defaultStatus;
  // A family range (`image/*`) left in `offered` names no type the schema can tell: the value's does.
  const contentType = isMediaRange(mediaType)
    ? rangeContentType(mediaType, pending.value, accept)
    : contentTypeOf(mediaType);
  let body: Body;
  if (content.stream)
    body = Body.fromStream(codec.streamEncoder(pending.value as AsyncIterable<unknown>), { contentType });
  else if ((mediaType === 'application/json' || isJsonMediaType(mediaType)) && 'encodeToString' in codec) {
    const text: string | undefined = (codec as JsonBinaryCodec<unknown>).encodeToString(pending.value);
    // JSON has no text for `undefined`: a handler that gave no value for a declared body is a
    // server error, named here rather than failing where the bytes are written.
    if (text === undefined) throw new Error(`the handler gave no value for the ${status} response's ${mediaType} body`);
    body = Body.fromString(text, contentType);
  } else {
    const bytes = (codec as BinaryCodec<unknown>).encode(pending.value);
    body = Body.fromBytes(bytes, withBodyBoundary(contentType, bytes));
  }
  return new Response(status, pending.headers, body);
}
