import { DecodeError } from '../../errors/DecodeError.ts';
import { HttpError } from '../../http/HttpError.ts';
import { MediaType } from '../../http/MediaType.ts';
import type { Request } from '../../http/Request.ts';
import { Status } from '../../http/Status.ts';
import { Either } from '../../util/Either.ts';
import type { CodecConfig } from '../../codec/json/CodecConfig.ts';
import type { CodecNode } from '../CodecNode.ts';
import type { MultipartParts } from './multipartInput.ts';
import { HttpErrors } from '../../errors/catalogue.ts';
import { decodeBody, decodePart } from './decodeBody.ts';
import { mostSpecificVariant } from './bodyVariantOrder.ts';
import { decodeHeader, decodeQuery, decodeQueryContent } from './decodeParams.ts';

/** Per-request state while decoding inputs. */
export interface InputContext {
  readonly request: Request;
  readonly config: CodecConfig;
  parts?: MultipartParts;
  /** The endpoint's whole input (the first node decoded), whose query names a form-exploded map leaves alone. */
  root?: CodecNode;
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
  // The variant the Content-Type names most specifically answers for the body: its refusal is
  // the answer, not a cue to try a range's variant (only a media type mismatch moves on).
  const first = mostSpecificVariant(node.alts, ctx.request);
  if (first !== undefined) {
    try {
      return [unwrapValues(await decodeInput(node.alts[first], ctx))];
    } catch (error) {
      if (!isMediaTypeError(error)) throw error;
      errors.push(error);
    }
  }
  for (const [i, alt] of node.alts.entries()) {
    if (i === first) continue;
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
const isMediaTypeError = (e: unknown) => e instanceof HttpError && e.code !== undefined && mediaTypeCodes.has(e.code);

function unionFailure(errors: readonly unknown[], request: Request): unknown {
  const other = errors.find((e) => !isMediaTypeError(e));
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
/** Wrapped for callers that want the DecodeError itself. */
export { DecodeError };
// Parameter and body decoding live beside this file; their helpers are still read from here.
export { badInput, bodyError } from './inputErrors.ts';
export { cookieValue, isFlag } from './decodeParams.ts';
