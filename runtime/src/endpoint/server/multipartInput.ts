import { HttpError } from '../../http/HttpError.ts';
import type { Request } from '../../http/Request.ts';
import { HttpErrors } from '../../errors/catalogue.ts';

/** One received multipart section. */
export interface ReceivedPart {
  readonly name: string;
  readonly contentType: string | undefined;
  readonly filename: string | undefined;
  readonly bytes: Uint8Array;
  text(): string;
  /** Every section of this name, in order (the first is this one): an array sent as repeated parts. */
  readonly all: readonly ReceivedPart[];
}

/** The sections of a multipart/form-data body by name (the first of each name). */
export type MultipartParts = ReadonlyMap<string, ReceivedPart>;

const noParts: MultipartParts = new Map();

/**
 * Reads a multipart/form-data request body into its parts (415 for another media type). With
 * `bodilessHasNoParts` (a form that may be left out whole: Budget Insight's `GET /webauth`, whose
 * requestBody OpenAPI's default makes optional), a request with no body and no Content-Type has
 * no parts: each part is then absent, refused only where required.
 */
export async function readMultipartParts(request: Request, bodilessHasNoParts = false): Promise<MultipartParts> {
  const type = request.headers.get('content-type') ?? '';
  if (bodilessHasNoParts && type === '' && request.body.isEmpty) return noParts;
  if (!/^multipart\/form-data\s*;/i.test(type)) {
    throw HttpError.of(HttpErrors.NOT_MULTIPART, [type], { details: { accepted: ['multipart/form-data'] } });
  }
  const form = await request.body.asMultipartForm();
  const parts = new Map<string, ReceivedPart>();
  for (const field of form.fields) {
    if (field._tag === 'StreamingBinary') continue;
    const bytes = field._tag === 'Text' ? new TextEncoder().encode(field.value) : field.data;
    // A text part with the default text/plain type carries no format of its own.
    const declared = field.contentType.fullType;
    const first = parts.get(field.name);
    const part: ReceivedPart = {
      name: field.name,
      contentType: field._tag === 'Text' && declared === 'text/plain' ? undefined : declared,
      filename: field.filename,
      bytes,
      text: () => new TextDecoder().decode(bytes),
      all: [],
    };
    if (first) (first.all as ReceivedPart[]).push(part);
    else {
      (part.all as ReceivedPart[]).push(part);
      parts.set(field.name, part);
    }
  }
  return parts;
}
