import type { Request } from '../http/Request.ts';
import { Response } from '../http/Response.ts';
import { Headers } from '../http/Headers.ts';
import { HttpError } from '../http/HttpError.ts';
import type { Handler } from './Handler.ts';
import { Route } from './Route.ts';
import { Router } from './Router.ts';
import { answerSync, answerThen, type ErrorHook } from './errorFunnel.ts';
import { ErrorHookKey } from '../util/symbols.ts';
import { HttpErrors } from '../errors/catalogue.ts';

/** Anything that turns routes into routes: the spec's `Middleware` (see middleware/). */
export interface RoutesTransform {
  apply(routes: Routes): Routes;
}

type Unit =
  | { readonly kind: 'route'; readonly route: Route }
  | { readonly kind: 'wrapped'; readonly routes: Routes; readonly wrap: (next: Handler) => Handler };

/** The answer of a routes group that matched nothing; becomes 404 or 405 at the top (see `Response#unmatched`). */
const noRoute = Response.unmatched([]);

/**
 * What an application says about answers the runtime would otherwise give: `onError` for a
 * thrown error (see {@link ErrorHook}), `notFound` for a request no route matches (the 404; a
 * 405 keeps its `Allow` answer). They belong to the collection whose handler serves requests.
 */
export interface RoutesHooks {
  readonly onError?: ErrorHook;
  readonly notFound?: (request: Request) => Response;
}

/**
 * The spec's `Routes`: an ordered collection of routes, plus groups wrapped by routes-level
 * middleware (such as `updateURL`) that see requests before routing. Immutable.
 */
export class RoutesImpl {
  /** @internal */
  readonly units: readonly Unit[];
  /** @internal */
  readonly hooks: RoutesHooks;
  #handler: Handler | undefined;

  constructor(units: readonly Unit[], hooks: RoutesHooks = {}) {
    this.units = units;
    this.hooks = hooks;
  }

  /**
   * These routes with an error hook: every error a handler below throws (a route's, an
   * endpoint's after its declared failures and `mapError`, a middleware's) is offered to `hook`
   * first; its Response is sent, undefined keeps the runtime's answer. Replaces an earlier hook.
   */
  onError(hook: ErrorHook): Routes {
    return new RoutesImpl(this.units, { ...this.hooks, onError: hook });
  }

  /** These routes answering a request no route matches (the 404) with `answer` instead of the runtime's 404. */
  notFound(answer: (request: Request) => Response): Routes {
    return new RoutesImpl(this.units, { ...this.hooks, notFound: answer });
  }

  /** Every route, in order, including those inside wrapped groups. */
  get routes(): Route[] {
    const all: Route[] = [];
    for (const u of this.units) {
      if (u.kind === 'route') all.push(u.route);
      else for (const r of u.routes.routes) all.push(r);
    }
    return all;
  }

  /** These routes followed by others; on equal method and path the earlier route wins. */
  concat(...others: Array<Routes | Route>): Routes {
    const more: Unit[] = [];
    for (const o of others) {
      if (o instanceof Route) more.push({ kind: 'route', route: o });
      else for (const u of o.units) more.push(u);
    }
    return new RoutesImpl([...this.units, ...more], this.hooks);
  }

  /**
   * Attaches middleware (the spec's `routes @@ m1 @@ m2`): m1 wraps the routes first, so a
   * request passes m2, then m1, then the route; the response goes back through m1, then m2.
   */
  pipe(...middlewares: RoutesTransform[]): Routes {
    return middlewares.reduce<Routes>((routes, m) => m.apply(routes), this);
  }

  /** Wraps every route's handler (how per-route middleware is applied), wrapped groups included. */
  mapRoutes(f: (route: Route) => Route): Routes {
    return new RoutesImpl(
      this.units.map((u): Unit =>
        u.kind === 'route'
          ? { kind: 'route', route: f(u.route) }
          : { kind: 'wrapped', routes: u.routes.mapRoutes(f), wrap: u.wrap },
      ),
      this.hooks,
    );
  }

  /**
   * Wraps the dispatch of the whole collection: `wrap` sees each request before routing (and may
   * rewrite it) and each answer after. Unmatched requests come back as 404/405 responses.
   */
  transform(wrap: (next: Handler) => Handler): Routes {
    return new RoutesImpl([{ kind: 'wrapped', routes: this, wrap }], this.hooks);
  }

  /**
   * These routes mounted under a path prefix: `routes.nest('v1')` serves `GET /users` at
   * `GET /v1/users`, and a request outside the prefix does not match here (so nested groups
   * concatenate). The spec's device for versioned paths is a middleware that rewrites the path
   * (`updateURL`); this is that rewrite, scoped to one group: how a generated server serves its
   * document's base path (the path of its `servers` URL).
   */
  nest(prefix: string): Routes {
    const mount = prefix.split('/').filter((s) => s !== '');
    if (mount.length === 0) return this;
    return this.transform((next) => (request) => {
      const canon = request.canonicalPath;
      if (!canon.ok || canon.segments.length < mount.length) return noRoute;
      for (let i = 0; i < mount.length; i++) if (canon.segments[i] !== mount[i]) return noRoute;
      // The rest of the path as sent (still encoded): the canonical segments match it one for one.
      const url = request.url;
      const q = url.indexOf('?');
      const raw = (q < 0 ? url : url.slice(0, q)).split('/').slice(1 + mount.length);
      return next(request.withURL(`/${raw.join('/')}${q < 0 ? '' : url.slice(q)}`));
    });
  }

  /** @internal The dispatcher without the top-level canonical-path check and 404/405 rendering. */
  dispatcher(): Handler {
    const parts: Handler[] = [];
    let pending: Route[] = [];
    const flush = () => {
      if (pending.length > 0) parts.push(routerHandler(new Router(pending)));
      pending = [];
    };
    for (const u of this.units) {
      if (u.kind === 'route') pending.push(u.route);
      else {
        flush();
        parts.push(u.wrap(u.routes.dispatcher()));
      }
    }
    flush();
    if (parts.length === 0) return () => noRoute;
    if (parts.length === 1) return parts[0];
    return async (request) => {
      const allow = new Set<string>();
      let headers = Headers.empty;
      for (const part of parts) {
        const response = await part(request);
        if (response.unmatched === undefined) return response;
        for (const m of response.unmatched) allow.add(m);
        // Headers a group's middleware put on its "no match" (CORS, tracing) are kept for the final 404/405.
        headers = headers.merge(response.headers);
      }
      return allow.size > 0 || headers !== Headers.empty ? Response.unmatched([...allow], headers) : noRoute;
    };
  }

  /**
   * The whole application as one handler: canonicalises the path (400 when refused), dispatches,
   * and renders an unmatched request as 404, or 405 with `Allow`. Compiled once and cached.
   */
  toHandler(): Handler {
    return (this.#handler ??= this.#compile(false));
  }

  /**
   * @internal {@link toHandler} for a server: when every unit is a plain route (no wrapped
   * group), a promise can only come from a matched route, whose answer is never "unmatched", so
   * it is handed over as it is — one promise reaction (a microtask) less per request.
   */
  toServerHandler(): Handler {
    return (this.#serverHandler ??= this.#compile(this.units.every((u) => u.kind === 'route')));
  }

  #serverHandler: Handler | undefined;

  #compile(direct: boolean): Handler {
    const dispatch = this.dispatcher();
    const { onError, notFound } = this.hooks;
    const finish = (request: Request, response: Response): Response => {
      const allow = response.unmatched;
      if (allow === undefined) return response;
      let answer: Response;
      if (allow.length > 0) {
        answer = Response.fromHttpError(
          HttpError.of(HttpErrors.METHOD_NOT_ALLOWED, [request.method], {
            headers: { allow: sortMethods(allow).join(', ') },
          }),
        );
      } else {
        answer = notFound === undefined ? Response.notFound() : notFoundAnswer(notFound, request);
      }
      return response.headers.names().length === 0
        ? answer
        : new Response(answer.status, response.headers.merge(answer.headers), answer.body);
    };
    return (request) => {
      const canon = request.canonicalPath;
      if (!canon.ok) return Response.fromHttpError(HttpError.of(HttpErrors.MALFORMED_PATH, [canon.reason]));
      if (onError !== undefined) request.attributes.set(ErrorHookKey, onError);
      const end = (r: Response) => finish(request, r);
      // Only a matched route answers with a promise here, and its answer is never "unmatched":
      // the promise goes to the server as it is, whose runner answers a rejection.
      if (direct) return answerSync(dispatch, request, end);
      return answerThen(dispatch, request, end);
    };
  }

  /** Runs one request through the routes without a server (useful in tests). */
  async run(request: Request): Promise<Response> {
    return this.toHandler()(request);
  }
}

const methodOrder: readonly string[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'CONNECT'];
function sortMethods(methods: readonly string[]): string[] {
  if (methods.includes('*')) return [...methodOrder];
  return [...new Set(methods)].sort((a, b) => methodOrder.indexOf(a) - methodOrder.indexOf(b));
}

/** The application's own 404; one that throws gets the runtime's 404 (the throw is reported). */
function notFoundAnswer(notFound: (request: Request) => Response, request: Request): Response {
  try {
    const own = notFound(request);
    if (own instanceof Response) return own;
  } catch (error) {
    request.reportFatal(error);
  }
  return Response.notFound();
}

function routerHandler(router: Router): Handler {
  return (request) => {
    const canon = request.canonicalPath;
    if (!canon.ok) return noRoute;
    const m = router.match(request.method, canon.segments, request.path);
    if (m.kind === 'found') {
      request.params = m.params;
      return m.route.handler(request);
    }
    return m.kind === 'methodNotAllowed' ? Response.unmatched(m.allow) : noRoute;
  };
}

/** The spec's `Routes` collection type. */
export type Routes = RoutesImpl;

/** Builds a collection from routes and other collections: `Routes(route1, route2)`. */
export const Routes = Object.assign((...items: Array<Route | Routes>): Routes => new RoutesImpl([]).concat(...items), {
  /** No routes: every request answers 404. */
  empty: new RoutesImpl([]) as Routes,
  /** True when the value is a routes collection. */
  is: (value: unknown): value is Routes => value instanceof RoutesImpl,
});
