/** What went wrong in a client call that is not a declared failure of the endpoint. */
export type ClientErrorKind =
  | 'encode' // the input value cannot be written as the endpoint describes
  | 'credentials' // the endpoint needs Basic/Bearer credentials and none were given
  | 'network' // no response: connection refused, reset, DNS, TLS
  | 'timeout' // no (complete) response within the timeout
  | 'aborted' // the caller's AbortSignal fired
  | 'status' // a status the endpoint does not declare (including 406/415 from the server)
  | 'decode'; // a declared status whose body or headers do not decode or validate

/** Where a failed call was going: the endpoint (`GET /users/{id}`), the concrete URL, the status if any. */
export interface ClientErrorInfo {
  readonly endpoint: string;
  readonly url: string | undefined;
  readonly status?: number | undefined;
  /** The start of the response body (for `status` and `decode` failures). */
  readonly body?: string | undefined;
  readonly cause?: unknown;
}

/**
 * A client call that failed other than by a declared error: the message names the endpoint
 * (method and path), the URL and the status, e.g.
 * `GET /users/{id} (http://127.0.0.1:8080/users/7): undeclared status 500: …`.
 */
export class ClientError extends Error {
  readonly kind: ClientErrorKind;
  /** Method and path pattern of the endpoint, e.g. `GET /users/{id}`. */
  readonly endpoint: string;
  readonly url: string | undefined;
  readonly status: number | undefined;
  readonly body: string | undefined;

  constructor(kind: ClientErrorKind, detail: string, info: ClientErrorInfo) {
    const where = info.url === undefined ? info.endpoint : `${info.endpoint} (${info.url})`;
    super(`${where}: ${detail}`, info.cause === undefined ? undefined : { cause: info.cause });
    this.name = 'ClientError';
    this.kind = kind;
    this.endpoint = info.endpoint;
    this.url = info.url;
    this.status = info.status;
    this.body = info.body;
  }
}
