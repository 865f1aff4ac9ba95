import type { Request } from '../http/Request.ts';
import { HttpError } from '../http/HttpError.ts';
import { Response } from '../http/Response.ts';
import type { Handler } from './Handler.ts';
import type { RoutePattern } from './RoutePattern.ts';
import { decodePathParams } from './decodePathParams.ts';
import { answer } from './errorFunnel.ts';

/**
 * P itself, in a form TypeScript does not infer from: the parameter types come from the pattern
 * alone, so a handler that ignores them (`(request) => …`) is still accepted.
 */
export type Deferred<P> = [P][P extends unknown ? 0 : never];

/** What a route answers: plain HTTP requests, or WebSocket upgrade requests. */
export type RouteKind = 'http' | 'webSocket';

/** A function from a request and its decoded path parameters to a response. */
export type RouteFunction<P extends unknown[]> = (request: Request, ...params: P) => Response | Promise<Response>;

/**
 * The spec's `Route`: a {@link RoutePattern} bound to a handler. The handler sees requests whose
 * path matched the pattern; `request.params` holds the matched segment texts.
 */
export class Route<P extends unknown[] = any[]> {
  readonly pattern: RoutePattern<P>;
  readonly handler: Handler;
  /** What the route was built from (an Endpoint, for routes made by `implement`). */
  readonly source: unknown;
  /**
   * Whether a request whose method and path matched is this route's after all (spec endpoint
   * rule 2: an endpoint's required header is present); when false, the router offers the
   * request to the next route of the same method and path. Undefined: always.
   */
  readonly accepts: ((request: Request) => boolean) | undefined;
  /** What the route answers: plain HTTP, or WebSocket upgrades (the server then listens for them). */
  readonly kind: RouteKind;

  private constructor(
    pattern: RoutePattern<P>,
    handler: Handler,
    source: unknown,
    accepts: ((request: Request) => boolean) | undefined,
    kind: RouteKind,
  ) {
    this.pattern = pattern;
    this.handler = handler;
    this.source = source;
    this.accepts = accepts;
    this.kind = kind;
  }

  /**
   * A route whose function receives the path parameters decoded by the pattern's codecs. A
   * segment that does not decode answers 400 naming the parameter; a thrown error becomes the
   * runner's answer (errorFunnel.ts `answer`), here, so middleware around the route sees it.
   */
  static handled<P extends unknown[]>(
    pattern: RoutePattern<P>,
    fn: RouteFunction<Deferred<P>>,
    source?: unknown,
  ): Route<P> {
    const codecs = pattern.params;
    // Synchronous unless the function answers with a promise: a promise layer per request costs.
    const handler: Handler = (request) => {
      const params = decodePathParams(codecs, request.params);
      if (params instanceof HttpError) return Response.fromHttpError(params);
      return answer((r) => fn(r, ...(params as P)), request);
    };
    return new Route(pattern, handler, source, undefined, 'http');
  }

  /** A route from a raw handler that decodes nothing itself; `accepts` as on {@link Route#accepts}. */
  static fromHandler<P extends unknown[]>(
    pattern: RoutePattern<P>,
    handler: Handler,
    source?: unknown,
    accepts?: (request: Request) => boolean,
  ): Route<P> {
    return new Route(pattern, handler, source, accepts, 'http');
  }

  /** @internal A route of another kind (websocket/webSocketRoute.ts builds WebSocket routes with it). */
  static ofKind<P extends unknown[]>(
    kind: RouteKind,
    pattern: RoutePattern<P>,
    handler: Handler,
    source: unknown,
  ): Route<P> {
    return new Route(pattern, handler, source, undefined, kind);
  }

  /** A copy with the handler replaced (how per-route middleware wraps a route). */
  withHandler(handler: Handler): Route<P> {
    return new Route(this.pattern, handler, this.source, this.accepts, this.kind);
  }

  toString(): string {
    return this.pattern.toString();
  }
}
