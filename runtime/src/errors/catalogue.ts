// The catalogue of the runtime's own messages (as Fastify's FST_ERR_*): every answer the runtime
// gives by itself (400, 401, 404, 405, 406, 408, 413, 414, 415, 426, 431, 501, 503 …) has one
// entry with a stable code, its status and its text. Handlers' own errors are not here. Texts
// are what clients and tests read: change one only on purpose, never by rewording a call site.

/** One catalogue entry: a stable code, the HTTP status of the answer, and how its message reads. */
export interface ErrorEntry<A extends unknown[] = []> {
  /** Stable, greppable, never reused: `KITGEN_ERR_*`. */
  readonly code: `KITGEN_ERR_${string}`;
  /** The status of the answer the runtime gives. */
  readonly status: number;
  /** The message, from the entry's arguments. */
  readonly message: (...args: A) => string;
}

// Free of side effects: a bundler drops an unused table of entries (a browser's client never needs HttpErrors).
/* @__NO_SIDE_EFFECTS__ */
function entry<A extends unknown[]>(
  code: `KITGEN_ERR_${string}`,
  status: number,
  message: (...args: A) => string,
): ErrorEntry<A> {
  return Object.freeze({ code, status, message });
}

/** The runtime's own HTTP answers, by name; `error.code` on the thrown HttpError is the entry's code. */
export const HttpErrors = {
  // The connection and the request head (server/, websocket/).
  REQUEST_LINE_TOO_LONG: entry(
    'KITGEN_ERR_REQUEST_LINE_TOO_LONG',
    414,
    (limit: number) => `The request line is longer than ${limit} bytes`,
  ),
  HEADERS_TOO_LARGE: entry(
    'KITGEN_ERR_HEADERS_TOO_LARGE',
    431,
    (limit: number) => `The request headers are larger than ${limit} bytes`,
  ),
  PARSER_LINE_TOO_LONG: entry('KITGEN_ERR_PARSER_LINE_TOO_LONG', 414, () => 'The request line is too long'),
  PARSER_HEADERS_TOO_LARGE: entry(
    'KITGEN_ERR_PARSER_HEADERS_TOO_LARGE',
    431,
    () => 'The request headers are too large',
  ),
  CHUNK_EXTENSIONS_TOO_LARGE: entry(
    'KITGEN_ERR_CHUNK_EXTENSIONS_TOO_LARGE',
    413,
    () => 'The chunk extensions are too large',
  ),
  HEAD_TIMEOUT: entry('KITGEN_ERR_HEAD_TIMEOUT', 408, () => 'The request did not arrive in time'),
  BODY_TIMEOUT: entry(
    'KITGEN_ERR_BODY_TIMEOUT',
    408,
    (ms: number) =>
      `The request body did not arrive in time: a request with a body must be complete within ${ms} ms of its first byte`,
  ),
  BAD_FRAMING: entry('KITGEN_ERR_BAD_FRAMING', 400, () => 'Conflicting or invalid Content-Length / Transfer-Encoding'),
  BAD_CHUNKED_BODY: entry('KITGEN_ERR_BAD_CHUNKED_BODY', 400, () => 'Invalid chunked body'),
  MALFORMED_REQUEST: entry('KITGEN_ERR_MALFORMED_REQUEST', 400, () => 'Malformed HTTP request'),
  MISSING_HOST: entry('KITGEN_ERR_MISSING_HOST', 400, () => 'An HTTP/1.1 request needs a Host header (RFC 9112 §3.2)'),
  DUPLICATE_HOST: entry(
    'KITGEN_ERR_DUPLICATE_HOST',
    400,
    (count: number) => `The request has ${count} Host headers; exactly one is allowed (RFC 9112 §3.2)`,
  ),
  INVALID_HOST: entry(
    'KITGEN_ERR_INVALID_HOST',
    400,
    (value: string) => `Invalid Host header ${JSON.stringify(value)}: expected host[:port] (RFC 9112 §3.2)`,
  ),
  UNSUPPORTED_VERSION: entry(
    'KITGEN_ERR_UNSUPPORTED_VERSION',
    400,
    (version: string) => `HTTP version ${version} is not served here; send HTTP/1.1 or HTTP/1.0`,
  ),
  SHUTTING_DOWN: entry('KITGEN_ERR_SHUTTING_DOWN', 503, () => 'The server is shutting down'),
  HTTPS_ONLY: entry('KITGEN_ERR_HTTPS_ONLY', 400, () => 'This port only accepts HTTPS'),
  // The request body (server/requestBody.ts, websocket/upgradeBody.ts, multipart).
  BODY_TOO_LARGE: entry(
    'KITGEN_ERR_BODY_TOO_LARGE',
    413,
    (limit: number) => `The request body is larger than ${limit} bytes`,
  ),
  BODY_UNREADABLE: entry('KITGEN_ERR_BODY_UNREADABLE', 400, () => 'The request body could not be read'),
  UNSUPPORTED_CONTENT_ENCODING: entry(
    'KITGEN_ERR_UNSUPPORTED_CONTENT_ENCODING',
    415,
    (encoding: string) => `Unsupported Content-Encoding "${encoding}"; accepted: gzip, deflate, br`,
  ),
  BROTLI_WINDOW_TOO_LARGE: entry(
    'KITGEN_ERR_BROTLI_WINDOW_TOO_LARGE',
    415,
    (window: number, max: number) =>
      `The brotli body declares a ${window}-byte window; this server decodes windows up to ${max} bytes (compress with a smaller lgwin)`,
  ),
  BAD_CONTENT_ENCODING: entry(
    'KITGEN_ERR_BAD_CONTENT_ENCODING',
    400,
    (encoding: string) => `The request body is not valid ${encoding} data`,
  ),
  UPGRADE_BODY_UNSUPPORTED: entry(
    'KITGEN_ERR_UPGRADE_BODY_UNSUPPORTED',
    501,
    () =>
      'A chunked or encoded request body cannot come with an Upgrade header on this server; send the request without Upgrade',
  ),
  BAD_CONTENT_LENGTH: entry('KITGEN_ERR_BAD_CONTENT_LENGTH', 400, () => 'Invalid Content-Length'),
  BODY_CUT_SHORT: entry(
    'KITGEN_ERR_BODY_CUT_SHORT',
    400,
    () => 'The connection closed before the request body was complete',
  ),
  MULTIPART_LIMIT: entry(
    'KITGEN_ERR_MULTIPART_LIMIT',
    413,
    (what: string, limit: number) => `The multipart form exceeds a limit: ${what} (limit ${limit})`,
  ),
  BODY_CONSUMED: entry('KITGEN_ERR_BODY_CONSUMED', 500, () => 'The body stream was already consumed'),
  // Routing (routing/).
  MALFORMED_PATH: entry('KITGEN_ERR_MALFORMED_PATH', 400, (reason: string) => `Malformed request path: ${reason}`),
  NOT_FOUND: entry('KITGEN_ERR_NOT_FOUND', 404, () => 'No route matches the request path'),
  NO_SUCH_FILE: entry('KITGEN_ERR_NO_SUCH_FILE', 404, () => 'No such file'),
  METHOD_NOT_ALLOWED: entry(
    'KITGEN_ERR_METHOD_NOT_ALLOWED',
    405,
    (method: string) => `Method ${method} is not allowed on this path`,
  ),
  BAD_PATH_PARAMETER: entry(
    'KITGEN_ERR_BAD_PATH_PARAMETER',
    400,
    (name: string, expected: string, text: string) => `path parameter '${name}': expected ${expected}, got '${text}'`,
  ),
  PATH_PARAMETER_MISMATCH: entry(
    'KITGEN_ERR_PATH_PARAMETER_MISMATCH',
    400,
    (name: string, first: string, second: string) =>
      `path parameter '${name}' appears twice in the path with different values: '${first}' and '${second}'`,
  ),
  WEBSOCKET_ONLY: entry('KITGEN_ERR_WEBSOCKET_ONLY', 426, () => 'This path accepts only WebSocket connections'),
  // Endpoint inputs and outputs (endpoint/server/).
  BAD_INPUT: entry(
    'KITGEN_ERR_BAD_INPUT',
    400,
    (where: string, name: string, message: string) => `${where} '${name}': ${message}`,
  ),
  INVALID_INPUT: entry('KITGEN_ERR_INVALID_INPUT', 400, (failure: string, raw: string) => `${failure} (got '${raw}')`),
  BAD_BODY: entry('KITGEN_ERR_BAD_BODY', 400, (message: string) => message),
  MISSING_HEADER: entry('KITGEN_ERR_MISSING_HEADER', 400, (name: string) => `header '${name}': required but missing`),
  WRONG_CONTENT_TYPE_HEADER: entry(
    'KITGEN_ERR_WRONG_CONTENT_TYPE_HEADER',
    415,
    (expected: string, got: string) => `header 'content-type': expected ${expected}, got '${got}'`,
  ),
  CONTENT_TYPE_REQUIRED: entry(
    'KITGEN_ERR_CONTENT_TYPE_REQUIRED',
    415,
    (accepted: readonly string[]) => `Content-Type required; accepted: ${accepted.join(', ')}`,
  ),
  CONTENT_TYPE_NOT_ACCEPTED: entry(
    'KITGEN_ERR_CONTENT_TYPE_NOT_ACCEPTED',
    415,
    (type: string, accepted: readonly string[]) =>
      `Content-Type '${type}' is not accepted; accepted: ${accepted.join(', ')}`,
  ),
  NO_CODEC: entry('KITGEN_ERR_NO_CODEC', 415, (type: string) => `No codec for Content-Type '${type}'`),
  PART_TYPE_NOT_ACCEPTED: entry(
    'KITGEN_ERR_PART_TYPE_NOT_ACCEPTED',
    415,
    (part: string, type: string) => `multipart part '${part}': Content-Type '${type}' is not accepted`,
  ),
  NOT_MULTIPART: entry(
    'KITGEN_ERR_NOT_MULTIPART',
    415,
    (type: string) => `Content-Type must be multipart/form-data with a boundary, got '${type || 'none'}'`,
  ),
  NOT_ACCEPTABLE: entry(
    'KITGEN_ERR_NOT_ACCEPTABLE',
    406,
    (available: readonly string[]) => `None of the available media types is acceptable: ${available.join(', ')}`,
  ),
  NOT_IMPLEMENTED: entry(
    'KITGEN_ERR_NOT_IMPLEMENTED',
    501,
    (operation: string) => `Operation '${operation}' is not implemented by this server yet`,
  ),
  // Authentication, CORS and timeouts (endpoint/, middleware/).
  // One set for every layer that refuses (an endpoint's auth type, the auth middleware): no
  // credentials, credentials of another scheme, credentials that were checked and refused.
  AUTH_REQUIRED: entry('KITGEN_ERR_AUTH_REQUIRED', 401, () => 'Authentication required'),
  WRONG_AUTH_SCHEME: entry('KITGEN_ERR_WRONG_AUTH_SCHEME', 401, (scheme: string) => `Expected ${scheme} credentials`),
  BAD_CREDENTIALS: entry('KITGEN_ERR_BAD_CREDENTIALS', 401, () => 'The credentials are not valid'),
  CREDENTIALS_REQUIRED: entry(
    'KITGEN_ERR_CREDENTIALS_REQUIRED',
    401,
    (what: string) => `Authentication required: send ${what}`,
  ),
  BAD_TOKEN: entry('KITGEN_ERR_BAD_TOKEN', 401, () => 'The token is not valid'),
  ORIGIN_NOT_ALLOWED: entry('KITGEN_ERR_ORIGIN_NOT_ALLOWED', 403, () => 'The origin is not allowed'),
  REQUEST_TIMEOUT: entry('KITGEN_ERR_REQUEST_TIMEOUT', 408, (ms: number) => `The request took longer than ${ms} ms`),
  // The answer to an unexpected error (routing/errorFunnel.ts): reveals nothing.
  INTERNAL: entry('KITGEN_ERR_INTERNAL', 500, () => 'The server failed to handle the request'),
} as const;

// Configuration errors have their own file; importers of the catalogue find them here too.
export { ConfigErrors, configError, type ConfigErrorClass, type ConfigErrorEntry } from './configErrors.ts';
