import { Body } from './Body.ts';
import { Headers, type HeaderValue, type HeadersInit } from './Headers.ts';
import { HttpError } from './HttpError.ts';
import { Status } from './Status.ts';

/** The spec's `Response`: status, headers and body. Immutable; `with*` methods return copies. */
export class Response {
  readonly status: Status;
  readonly headers: Headers;
  readonly body: Body;

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
    return new Response(status, Headers.empty, Body.fromString(JSON.stringify(value), 'application/json'));
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
  static notFound(message = 'No route matches the request path'): Response {
    return Response.fromHttpError(new HttpError(Status.NotFound, message));
  }

  /** The client-facing form of an {@link HttpError}: its status, headers and JSON body. */
  static fromHttpError(error: HttpError): Response {
    return new Response(error.status, error.headers ?? Headers.empty, Body.fromString(JSON.stringify(error.toJSON()), 'application/json'));
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
    return new Response(this.status, this.headers.set(name, value), this.body);
  }

  /** A copy with a header value added. */
  addHeader(name: string, value: string): Response {
    return new Response(this.status, this.headers.add(name, value), this.body);
  }

  /** A copy with these headers merged in (they win). */
  addHeaders(headers: HeadersInit): Response {
    return new Response(this.status, this.headers.merge(headers), this.body);
  }

  /** A copy without a header. */
  removeHeader(name: string): Response {
    return new Response(this.status, this.headers.delete(name), this.body);
  }
}
