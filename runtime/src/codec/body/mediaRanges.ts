import type { TSchema } from 'typebox';
import { isBytesSchema } from '../../schema/Bytes.ts';
import { MediaType } from '../../http/MediaType.ts';
import { isMediaRange, mediaTypeEssence } from '../../http/mediaTypeRules.ts';

// A body may be declared with a media range (`*/*`, `application/*`, `text/*`: published documents
// say so for "whatever the server sends"). A range is never a Content-Type: what is sent is one
// concrete type chosen by the schema, and what is received may be any type the range covers, read
// with the codec of that concrete type.

/**
 * The media type a body declared as `declared` is sent as: `declared` itself when it is not a
 * range; for the full range (any type) and `application/*`, `application/octet-stream` for bytes
 * and `application/json` for anything else (the full range sends a string schema as
 * `text/plain`); `text/*` is `text/plain`. Other ranges (`image/*`) name no type a schema can
 * tell, and stay as declared.
 */
export function concreteMediaType(declared: string, schema: TSchema): string {
  if (!isMediaRange(declared)) return declared;
  const essence = mediaTypeEssence(declared);
  const bytes = isBytesSchema(schema);
  const text = !bytes && (schema as { type?: unknown }).type === 'string';
  if (essence === '*/*') return bytes ? 'application/octet-stream' : text ? 'text/plain' : 'application/json';
  if (essence === 'application/*') return bytes ? 'application/octet-stream' : 'application/json';
  if (essence === 'text/*') return 'text/plain';
  // A suffix range (`application/*+json`, ASP.NET's first request type) is sent as plain JSON.
  if (essence.endsWith('/*+json')) return 'application/json';
  return declared;
}

/** True when `range` (a declared media type or range) covers the media type `mediaType` (an essence or a full Content-Type). */
export function rangeCovers(range: string, mediaType: string): boolean {
  const r = MediaType.parse(range);
  const mt = MediaType.parse(mediaType);
  return r !== undefined && mt !== undefined && mediaRangeCovers(r, mt);
}

/** `MediaType.matches`, and suffix ranges too: `application/*+json` covers `application/merge-patch+json`. */
export function mediaRangeCovers(range: MediaType, mt: MediaType): boolean {
  if (MediaType.matches(range, mt)) return true;
  const suffix = range.subType.startsWith('*+') ? range.subType.slice(1) : undefined;
  return (
    suffix !== undefined &&
    (range.mainType === '*' || range.mainType === mt.mainType) &&
    mt.subType.endsWith(suffix) &&
    mt.subType.length > suffix.length
  );
}
