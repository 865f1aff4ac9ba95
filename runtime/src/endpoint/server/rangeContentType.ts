import { MediaType } from '../../http/MediaType.ts';
import { isMediaRange } from '../../http/mediaTypeRules.ts';
import { sniffMediaType } from '../../http/sniffMediaType.ts';

// A response declared with a family range (`image/*`, `audio/*`: Jellyfin, ElevenLabs, Superset)
// still goes out with one concrete type, as a range is no Content-Type. The truest is the one the
// handler names; then the one the bytes' signature names; then the client's own concrete choice
// inside the range; then the family's most common type, which a client of the range reads.

const named = new WeakMap<Uint8Array, string>();

/** The family's type when neither the handler, the bytes nor the client names one. */
const familyDefault: Readonly<Record<string, string>> = {
  image: 'image/png',
  audio: 'audio/mpeg',
  video: 'video/mp4',
  font: 'font/woff2',
  model: 'model/gltf-binary',
};

/**
 * Names the media type `bytes` are sent as when the response declares a range (`image/*`): the
 * handler returns `withMediaType(bytes, 'image/jpeg')` and the answer's Content-Type is
 * `image/jpeg`. The bytes are returned as they are; the type must lie inside the declared range,
 * or the answer is a 500 (a handler's mistake, not the client's).
 */
export function withMediaType<T extends Uint8Array>(bytes: T, mediaType: string): T {
  if (MediaType.parse(mediaType) === undefined || isMediaRange(mediaType))
    throw new TypeError(`withMediaType: ${JSON.stringify(mediaType)} is no concrete media type`);
  named.set(bytes, mediaType);
  return bytes;
}

/**
 * The Content-Type of a body declared as `range` (a family range such as `audio/*`) holding
 * `value`: the type the handler named with {@link withMediaType}, else the one the bytes'
 * signature names, else the most preferred concrete type of `accept` inside the range, else the
 * family's most common type (`application/octet-stream` for a family without one).
 */
export function rangeContentType(range: string, value: unknown, accept: string | undefined): string {
  const declared = MediaType.parse(range);
  const family = declared?.mainType ?? '*';
  if (value instanceof Uint8Array) {
    const own = named.get(value);
    if (own !== undefined) {
      const mt = MediaType.parse(own);
      if (declared === undefined || mt === undefined || !MediaType.matches(declared, mt))
        throw new Error(`the handler named ${own} for a body declared as ${range}`);
      return own;
    }
    const sniffed = sniffMediaType(value, family);
    if (sniffed !== undefined) return sniffed;
  }
  const asked = declared === undefined ? undefined : acceptedInside(declared, accept);
  return asked ?? familyDefault[family] ?? 'application/octet-stream';
}

/** The concrete media type of `accept` with the highest q that `range` covers, if any. */
function acceptedInside(range: MediaType, accept: string | undefined): string | undefined {
  if (accept === undefined) return undefined;
  let best: string | undefined;
  let bestQ = 0;
  for (const part of accept.split(',')) {
    const mt = MediaType.parse(part);
    if (mt === undefined || mt.subType === '*' || !MediaType.matches(range, mt)) continue;
    const q = mt.parameters.q === undefined ? 1 : Number(mt.parameters.q);
    if (Number.isFinite(q) && q > bestQ) {
      best = mt.fullType;
      bestQ = q;
    }
  }
  return best;
}

/**
 * Among `offered` (as sent, ranges kept where no concrete type stands for them), the first range
 * that covers a concrete type `accept` asks for: `Accept: audio/mpeg` is served by `audio/*`,
 * which plain negotiation (the accepted type covering the offered one) refuses.
 */
export function rangeForAccept(offered: readonly string[], accept: string): string | undefined {
  for (const o of offered) {
    if (!isMediaRange(o)) continue;
    const range = MediaType.parse(o);
    if (range !== undefined && acceptedInside(range, accept) !== undefined) return o;
  }
  return undefined;
}
