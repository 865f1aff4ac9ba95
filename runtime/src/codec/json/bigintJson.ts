import { MAX_INTEGER_DIGITS } from '../../schema/integerFormats.ts';
import { randomHex } from '../../util/randomHex.ts';

// JSON.stringify cannot write a bigint and Node 20 has no JSON.rawJSON, so 64-bit integers are
// written as a placeholder string that is swapped for the digits after stringifying. The nonce
// makes a collision with user text practically impossible. It is made with the first placeholder:
// until then no output can hold one (and the crypto module, ~5 ms of a server's start, stays unloaded).
let nonce: string | undefined;
let marker = '';
let placeholder = /$^/g;

/** The placeholder standing for a bigint in a value about to be stringified. */
export function bigintPlaceholder(value: bigint): string {
  if (nonce === undefined) {
    nonce = randomHex(6);
    marker = `\u0001i64${nonce}:`;
    placeholder = new RegExp(`"\\\\u0001i64${nonce}:(-?\\d+)"`, 'g');
  }
  return marker + value.toString();
}

/** Replaces bigint placeholders in stringified JSON with the exact digits. */
export function restoreBigints(json: string): string {
  return nonce !== undefined && json.includes(nonce) ? json.replace(placeholder, '$1') : json;
}

/**
 * Quotes integer literals too long to survive `JSON.parse` as numbers (beyond 15 digits), so
 * 64-bit fields decode exactly. Strings are skipped; other numbers are left as they are.
 */
export function quoteBigIntegers(text: string): string {
  let out = '';
  let last = 0;
  const n = text.length;
  let i = skip(OTHER, text, 0);
  while (i < n) {
    if (text.charCodeAt(i) === 34 /* " */) {
      i = skip(STRING_RUN, text, i + 1);
      while (i < n && text.charCodeAt(i) === 92 /* \ */) i = skip(STRING_RUN, text, i + 2);
      i = skip(OTHER, text, i + 1);
      continue;
    }
    // A number: `-` or a digit.
    const start = i;
    const sign = text.charCodeAt(i) === 45 /* - */ ? 1 : 0;
    i = skip(DIGITS, text, i + 1);
    const next = text.charCodeAt(i);
    const isInteger = next !== 46 /* . */ && next !== 101 && next !== 69; /* e E */
    const digits = i - start - sign;
    if (isInteger && digits > 15) {
      // Past any 64-bit integer's length the digits are cut to one too many: the value is
      // refused all the same (jsonBigInteger), without JSON.parse copying a mebibyte of them.
      const end = digits > MAX_INTEGER_DIGITS ? start + sign + MAX_INTEGER_DIGITS + 1 : i;
      out += text.slice(last, start) + '"' + text.slice(start, end) + '"';
      last = i;
    } else {
      i = skip(NUMBER_REST, text, i);
    }
    i = skip(OTHER, text, i);
  }
  return last === 0 ? text : out + text.slice(last);
}

// Sticky scanners for quoteBigIntegers: V8 runs a character-class loop several times faster
// than a charCodeAt loop (a mebibyte of digits: ~0.6 ms against ~4.5 ms).
const OTHER = /[^"\-0-9]*/y;
const STRING_RUN = /[^"\\]*/y;
const DIGITS = /[0-9]*/y;
const NUMBER_REST = /[0-9.eE+-]*/y;

/** The index after the run `scanner` matches at `from` (a sticky scanner that cannot fail). */
function skip(scanner: RegExp, text: string, from: number): number {
  if (from >= text.length) return from;
  scanner.lastIndex = from;
  scanner.test(text);
  return scanner.lastIndex;
}

const INTEGER_TEXT = /^-?\d+$/;

/**
 * The bigint a JSON value stands for in a 64-bit integer field (digits, quoted by
 * `quoteBigIntegers` or sent as a string, or a safe number), or undefined. Digit strings longer
 * than any 64-bit integer are refused before `BigInt` sees them: its parse is quadratic, and a
 * million digits would hold the event loop for a quarter of a second. The exact range is the
 * validator's (integer formats).
 */
export function jsonBigInteger(value: unknown): bigint | undefined {
  if (typeof value === 'number') return Number.isInteger(value) ? BigInt(value) : undefined;
  if (typeof value !== 'string') return undefined;
  const digits = value.length - (value.charCodeAt(0) === 45 /* - */ ? 1 : 0);
  if (digits < 1 || digits > MAX_INTEGER_DIGITS || !INTEGER_TEXT.test(value)) return undefined;
  return BigInt(value);
}
