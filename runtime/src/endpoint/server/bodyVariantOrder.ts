import { MediaType } from '../../http/MediaType.ts';
import type { Request } from '../../http/Request.ts';
import { mediaRangeCovers } from '../../codec/body/mediaRanges.ts';
import type { CodecNode } from '../CodecNode.ts';

// OpenAPI: "For requests that match multiple keys, only the most specific key is applicable"
// (`text/plain` overrides `text/*`). A body offered as `application/create.extended+json` and as
// `*/*` bytes (Apicurio's registry) is read as the JSON variant when the request says that type,
// and refused when that variant refuses it: the bytes variant must not take `{}` in its place.

// The declared types are the document's (a bounded set) and are read on every request with a body.
const ranges = new Map<string, MediaType | undefined>();
function declaredRange(declared: string): MediaType | undefined {
  if (!ranges.has(declared)) ranges.set(declared, MediaType.parse(declared));
  return ranges.get(declared);
}

/** How closely a declared media type or range covers `type`: the higher the more specific; -1 when it does not. */
function specificity(declared: string, type: MediaType): number {
  const range = declaredRange(declared);
  if (range === undefined || !mediaRangeCovers(range, type)) return -1;
  if (range.mainType === '*') return 0;
  if (range.subType === '*') return 1;
  return range.subType.startsWith('*') ? 2 : 3;
}

/** The media types a body variant declares (a variant of a body with several is a transform around its content). */
function declaredTypes(node: CodecNode): readonly string[] {
  if (node.kind === 'transform') return declaredTypes(node.inner);
  return node.kind === 'content' ? (node.mediaTypes ?? []) : [];
}

/**
 * The index of the body variant the request's Content-Type names most specifically, when another
 * variant covers that type too, only less specifically (a range); undefined otherwise (no
 * Content-Type, one variant covering it, or a tie), where the variants are tried in order.
 */
export function mostSpecificVariant(alts: readonly CodecNode[], request: Request): number | undefined {
  const header = request.headers.get('content-type');
  const type = header === undefined ? undefined : MediaType.parse(header);
  if (type === undefined) return undefined;
  const scores = alts.map((alt) => Math.max(-1, ...declaredTypes(alt).map((d) => specificity(d, type))));
  const best = Math.max(...scores);
  const covering = scores.filter((s) => s >= 0).length;
  if (best < 0 || covering < 2 || scores.filter((s) => s === best).length > 1) return undefined;
  return scores.indexOf(best);
}
