// The catalogue of errors thrown while an application is put together (bad routes, middleware,
// endpoints, server and WebSocket configuration): each has a stable code and the Error class it
// is thrown as. Texts are what users read: change one only on purpose.

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
