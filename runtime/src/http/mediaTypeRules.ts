// Codecs are chosen by a media type's essence, never by its parameters: a body declared as
// `application/json; charset=utf-8` or `application/json; profile="…"` is JSON like any other,
// and `Application/JSON` is `application/json` (media type names are case-insensitive).

/** The essence of a media type: `type/subtype`, lower-cased, without parameters (`application/json; charset=utf-8` → `application/json`). */
export function mediaTypeEssence(mediaType: string): string {
  const semi = mediaType.indexOf(';');
  return (semi < 0 ? mediaType : mediaType.slice(0, semi)).trim().toLowerCase();
}

/**
 * True for JSON media types, whatever their parameters: `application/json`, any `+json`
 * structured suffix (RFC 6839), and `text/json`, the older name ASP.NET documents still list.
 */
export function isJsonMediaType(mediaType: string): boolean {
  const essence = mediaTypeEssence(mediaType);
  return essence === 'application/json' || essence.endsWith('+json') || essence === 'text/json';
}

/** True for a media range (any type, `application/*`): a pattern of media types, which no body is ever labelled with. */
export function isMediaRange(mediaType: string): boolean {
  return mediaTypeEssence(mediaType).includes('*');
}

/** A media type as a Content-Type: text with `charset=utf-8` (text codecs write UTF-8) unless it declares a charset; others as they are. */
export function contentTypeOf(mediaType: string): string {
  return mediaTypeEssence(mediaType).startsWith('text/') && !/;\s*charset=/i.test(mediaType)
    ? `${mediaType}; charset=utf-8`
    : mediaType;
}
