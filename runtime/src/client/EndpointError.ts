import type { AnyEndpoint } from '../endpoint/Endpoint.ts';
import type { ErrorOf } from './ClientTypes.ts';

/**
 * A declared failure answered by the server (rule 5): `value` is the decoded error, typed by the
 * endpoint's error type, `status` the registered status. The executor rejects with it; narrow
 * with {@link EndpointError.isFrom}, or use `call.either` to get it as a value.
 */
export class EndpointError<E = unknown> extends Error {
  readonly value: E;
  readonly status: number;
  readonly headers: globalThis.Headers;
  readonly url: string;
  /** The endpoint that was called. */
  readonly source: AnyEndpoint;

  constructor(source: AnyEndpoint, value: E, status: number, headers: globalThis.Headers, url: string) {
    super(`${source.route} (${url}): declared error, status ${status}`);
    this.name = 'EndpointError';
    this.source = source;
    this.value = value;
    this.status = status;
    this.headers = headers;
    this.url = url;
  }

  /** True when `error` is a declared failure of `endpoint`; narrows `value` to its error type. */
  static isFrom<Ep extends AnyEndpoint>(endpoint: Ep, error: unknown): error is EndpointError<ErrorOf<Ep>> {
    return error instanceof EndpointError && error.source === endpoint;
  }
}
