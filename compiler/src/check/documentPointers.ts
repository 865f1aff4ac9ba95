// Reading a published document by JSON pointer, as the contract tester and the mock do: the value
// at a pointer, a `$ref` followed within the document, and the parts of a media type that matter
// when one is compared with another.
import { followRefs, pointerSegment, valueAt } from '../diagnostics/index.ts';

/** A published document, as far as kitgen check and kitgen mock read it. */
export type OpenApiDocument = {
  readonly openapi: string;
  readonly paths?: Record<string, Record<string, unknown>>;
} & Record<string, unknown>;

/** Which side of the wire a value is for: `readOnly` properties are left out of requests, `writeOnly` ones out of responses. */
export type View = 'request' | 'response';

/** One token of a JSON pointer, escaped. */
export const escapePointer = (s: string): string => pointerSegment(s);

/** The value at a JSON pointer of a document (own properties only). */
export const at = (doc: unknown, pointer: string): unknown => valueAt(doc, pointer);

/**
 * The object at `pointer`, its local `$ref`s followed (at most 16: a loop of them is the
 * document's fault); where the chain breaks, the last reference and its place.
 */
export function follow(doc: unknown, pointer: string): { value: Record<string, unknown> | undefined; pointer: string } {
  const end = followRefs(doc, valueAt(doc, pointer), pointer, 16);
  if (!('stop' in end)) return { value: end.value as Record<string, unknown> | undefined, pointer: end.pointer };
  if (end.stop === 'missing') return { value: undefined, pointer: end.target! };
  return { value: valueAt(doc, end.at) as Record<string, unknown> | undefined, pointer: end.at };
}

/** A media type without its parameters, lower case (`application/json; charset=utf-8` → `application/json`). */
export const mediaEssence = (mediaType: string): string => mediaType.split(';')[0].trim().toLowerCase();

/**
 * JSON media types (`application/json`, `…+json`, and `text/json`, JSON's older name that ASP.NET
 * documents list beside it), with or without parameters: as kitgen's model and runtime read them.
 */
export function isJsonMediaType(mediaType: string): boolean {
  const essence = mediaEssence(mediaType);
  return essence === 'application/json' || essence.endsWith('+json') || essence === 'text/json';
}
