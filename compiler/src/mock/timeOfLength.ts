// A date-time (or time) text stretched to the length its schema bounds: unicourt's documents give
// every date-time `minLength: 25, maxLength: 25`, which `2019-08-24T14:15:22Z` (20 characters)
// misses. The same instant is written longer with fractional seconds or a `+00:00` offset, both
// RFC 3339 forms a date-time format check accepts.

/**
 * `text` (a date-time or time ending in `Z`, without fractional seconds) written with a length
 * between `min` and `max`, or undefined where it does not end so or no such length can be written.
 * A text already within the bounds is returned as it is.
 */
export function timeOfLength(text: string, min = 0, max = Infinity): string | undefined {
  if (text.length >= min && text.length <= max) return text;
  if (!/:\d\dZ$/.test(text)) return undefined;
  const stem = text.slice(0, -1);
  // Lengths beyond the stem: 1 (`Z`), 2+k (`.` k digits `Z`), 6 (`+00:00`), 7+k (`.` k digits `+00:00`).
  let extra = Math.max(min - stem.length, 1);
  if (extra === 2) extra = 3;
  if (stem.length + extra > max) return undefined;
  if (extra === 1) return text;
  if (extra === 6) return `${stem}+00:00`;
  if (extra >= 8) return `${stem}.${'0'.repeat(extra - 7)}+00:00`;
  return `${stem}.${'0'.repeat(extra - 2)}Z`;
}
