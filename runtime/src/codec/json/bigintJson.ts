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
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) {
      i++;
      while (i < n) {
        const d = text.charCodeAt(i);
        if (d === 92 /* \ */) i += 2;
        else if (d === 34) break;
        else i++;
      }
      i++;
      continue;
    }
    if (c === 45 /* - */ || (c >= 48 && c <= 57)) {
      const start = i;
      i++;
      while (i < n && text.charCodeAt(i) >= 48 && text.charCodeAt(i) <= 57) i++;
      const next = text.charCodeAt(i);
      const isInteger = next !== 46 /* . */ && next !== 101 && next !== 69; /* e E */
      const digits = i - start - (c === 45 ? 1 : 0);
      if (isInteger && digits > 15) {
        // Past any 64-bit integer's length the digits are cut to one too many: the value is
        // refused all the same (jsonBigInteger), without JSON.parse copying a mebibyte of them.
        const end = digits > MAX_INTEGER_DIGITS ? start + (c === 45 ? 1 : 0) + MAX_INTEGER_DIGITS + 1 : i;
        out += text.slice(last, start) + '"' + text.slice(start, end) + '"';
        last = i;
      } else {
        while (i < n && /[0-9.eE+-]/.test(text[i])) i++;
      }
      continue;
    }
    i++;
  }
  return last === 0 ? text : out + text.slice(last);
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
