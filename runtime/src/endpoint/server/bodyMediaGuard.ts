import { canonicalMediaType } from '../../codec/body/BodyCodecs.ts';
import { mediaRangeCovers } from '../../codec/body/mediaRanges.ts';
import { MediaType } from '../../http/MediaType.ts';
import { isJsonMediaType } from '../../http/mediaTypeRules.ts';
import type { Request } from '../../http/Request.ts';
import { leaves, type CodecNode, type ContentNode } from '../CodecNode.ts';
import { contentCodecs } from '../contentCodecs.ts';

/** Whether a body node reads `type` (a parsed Content-Type): a declared type or range covers it, or it is JSON where a `+json` type is declared. */
function reads(node: ContentNode, type: MediaType): boolean {
  const canonical = MediaType.parse(canonicalMediaType(type.fullType)) ?? type;
  for (const declared of contentCodecs(node).declared) {
    const range = MediaType.parse(declared);
    if (range && mediaRangeCovers(range, canonical)) return true;
    if (type.fullType === 'application/json' && isJsonMediaType(declared)) return true;
  }
  return false;
}

/**
 * Whether a request's body can be this endpoint's: operations of one method and path told apart
 * by the media type of their body (Azure's `POST /analyze` taking a JSON `{url}` and, as its
 * `#overload=stream`, the image's bytes) each get the requests labelled with a type they read.
 * A request without a Content-Type is any endpoint's (its answer names what is missing), unless
 * it has no body and this endpoint requires one.
 * Undefined when the input has no body, so most routes pay nothing; asked only when several
 * routes share a method and path.
 */
export function bodyMediaGuard(node: CodecNode): ((request: Request) => boolean) | undefined {
  const bodies = leaves(node).filter((l): l is ContentNode => l.kind === 'content');
  if (bodies.length === 0) return undefined;
  const required = bodies.some((b) => !b.optional);
  const multipart = bodies.some((b) => b.name !== undefined);
  return (request) => {
    const header = request.headers.get('content-type');
    const type = header === undefined ? undefined : MediaType.parse(header);
    // No body at all is the request of a sibling that takes none (Azure's bodyless `POST /Evaluate`).
    if (type === undefined) return !(required && request.body.isEmpty);
    // Named parts are a multipart body's: the request is one, whatever the parts' own types.
    return multipart ? type.fullType === 'multipart/form-data' : bodies.some((b) => reads(b, type));
  };
}

/**
 * Whether a request carries no content (a Content-Type alone, as some clients send on every
 * request, is no body): a sibling of operations
 * that take bodies and takes none itself (ContentModerator's `POST …/frames` beside its
 * `#overload=stream` and `#overload=url`) is offered only the requests that carry none.
 */
export function carriesNoBody(request: Request): boolean {
  return request.body.isEmpty;
}

/** Whether an endpoint's input has a body (or multipart parts). */
export function takesBody(node: CodecNode): boolean {
  return leaves(node).some((l) => l.kind === 'content');
}

/** Both guards (either may be absent: always true). */
export function bothGuards(
  a: ((request: Request) => boolean) | undefined,
  b: ((request: Request) => boolean) | undefined,
): ((request: Request) => boolean) | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return (request) => a(request) && b(request);
}
