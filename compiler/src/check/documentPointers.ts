// Reading a published document by JSON pointer, as the contract tester and the mock do: the value
// at a pointer, a `$ref` followed within the document, and the parts of a media type that matter
// when one is compared with another.

/** A published document, as far as kitgen check and kitgen mock read it. */
export type OpenApiDocument = { readonly openapi: string; readonly paths?: Record<string, Record<string, unknown>> } & Record<string, unknown>;

/** Which side of the wire a value is for: `readOnly` properties are left out of requests, `writeOnly` ones out of responses. */
export type View = 'request' | 'response';

/** One token of a JSON pointer, escaped. */
export const escapePointer = (s: string): string => s.replace(/~/g, '~0').replace(/\//g, '~1');

/** The value at a JSON pointer of a document. */
export function at(doc: unknown, pointer: string): unknown {
  let v = doc;
  for (const t of pointer.split('/').slice(1)) v = (v as Record<string, unknown> | undefined)?.[t.replace(/~1/g, '/').replace(/~0/g, '~')];
  return v;
}

/** The object at `pointer`, its local `$ref`s followed (at most 16: a loop of them is the document's fault). */
export function follow(doc: unknown, pointer: string): { value: Record<string, unknown> | undefined; pointer: string } {
  let value = at(doc, pointer) as Record<string, unknown> | undefined;
  for (let i = 0; i < 16 && typeof value?.$ref === 'string' && value.$ref.startsWith('#'); i++) {
    pointer = decodeURIComponent(value.$ref.slice(1));
    value = at(doc, pointer) as Record<string, unknown> | undefined;
  }
  return { value, pointer };
}

/** A media type without its parameters, lower case (`application/json; charset=utf-8` → `application/json`). */
export const mediaEssence = (mediaType: string): string => mediaType.split(';')[0].trim().toLowerCase();

/** JSON media types (`application/json`, `…+json`), with or without parameters. */
export function isJsonMediaType(mediaType: string): boolean {
  const essence = mediaEssence(mediaType);
  return essence === 'application/json' || essence.endsWith('+json');
}
