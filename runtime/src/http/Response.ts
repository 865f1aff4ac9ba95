import { Body } from './Body.ts';
import { Headers, type HeaderValue, type HeadersInit } from './Headers.ts';
import type { HttpError } from './HttpError.ts';
import { Status } from './Status.ts';
import { HttpErrors } from '../errors/catalogue.ts';
import { errorBodyText, errorMediaType } from '../errors/errorBody.ts';

/** The spec's `Response`: status, headers and body. Immutable; `with*` methods return copies. */
export class Response {
  readonly status: Status;
  readonly headers: Headers;
  readonly body: Body;
  /**
   * @internal Set on the answer of routes that matched nothing: the methods the path allows
   * (empty for 404). Header edits keep it, so middleware that decorates every answer does not
   * turn "no route here" into a final 404; `withStatus`/`withBody` drop it (a real answer).
   */
  unmatched: readonly string[] | undefined;

  constructor(status: Status = Status.Ok, headers: HeadersInit = Headers.empty, body: Body = Body.empty) {
    this.status = status;
    this.headers = Headers.from(headers);
    this.body = body;
  }

  /** 200 with no body. */
  static ok(): Response {
    return new Response(Status.Ok);
  }

  /** An empty response with the given status. */
  static status(status: Status): Response {
    return new Response(status);
  }

  /** A `text/plain` response. */
  static text(text: string, status: Status = Status.Ok): Response {
    return new Response(status, Headers.empty, Body.fromString(text));
  }

  /** An `application/json` response of `JSON.stringify(value)`. */
  static json(value: unknown, status: Status = Status.Ok): Response {
    // JSON has no `undefined`; `null` is what a client can read.
    return new Response(status, Headers.empty, Body.fromString(JSON.stringify(value) ?? 'null', 'application/json'));
  }

  /** A response carrying an HTML page. */
  static html(html: string, status: Status = Status.Ok): Response {
    return new Response(status, Headers.empty, Body.fromString(html, 'text/html; charset=utf-8'));
  }

  /** A redirect with `Location` (302 unless another status is given). */
  static redirect(location: string, status: Status = Status.Found): Response {
    return new Response(status, { location });
  }

  /** 404 with a small JSON error body. */
  static notFound(message: string = HttpErrors.NOT_FOUND.message()): Response {
    return Response.error(Status.NotFound, message);
  }

  /**
   * The runtime's error answer: `status` with the JSON body `{ error, message, ...details }`
   * (errors/errorBody.ts, the one place that body is written) and `headers`.
   */
  static error(
    status: Status,
    message: string,
    details?: Readonly<Record<string, unknown>>,
    headers: HeadersInit = Headers.empty,
  ): Response {
    return new Response(status, headers, Body.fromString(errorBodyText(status, message, details), errorMediaType));
  }

  /** @internal The answer of routes that matched nothing (404, or 405 when `allow` is not empty). */
  static unmatched(allow: readonly string[], headers: HeadersInit = Headers.empty): Response {
    const r = new Response(allow.length > 0 ? Status.MethodNotAllowed : Status.NotFound, headers);
    r.unmatched = allow;
    return r;
  }

  /** The client-facing form of an {@link HttpError}: its status, headers and JSON body. */
  static fromHttpError(error: HttpError): Response {
    // Its own toJSON: a subclass may shape its body.
    return new Response(
      error.status,
      error.headers ?? Headers.empty,
      Body.fromString(JSON.stringify(error.toJSON()), errorMediaType),
    );
  }

  /** A copy with another status. */
  withStatus(status: Status): Response {
    return new Response(status, this.headers, this.body);
  }

  /** A copy with another body. */
  withBody(body: Body): Response {
    return new Response(this.status, this.headers, body);
  }

  /** A copy with a header set (replacing earlier values). */
  setHeader(name: string, value: HeaderValue | number): Response {
    return this.#derive(this.headers.set(name, value));
  }

  /** A copy with a header value added. */
  addHeader(name: string, value: string): Response {
    return this.#derive(this.headers.add(name, value));
  }

  /** A copy with these headers merged in (they win). */
  addHeaders(headers: HeadersInit): Response {
    return this.#derive(this.headers.merge(headers));
  }

  /** A copy without a header. */
  removeHeader(name: string): Response {
    return this.#derive(this.headers.delete(name));
  }

  #derive(headers: Headers): Response {
    const r = new Response(this.status, headers, this.body);
    r.unmatched = this.unmatched;
    return r;
  }
}
