// The request side of a generated per-operation function: the generator writes the calls
// (`request.path('id', params.id, pathInt)`, `request.query('q', params.q)`, `request.json(body)`)
// and this writes them as the executor's encodeRequest.ts does, with its messages.
import { ClientError } from './ClientError.ts';
import type { EncodedRequest } from './encodeRequest.ts';

/**
 * A path parameter codec a generated function writes (the runtime's PathCodec of the same name):
 * how it names what it expects, its check of the text the server reads back, and whether the
 * value must already be text. Each is an export of its own, so a page keeps those its calls use.
 */
export type PathKind = readonly [expected: string, reads: (text: string) => boolean, text?: boolean];

const intPattern = /^-?\d+$/;

/** PathCodec `int`. */
export const pathInt: PathKind = [
  'a 32-bit integer',
  (s) => intPattern.test(s) && s.length <= 11 && Math.abs(Number(s)) <= 2147483648 && Number(s) <= 2147483647,
];
/** PathCodec `integer`. */
export const pathInteger: PathKind = [
  'an integer',
  (s) => intPattern.test(s) && s.length <= 17 && Number.isSafeInteger(Number(s)),
];
/** PathCodec `long`. */
export const pathLong: PathKind = [
  'a 64-bit integer',
  (s) =>
    intPattern.test(s) && s.length <= 20 && BigInt(s) >= -9223372036854775808n && BigInt(s) <= 9223372036854775807n,
];
/** PathCodec `number`. */
export const pathNumber: PathKind = [
  'a number',
  (s) => /^-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/.test(s) && Number.isFinite(Number(s)),
];
/** PathCodec `string`. */
export const pathString: PathKind = ['a non-empty text', (s) => s.length > 0, true];

/** Text of one parameter value, as the server reads it back (encodeRequest.ts's `scalarText`). */
function scalarText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? String(value) : value.toISOString();
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return String(value);
}

/** Collects one request of a generated operation function; `finish` gives it to `fetch`. */
export class RequestWriter {
  readonly #query = new URLSearchParams();
  #body: { value: unknown; required: boolean } | undefined;

  constructor(
    readonly route: string,
    readonly method: string,
    readonly headers: ReadonlyArray<Readonly<Record<string, string>> | undefined>,
  ) {}

  #fail(message: string): ClientError {
    return new ClientError('encode', message, { endpoint: this.route, url: undefined });
  }

  /** One path segment's text, percent-encoded, or an `encode` ClientError naming the parameter. */
  path(name: string, value: unknown, [expected, reads, isText]: PathKind): string {
    const text = isText ? value : value === undefined ? undefined : String(value);
    if (typeof text !== 'string' || !reads(text))
      throw this.#fail(`path parameter '${name}': expected ${expected}, got ${scalarText(value)}`);
    // Servers canonicalise paths and refuse an encoded `/`, `\` or NUL (kitgen's answers 400).
    if (/[/\\\0]/.test(text))
      throw this.#fail(
        `path parameter '${name}': ${JSON.stringify(text)} cannot be sent in a path (no '/', '\\' or NUL inside a segment)`,
      );
    return encodeURIComponent(text);
  }

  /** A query parameter in form style (a list repeated when `explode`, else joined by commas); absent or null: left out. */
  query(name: string, value: unknown, explode = true): void {
    if (value === undefined || value === null) return;
    if (!Array.isArray(value)) this.#query.append(name, scalarText(value));
    // An empty text is how the server reads an empty list, exploded or not.
    else if (value.length === 0) this.#query.append(name, '');
    else if (explode) for (const v of value) this.#query.append(name, scalarText(v));
    else this.#query.append(name, value.map(scalarText).join(','));
  }

  /** The JSON body (its JSON form is the value itself: the generator checked the schema). */
  json(value: unknown, required: boolean): void {
    this.#body = { value, required };
  }

  /** The request for `fetch` at `url` (the base URL and path), with the headers, `Accept` and the body. */
  finish(url: string, accept: string): EncodedRequest {
    const headers = new globalThis.Headers();
    for (const extra of this.headers)
      if (extra)
        for (const [k, v] of Object.entries(extra)) {
          try {
            headers.set(k, v);
          } catch {
            throw this.#fail(`header '${k}': not a valid header value`);
          }
        }
    if (accept && !headers.has('accept')) headers.set('accept', accept);
    let body: string | undefined;
    const given = this.#body;
    // An optional body left out is not sent at all (no Content-Type either).
    if (given && !(!given.required && given.value === undefined)) {
      if (given.value === undefined) throw this.#fail('body: required but missing');
      body = JSON.stringify(given.value);
      headers.set('content-type', 'application/json');
    }
    const query = this.#query.toString();
    return { method: this.method, url: query ? `${url}?${query}` : url, headers, body };
  }
}
