// The body of every answer the runtime gives by itself, `{ error, message, ...details }`, is
// written here and nowhere else: the refusals of the server, the router and the endpoints, the
// bare 500, the parser's refusals written straight to the socket and the TLS port's "HTTPS only".

const phrases: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  408: 'Request Timeout',
  409: 'Conflict',
  411: 'Length Required',
  413: 'Content Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  416: 'Range Not Satisfiable',
  417: 'Expectation Failed',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** Reason phrase of a status code, e.g. 404 → "Not Found" ("Error" for one without a phrase here). */
export function reasonPhrase(status: number): string {
  return phrases[status] ?? 'Error';
}

/** The media type of the runtime's own error bodies. */
export const errorMediaType = 'application/json';

/** The runtime's error body as a value: the status's reason phrase, the message, then any details. */
export function errorBody(
  status: number,
  message: string,
  details?: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  return { error: reasonPhrase(status), message, ...details };
}

/** {@link errorBody} as the JSON text that goes on the wire. */
export function errorBodyText(status: number, message: string, details?: Readonly<Record<string, unknown>>): string {
  return JSON.stringify(errorBody(status, message, details));
}
