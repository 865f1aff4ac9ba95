// Whether an invalid body the server accepted is refused by the document only for matching two or
// more members of a `oneOf`. kitgen reads `oneOf` as `anyOf` by a recorded decision, so such a
// body is that decision, not a defect (wiremock's delay distributions, nexmo's call updates,
// intellifi's spot sets: `{}` fits every member, none requiring a field). The referee checks the
// schema's parts one by one: a oneOf two members of which accept the value, and an allOf each of
// whose members accepts it or is such a oneOf.
import { responseKey, type DocumentReferee } from '../../src/check/documentReferee.ts';
import type { DocumentOperation } from '../../src/check/documentOperations.ts';
import { escapePointer, follow, isJsonMediaType, mediaEssence } from '../../src/check/documentPointers.ts';
import type { RequestParts } from '../../src/check/requests.ts';
import { oneOfVerdict } from '../../src/check/oneOfOverlap.ts';

const verdict = oneOfVerdict;

/** True when the body of `parts` breaks its schema only by fitting several members of a oneOf. */
export function oneOfOverlap(
  doc: unknown,
  referee: DocumentReferee,
  op: DocumentOperation,
  parts: RequestParts,
): boolean {
  const body = parts.body;
  if (body === undefined || typeof body.payload !== 'string') return false;
  const pointer = op.body?.media.find((m) => m.mediaType === body.contentType)?.schemaPointer;
  if (pointer === undefined) return false;
  let value: unknown;
  try {
    value = JSON.parse(body.payload);
  } catch {
    return false;
  }
  return verdict(doc, referee, pointer, value, 0) === 'overlap';
}

/** The declared schema a refusal's body is judged by (its status's response, the media type it was sent in), or undefined. */
export function errorSchemaPointer(
  doc: unknown,
  op: DocumentOperation,
  seen: { readonly status: number; readonly contentType?: string },
): string | undefined {
  const key = responseKey(op.responses, seen.status);
  if (key === undefined) return undefined;
  const response = follow(doc, op.responses[key]);
  const content = (response.value as { content?: Record<string, unknown> } | undefined)?.content ?? {};
  const essence = mediaEssence(seen.contentType ?? '');
  const media =
    Object.keys(content).find((m) => mediaEssence(m) === essence) ??
    Object.keys(content).find(isJsonMediaType) ??
    Object.keys(content)[0];
  return media === undefined ? undefined : `${response.pointer}/content/${escapePointer(media)}/schema`;
}

/**
 * True when a refusal's JSON body breaks the declared error schema only by fitting several members
 * of its `oneOf`, members that accept the same values (DigiLocker's four `{error,
 * error_description}` shapes, Dracoon's ErrorResponse and a superset of it with one more optional
 * field): no body with the documented fields fits exactly one, so the document cannot be met.
 */
export function errorOneOfOverlap(
  doc: unknown,
  referee: DocumentReferee,
  op: DocumentOperation,
  seen: { readonly status: number; readonly contentType?: string; readonly text: string },
): boolean {
  const pointer = errorSchemaPointer(doc, op, seen);
  if (pointer === undefined) return false;
  let value: unknown;
  try {
    value = JSON.parse(seen.text);
  } catch {
    return false;
  }
  return verdict(doc, referee, pointer, value, 0, 'response') === 'overlap';
}

/**
 * True when the declared error schema admits no value at all: an `enum` none of whose values its
 * own `type` accepts (Visual Studio's MessageCodes, `type: integer` with texts such as
 * `"10 (RequestedAutoShutdownDelayMinutesIsInvalid)"`).
 */
export function errorSchemaAdmitsNothing(
  doc: unknown,
  referee: DocumentReferee,
  op: DocumentOperation,
  seen: { readonly status: number; readonly contentType?: string },
): boolean {
  const pointer = errorSchemaPointer(doc, op, seen);
  if (pointer === undefined) return false;
  const values = follow(doc, pointer).value?.enum;
  return (
    Array.isArray(values) &&
    values.length > 0 &&
    values.every((v) => referee.check(pointer, 'response', v) !== undefined)
  );
}
