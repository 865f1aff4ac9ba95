import type { ErrorEntry } from '../errors/catalogue.ts';
import type { Status } from './Status.ts';
import { errorBody, reasonPhrase } from '../errors/errorBody.ts';

/** Options of an {@link HttpError}: JSON details, response headers, the cause (never sent). */
export interface HttpErrorOptions {
  details?: Record<string, unknown>;
  headers?: Record<string, string>;
  cause?: unknown;
  /** The catalogue code (`KITGEN_ERR_*`); set by {@link HttpError.of}. */
  code?: string;
}

/**
 * An error that stands for a definite HTTP answer: when a handler, a codec or the server
 * throws it, the client receives `status` and a small JSON body `{ error, message, ...details }`
 * (`Response.fromHttpError`, which the runner uses). Never carries a stack trace to the client.
 */
export class HttpError extends Error {
  readonly status: Status;
  readonly details: Readonly<Record<string, unknown>> | undefined;
  readonly headers: Readonly<Record<string, string>> | undefined;
  /** The catalogue code (`KITGEN_ERR_*`) when the runtime raised it itself; undefined for handlers' own. */
  readonly code: string | undefined;

  constructor(status: Status, message: string, options: HttpErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'HttpError';
    this.status = status;
    this.details = options.details;
    this.headers = options.headers;
    this.code = options.code;
  }

  /** The runtime's own answer from its catalogue entry (errors/catalogue.ts): status, text and code. */
  static of<A extends unknown[]>(entry: ErrorEntry<A>, args: A, options?: HttpErrorOptions): HttpError {
    return new HttpError(entry.status as Status, entry.message(...args), { ...options, code: entry.code });
  }

  /** The JSON body sent to the client. */
  toJSON(): Record<string, unknown> {
    return errorBody(this.status, this.message, this.details);
  }
}

/** Reason phrase of a status code, e.g. 404 → "Not Found" (kept here: it is exported with HttpError). */
export { reasonPhrase };
