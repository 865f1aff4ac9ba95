import type { AnyEndpoint } from '../endpoint/Endpoint.ts';
import type { ErrorOf } from './ClientTypes.ts';
import type { Operation } from './operationTypes.ts';

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
  /** The endpoint that was called (the generated operation function, when one was). */
  readonly source: AnyEndpoint | Operation;

  constructor(source: AnyEndpoint | Operation, value: E, status: number, headers: globalThis.Headers, url: string) {
    super(`${source.route} (${url}): declared error, status ${status}`);
    this.name = 'EndpointError';
    this.source = source;
    this.value = value;
    this.status = status;
    this.headers = headers;
    this.url = url;
  }

  /**
   * True when `error` is a declared failure of `endpoint` (or of a generated operation function,
   * whose errors name it); narrows `value` to its error type.
   */
  static isFrom<Ep extends AnyEndpoint>(endpoint: Ep, error: unknown): error is EndpointError<ErrorOf<Ep>>;
  static isFrom<E>(operation: Operation<never, unknown, E>, error: unknown): error is EndpointError<E>;
  static isFrom(source: AnyEndpoint | Operation, error: unknown): boolean {
    return error instanceof EndpointError && error.source === source;
  }
}
