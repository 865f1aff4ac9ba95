import type { Handler } from '../routing/Handler.ts';
import type { Route } from '../routing/Route.ts';
import type { Routes, RoutesTransform } from '../routing/Routes.ts';

/**
 * The spec's `Middleware`: one operation, `apply(routes) → routes`; it may change, add or remove
 * routes. `routes.pipe(m)` is the spec's `routes @@ m`; `f1.andThen(f2)` is `f1 ++ f2`.
 */
export interface Middleware extends RoutesTransform {
  apply(routes: Routes): Routes;
  /** Composition, applied left to right: `f1.andThen(f2)` turns routes into f2(f1(routes)). */
  andThen(next: Middleware): Middleware;
}

/** Builds a middleware from its `apply` function. */
export function makeMiddleware(apply: (routes: Routes) => Routes): Middleware {
  const m: Middleware = {
    apply,
    andThen: (next) => makeMiddleware((routes) => next.apply(apply(routes))),
  };
  return m;
}

/**
 * A middleware that wraps each route's handler (the spec's handler aspect). Only routes in the
 * collection it is attached to are affected; unmatched requests never reach it.
 */
export function perRouteMiddleware(wrap: (next: Handler, route: Route) => Handler): Middleware {
  return makeMiddleware((routes) => routes.mapRoutes((route) => route.withHandler(wrap(route.handler, route))));
}

/**
 * A middleware that wraps the dispatch of the whole collection: it sees each request before
 * routing (so it may rewrite the URL) and every answer, 404 and 405 included.
 */
export function aroundRoutesMiddleware(wrap: (next: Handler) => Handler): Middleware {
  return makeMiddleware((routes) => routes.transform(wrap));
}

/** The middleware that changes nothing: `routes.pipe(Middleware.identity)` is `routes`. */
export const identity: Middleware = makeMiddleware((routes) => routes);
