// A text for a string schema with both a `pattern` and a `format`: the pattern's own text may not
// be of the format (OPTIMADE's versioned base URL, `format: uri` with `.+/v[0-1](\.[0-9]+)*/?$`,
// came out as `a/v0.0`, no URI). Where the format is one a referee checks, the text is tried
// again with what the format adds around it (a scheme and host before a path), each candidate
// checked against the pattern, the format and the length bounds.
import formatsModule from 'ajv-formats/dist/formats.js';
import { ecmaPattern, patternSample } from './patternSample.ts';

type FormatCheck = RegExp | ((text: string) => boolean) | { validate: RegExp | ((text: string) => boolean) };
const { fullFormats } = formatsModule as unknown as { fullFormats: Record<string, FormatCheck | undefined> };

/** IRIs, which ajv-formats leaves out (the referee adds its own): a URI is one, so it stands in. */
const standIns: Record<string, string> = { iri: 'uri', 'iri-reference': 'uri-reference' };

/** Whether `text` is of `format` as ajv-formats reads it; a format it does not know takes any text. */
function ofFormat(format: string, text: string): boolean {
  const known = fullFormats[standIns[format] ?? format];
  if (known === undefined || typeof known === 'boolean') return true;
  const check = known instanceof RegExp || typeof known === 'function' ? known : known.validate;
  return check instanceof RegExp ? check.test(text) : check(text);
}

/** What a format adds around a text of a pattern, by format: the text becomes a URL's path. */
const around: Record<string, ReadonlyArray<(text: string) => string>> = {};
for (const f of ['uri', 'url', 'iri', 'uri-reference', 'iri-reference'])
  around[f] = [(t) => `https://example.com/${t}`, (t) => `https://example.com/${t.replace(/^\/+/, '')}`];

/**
 * A text matching `pattern` within the length bounds and, where one can be made, of `format` too;
 * else the pattern's text alone (the referee then says what it breaks), or undefined when the
 * pattern gives none.
 */
export function formattedPatternSample(
  pattern: string,
  format: unknown,
  minLength = 0,
  maxLength = Infinity,
  shift = 0,
): string | undefined {
  const text = patternSample(pattern, minLength, maxLength, shift);
  if (text === undefined || typeof format !== 'string' || ofFormat(format, text)) return text;
  const matches = ecmaPattern(pattern);
  for (const wrap of around[format] ?? []) {
    const candidate = wrap(text);
    if (
      candidate.length >= minLength &&
      candidate.length <= maxLength &&
      matches.test(candidate) &&
      ofFormat(format, candidate)
    )
      return candidate;
  }
  return text;
}
