/** A parsed media type such as `application/json; charset=utf-8` (the spec's `MediaType`). */
export interface MediaType {
  /** `type/subtype`, lower-case, without parameters. */
  readonly fullType: string;
  readonly mainType: string;
  readonly subType: string;
  /** Parameters with lower-case names (`charset`, `boundary`, …). */
  readonly parameters: Readonly<Record<string, string>>;
}

function make(fullType: string, parameters: Record<string, string> = {}): MediaType {
  const [mainType, subType = ''] = fullType.split('/');
  return { fullType, mainType, subType, parameters };
}

/** Media types by name, plus parsing, rendering and `Accept` negotiation. */
export const MediaType = {
  application: {
    json: make('application/json'),
    octetStream: make('application/octet-stream'),
    xWwwFormUrlencoded: make('application/x-www-form-urlencoded'),
    ndjson: make('application/x-ndjson'),
    protobuf: make('application/protobuf'),
    msgpack: make('application/msgpack'),
  },
  text: {
    plain: make('text/plain'),
    html: make('text/html'),
    css: make('text/css'),
    javascript: make('text/javascript'),
  },
  multipart: {
    formData: make('multipart/form-data'),
  },
  any: make('*/*'),

  /** Builds a media type from `type/subtype` and optional parameters. */
  of(fullType: string, parameters: Record<string, string> = {}): MediaType {
    return make(fullType.toLowerCase(), parameters);
  },

  /**
   * Parses a Content-Type style value `type/subtype[; name=value]*`; undefined when it is not
   * one. Quoted values may hold `;` and backslash escapes; names are lower-cased.
   */
  parse(text: string): MediaType | undefined {
    const semi = text.indexOf(';');
    const fullType = (semi < 0 ? text : text.slice(0, semi)).trim().toLowerCase();
    const slash = fullType.indexOf('/');
    if (slash < 0) return undefined;
    const main = fullType.slice(0, slash);
    const sub = fullType.slice(slash + 1);
    if (!tokenPattern.test(main) || !tokenPattern.test(sub) || (main === '*' && sub !== '*')) return undefined;
    const parameters = semi < 0 ? {} : parseParameters(text, semi);
    return parameters && make(fullType, parameters);
  },

  /** Renders `type/subtype; k=v` (values quoted when they are not tokens). */
  render(mt: MediaType): string {
    let out = mt.fullType;
    for (const [k, v] of Object.entries(mt.parameters)) {
      out += `; ${k}=${tokenPattern.test(v) ? v : `"${v.replace(/["\\]/g, '\\$&')}"`}`;
    }
    return out;
  },

  /** True when `range` (which may hold `*`) covers `mt`. */
  matches(range: MediaType, mt: MediaType): boolean {
    if (range.mainType === '*') return true;
    if (range.mainType !== mt.mainType) return false;
    if (range.subType === '*') return true;
    if (range.subType === mt.subType) return true;
    // `application/json` covers `application/problem+json` style suffixes only one way.
    return false;
  },

  /**
   * Picks the best of `offered` for an `Accept` header (RFC 9110 §12.5.1): highest q, then most
   * specific range, then the order offered. No header means the first offered; no match → undefined.
   */
  negotiate(accept: string | undefined, offered: readonly MediaType[]): MediaType | undefined {
    if (offered.length === 0) return undefined;
    if (accept === undefined || accept.trim() === '') return offered[0];
    const ranges = parseAccept(accept);
    let best: MediaType | undefined;
    let bestQ = 0;
    let bestSpec = -1;
    for (const mt of offered) {
      let q = -1;
      let spec = -1;
      for (const r of ranges) {
        if (!MediaType.matches(r.type, mt)) continue;
        const s = r.type.mainType === '*' ? 0 : r.type.subType === '*' ? 1 : 2;
        if (s > spec) {
          spec = s;
          q = r.q;
        }
      }
      if (q > bestQ || (q === bestQ && q > 0 && spec > bestSpec)) {
        best = mt;
        bestQ = q;
        bestSpec = spec;
      }
    }
    return bestQ > 0 ? best : undefined;
  },
} as const;

const tokenPattern = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

const SEMI = 0x3b;
const EQUALS = 0x3d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const isSpace = (c: number): boolean => c === 0x20 || c === 0x09;

/** RFC 9110 `tchar`s by character code (the characters of `tokenPattern`). */
const TOKEN_CHARS = new Uint8Array(128);
for (const c of "!#$%&'*+.^_`|~-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
  TOKEN_CHARS[c.charCodeAt(0)] = 1;

/** Where the last quoted value read by {@link readQuoted} ended (just past its closing quote). */
let quotedEnd = 0;

/**
 * Parses `; name=value` pairs from `start` (at a `;`); undefined on an unterminated quote or
 * garbage. One forward pass: every character is looked at a bounded number of times, so a
 * header of a few MiB (`max-header-size` raised) parses in linear time, however it is shaped.
 */
function parseParameters(text: string, start: number): Record<string, string> | undefined {
  const parameters: Record<string, string> = {};
  let i = start;
  const n = text.length;
  while (i < n) {
    while (i < n && isSpace(text.charCodeAt(i))) i++;
    if (i >= n) break;
    if (text.charCodeAt(i) !== SEMI) return undefined;
    i++;
    while (i < n && isSpace(text.charCodeAt(i))) i++;
    if (i >= n) break; // a trailing `;` is harmless
    // The name runs to the first `=`; a `;` (or the end) before any `=` means no value. On the
    // way: where the name ends (spaces may follow it), whether it is a token, whether it has capitals.
    let eq = i;
    let nameEnd = i;
    let token = true;
    let upper = false;
    let c = 0;
    for (; eq < n; eq++) {
      c = text.charCodeAt(eq);
      if (c === EQUALS || c === SEMI) break;
      if (isSpace(c)) continue;
      if (nameEnd < eq || c >= 128 || TOKEN_CHARS[c] === 0)
        token = false; // a space inside, or not a tchar
      else if (c >= 0x41 && c <= 0x5a) upper = true;
      nameEnd = eq + 1;
    }
    if (eq >= n || c === SEMI) {
      // A parameter without a value: skipped, as browsers and most servers do.
      i = eq;
      continue;
    }
    if (!token || nameEnd === i) return undefined;
    const name = upper ? text.slice(i, nameEnd).toLowerCase() : text.slice(i, nameEnd);
    i = eq + 1;
    let value: string;
    if (text.charCodeAt(i) === QUOTE) {
      const quoted = readQuoted(text, i + 1);
      if (quoted === undefined) return undefined;
      value = quoted;
      i = quotedEnd;
    } else {
      // Unquoted values are read up to the next `;`: some clients send boundaries with `:` or `=`.
      const end = text.indexOf(';', i);
      value = text.slice(i, end < 0 ? n : end).trim();
      i = end < 0 ? n : end;
    }
    if (name !== '__proto__') parameters[name] = value;
  }
  return parameters;
}

/** A quoted-string's value from just after its opening quote (its end in `quotedEnd`); undefined when unterminated. */
function readQuoted(text: string, from: number): string | undefined {
  const n = text.length;
  let value = '';
  let run = from; // start of the characters not yet copied into value
  for (let i = from; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      quotedEnd = i + 1;
      return value + text.slice(run, i);
    }
    if (c === BACKSLASH && i + 1 < n) {
      // `\x` stands for x: copy what came before, then x itself.
      value += text.slice(run, i) + text[i + 1];
      i++;
      run = i + 1;
    }
  }
  return undefined;
}

function parseAccept(accept: string): Array<{ type: MediaType; q: number }> {
  const out: Array<{ type: MediaType; q: number }> = [];
  for (const part of accept.split(',')) {
    const mt = MediaType.parse(part);
    if (!mt) continue;
    const qs = mt.parameters.q;
    const q = qs === undefined ? 1 : Number(qs);
    out.push({ type: mt, q: Number.isFinite(q) ? Math.min(Math.max(q, 0), 1) : 0 });
  }
  return out;
}
