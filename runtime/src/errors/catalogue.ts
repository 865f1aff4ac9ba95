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

/** The class a configuration error is thrown as (kept per entry: callers may test `instanceof TypeError`). */
export type ConfigErrorClass = 'Error' | 'TypeError' | 'RangeError';

/** One configuration error: a stable code, the class it is thrown as, and how its message reads. */
export interface ConfigErrorEntry<A extends unknown[] = []> {
  /** Stable, greppable, never reused: `KITGEN_ERR_*`. */
  readonly code: `KITGEN_ERR_${string}`;
  /** The Error class of the thrown value. */
  readonly type: ConfigErrorClass;
  /** The message, from the entry's arguments. */
  readonly message: (...args: A) => string;
}

/* @__NO_SIDE_EFFECTS__ */
function config<A extends unknown[]>(
  code: `KITGEN_ERR_${string}`,
  type: ConfigErrorClass,
  message: (...args: A) => string,
): ConfigErrorEntry<A> {
  return Object.freeze({ code, type, message });
}

/** Errors thrown while an application is being put together (bad routes, middleware, endpoints, config). */
export const ConfigErrors = {
  // routing/ and websocket/
  TRAILING_NOT_LAST: config(
    'KITGEN_ERR_TRAILING_NOT_LAST',
    'Error',
    (name: string) => `RoutePattern: trailing parameter "${name}" must be the last segment`,
  ),
  DUPLICATE_PATH_PARAMETER: config(
    'KITGEN_ERR_DUPLICATE_PATH_PARAMETER',
    'Error',
    (name: string) => `RoutePattern: path parameter "${name}" appears twice`,
  ),
  BAD_PATH_SEGMENT: config(
    'KITGEN_ERR_BAD_PATH_SEGMENT',
    'Error',
    (segment: string, why: string) => `PathCodec.segment: "${segment}": ${why}`,
  ),
  WEBSOCKET_NOT_GET: config(
    'KITGEN_ERR_WEBSOCKET_NOT_GET',
    'Error',
    (pattern: string) =>
      `webSocketRoute: the pattern must be a GET pattern (a WebSocket handshake is a GET request), got ${pattern}`,
  ),
  // middleware/ and docs/
  BAD_TIMEOUT: config(
    'KITGEN_ERR_BAD_TIMEOUT',
    'RangeError',
    (duration: number) => `timeout: the duration must be a finite number of milliseconds, got ${duration}`,
  ),
  BAD_STATIC_PREFIX: config(
    'KITGEN_ERR_BAD_STATIC_PREFIX',
    'Error',
    (prefix: string) => `static files: bad prefix "${prefix}"`,
  ),
  BAD_DOCS_PREFIX: config(
    'KITGEN_ERR_BAD_DOCS_PREFIX',
    'Error',
    (prefix: string) => `DocsUI.routes: bad path prefix "${prefix}"`,
  ),
  BAD_BASIC_AUTH_PASSWORD: config(
    'KITGEN_ERR_BAD_BASIC_AUTH_PASSWORD',
    'TypeError',
    () => 'basicAuth(user, password): the password must be a string or a Secret',
  ),
  BAD_LOG_ANNOTATION_VALUE: config(
    'KITGEN_ERR_BAD_LOG_ANNOTATION_VALUE',
    'TypeError',
    () => 'logAnnotate(key, value): the value must be a string',
  ),
  BAD_LOG_ANNOTATIONS: config(
    'KITGEN_ERR_BAD_LOG_ANNOTATIONS',
    'TypeError',
    () => 'logAnnotate(annotation, ...annotations): every argument must be a LogAnnotation',
  ),
  BAD_LOG_ANNOTATION_SET: config(
    'KITGEN_ERR_BAD_LOG_ANNOTATION_SET',
    'TypeError',
    () => 'logAnnotate(set): every element must be a LogAnnotation',
  ),
  // server/config/
  BAD_MAX_THREADS: config(
    'KITGEN_ERR_BAD_MAX_THREADS',
    'RangeError',
    (n: number) =>
      `TransportConfig.maxThreads: expected a whole number of worker processes (0 = one per core), got ${n}`,
  ),
  TRANSPORT_UNSUPPORTED: config(
    'KITGEN_ERR_TRANSPORT_UNSUPPORTED',
    'Error',
    (field: string, value: string, why: string) =>
      `TransportConfig.${field} = ${value} cannot be honoured on Node: ${why}`,
  ),
  BAD_SERVER_LIMIT: config(
    'KITGEN_ERR_BAD_SERVER_LIMIT',
    'RangeError',
    (field: string, expected: string, got: number) => `Server.Config.${field}: expected ${expected}, got ${got}`,
  ),
  BAD_SSL_PATH: config(
    'KITGEN_ERR_BAD_SSL_PATH',
    'TypeError',
    (what: string) => `SSLConfig: the ${what} path must be a non-empty string`,
  ),
  BAD_SSL_BEHAVIOUR: config(
    'KITGEN_ERR_BAD_SSL_BEHAVIOUR',
    'TypeError',
    (got: string) => `SSLConfig: behaviour must be SSLConfig.HttpBehaviour.Accept, Redirect or Fail, got ${got}`,
  ),
  BAD_CLIENT_AUTH: config(
    'KITGEN_ERR_BAD_CLIENT_AUTH',
    'TypeError',
    (got: string) => `SSLConfig: clientAuth must be ClientAuth.Required, Optional or None, got ${got}`,
  ),
  // endpoint/ and openapi/
  INPUT_AFTER_TRANSFORM: config(
    'KITGEN_ERR_INPUT_AFTER_TRANSFORM',
    'Error',
    () => 'Endpoint: declare inputs before transformIn',
  ),
  REQUEST_COOKIE_AS_OUTPUT: config(
    'KITGEN_ERR_REQUEST_COOKIE_AS_OUTPUT',
    'Error',
    (route: string, name: string) =>
      `${route}: cookie '${name}' describes a request cookie; declare a response cookie as a 'set-cookie' header`,
  ),
  NO_ERROR_OUTPUT: config(
    'KITGEN_ERR_NO_ERROR_OUTPUT',
    'Error',
    () => 'Endpoint.transformError: no error output declared',
  ),
  SERVER_PART_MISSING: config(
    'KITGEN_ERR_SERVER_PART_MISSING',
    'Error',
    (route: string, method: string) =>
      `${route}: Endpoint.${method} serves the endpoint, which needs the server part of the runtime; import it from '@kitgen/runtime' (its client entry, '@kitgen/runtime/client', carries endpoint definitions and the client only)`,
  ),
  OPTIONAL_NOT_PARAMETER: config(
    'KITGEN_ERR_OPTIONAL_NOT_PARAMETER',
    'Error',
    () => 'optional() applies to a single query parameter or header',
  ),
  DOC_NOT_PARAMETER: config(
    'KITGEN_ERR_DOC_NOT_PARAMETER',
    'Error',
    (kind: string) => `doc/examples apply to a parameter, header or body codec, not to ${kind}`,
  ),
  BAD_RESPONSE_KEY: config(
    'KITGEN_ERR_BAD_RESPONSE_KEY',
    'Error',
    (key: string) => `Responses.of: "${key}" is not a status code, a range like 2XX, or default`,
  ),
  RESPONSE_REQUEST_COOKIE: config(
    'KITGEN_ERR_RESPONSE_REQUEST_COOKIE',
    'Error',
    (name: string) =>
      `Responses.of: header '${name}' is a request cookie; declare a response cookie as a 'set-cookie' header`,
  ),
  NO_RESPONSES: config('KITGEN_ERR_NO_RESPONSES', 'Error', () => 'Responses.of: at least one status is needed'),
  NO_BODY_VARIANTS: config(
    'KITGEN_ERR_NO_BODY_VARIANTS',
    'Error',
    () => 'Bodies.of: at least one media type is needed',
  ),
  TAGGED_UNION_EMPTY: config(
    'KITGEN_ERR_TAGGED_UNION_EMPTY',
    'Error',
    () => 'TaggedUnion: at least one case is needed',
  ),
  TAGGED_UNION_TAG_CLASH: config(
    'KITGEN_ERR_TAGGED_UNION_TAG_CLASH',
    'Error',
    (name: string, tag: string) =>
      `TaggedUnion: case "${name}" already has a property "${tag}"; choose another tag with { tag: '...' }`,
  ),
  OPENAPI_ANY_METHOD: config(
    'KITGEN_ERR_OPENAPI_ANY_METHOD',
    'Error',
    (endpoint: string) => `OpenAPIGen: ${endpoint} matches any method; OpenAPI describes one method per operation`,
  ),
  OPENAPI_DUPLICATE_OPERATION_ID: config(
    'KITGEN_ERR_OPENAPI_DUPLICATE_OPERATION_ID',
    'Error',
    (id: string, first: string, second: string) =>
      `OpenAPIGen: operationId "${id}" is declared by both ${first} and ${second}`,
  ),
  OPENAPI_DUPLICATE_OPERATION: config(
    'KITGEN_ERR_OPENAPI_DUPLICATE_OPERATION',
    'Error',
    (method: string, path: string) =>
      `OpenAPIGen: two endpoints describe ${method} ${path}; combine their inputs with .or in one endpoint`,
  ),
  OPENAPI_DUPLICATE_SCHEMA_ID: config(
    'KITGEN_ERR_OPENAPI_DUPLICATE_SCHEMA_ID',
    'Error',
    (id: string) => `OpenAPIGen: two different schemas share the $id "${id}"`,
  ),
  OPENAPI_DANGLING_REF: config(
    'KITGEN_ERR_OPENAPI_DANGLING_REF',
    'Error',
    (ref: string) =>
      `OpenAPIGen: schema $ref "${ref}" names no schema; give the target that $id or build both with Schema.Cyclic`,
  ),
  // websocket/ (thrown as WebSocketConfigError, whose message prefixes `webSocketConfig.<field>: `)
  WS_MAX_FRAME_PAYLOAD: config(
    'KITGEN_ERR_WS_MAX_FRAME_PAYLOAD',
    'Error',
    (got: number) => `must be a whole number of bytes, at least 1 (got ${got})`,
  ),
  WS_UNMASKED_FRAMES: config(
    'KITGEN_ERR_WS_UNMASKED_FRAMES',
    'Error',
    () =>
      'false is not supported: the server always requires masked client frames (RFC 6455 §5.1; ws has no option to accept unmasked ones)',
  ),
  WS_MASK_MISMATCH: config(
    'KITGEN_ERR_WS_MASK_MISMATCH',
    'Error',
    () => 'true is not supported: a client frame whose mask bit is not set always closes the connection with 1002',
  ),
  WS_PROTOCOL_VIOLATION: config(
    'KITGEN_ERR_WS_PROTOCOL_VIOLATION',
    'Error',
    () => 'false is not supported: a protocol violation always closes the connection (1002, 1007 or 1009)',
  ),
  WS_HANDSHAKE_TIMEOUT: config(
    'KITGEN_ERR_WS_HANDSHAKE_TIMEOUT',
    'Error',
    (got: number) => `must be a whole number of milliseconds, at least 1 (got ${got})`,
  ),
  WS_FORCE_CLOSE_TIMEOUT: config(
    'KITGEN_ERR_WS_FORCE_CLOSE_TIMEOUT',
    'Error',
    (got: number) => `must be -1 (never) or a whole number of milliseconds, at least 1 (got ${got})`,
  ),
  WS_CLOSE_CODE: config(
    'KITGEN_ERR_WS_CLOSE_CODE',
    'Error',
    (code: number) => `${code} cannot be sent in a close frame (1000-1003, 1007-1014 or 3000-4999)`,
  ),
  WS_CLOSE_REASON: config('KITGEN_ERR_WS_CLOSE_REASON', 'Error', () => 'the reason must be at most 123 bytes of UTF-8'),
  WS_SUBPROTOCOLS: config(
    'KITGEN_ERR_WS_SUBPROTOCOLS',
    'Error',
    (given: string | undefined) => `"${given}" is not a comma-separated list of protocol names (HTTP tokens)`,
  ),
  // client/
  NO_BASE_URL: config(
    'KITGEN_ERR_NO_BASE_URL',
    'Error',
    (service: string, variable: string) =>
      `EndpointExecutor.make('${service}'): no base URL; set ${variable} or pass { services: { '${service}': 'http://…' } }`,
  ),
} as const;

const classes: Readonly<Record<ConfigErrorClass, new (message: string) => Error>> = { Error, TypeError, RangeError };

/** The error a catalogue entry describes, with `code` set (as Node's and Fastify's errors carry one). */
export function configError<A extends unknown[]>(
  entry: ConfigErrorEntry<A>,
  ...args: A
): Error & { readonly code: string } {
  const error = new classes[entry.type](entry.message(...args)) as Error & { code: string };
  error.code = entry.code;
  return error;
}
