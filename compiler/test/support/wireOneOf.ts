// Whether an invalid body the server accepted is refused by the document only for matching two or
// more members of a `oneOf`: the referee (ajv) reports that as a `oneOf` error whose
// `passingSchemas` lists the members that matched. kitgen reads `oneOf` as `anyOf` by a recorded
// decision, so such a body is that decision, not a defect (wiremock's delay distributions, nexmo's
// call updates, intellifi's spot sets: `{}` fits every member, none requiring a field).
import type { DocumentReferee } from '../../src/check/documentReferee.ts';
import type { DocumentOperation } from '../../src/check/documentOperations.ts';
import type { RequestParts } from '../../src/check/requests.ts';

/** True when the body of `parts` breaks its schema only by fitting several members of a oneOf. */
export function oneOfOverlap(referee: DocumentReferee, op: DocumentOperation, parts: RequestParts): boolean {
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
  const error = referee.firstError(pointer, 'request', value);
  const passing = (error?.params as { passingSchemas?: unknown } | undefined)?.passingSchemas;
  return error?.keyword === 'oneOf' && Array.isArray(passing) && passing.length >= 2;
}
