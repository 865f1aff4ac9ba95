import { basicAuth } from './basicAuth.ts';
import { bearerAuth } from './bearerAuth.ts';
import { aroundRoutesMiddleware, identity, makeMiddleware, perRouteMiddleware } from './core.ts';
import { cors } from './cors.ts';
import { debug } from './debug.ts';
import { logAnnotate, logAnnotateHeaders } from './logAnnotate.ts';
import { metrics } from './metrics.ts';
import { requestLogging } from './requestLogging.ts';
import { serveDirectory } from './serveDirectory.ts';
import { serveResources } from './serveResources.ts';
import { timeout } from './timeout.ts';
import { updateURL } from './updateURL.ts';
import type { Middleware as MiddlewareType } from './core.ts';

export { aroundRoutesMiddleware, makeMiddleware, perRouteMiddleware } from './core.ts';

/** The spec's `Middleware` (declared in core.ts, next to the builders every middleware uses). */
export type Middleware = MiddlewareType;

/**
 * The spec's `Middleware.*` operations. Handler middleware (auth, timeout, logging, metrics,
 * annotations, cors) wraps each route and runs after routing; `updateURL` wraps the whole
 * collection and runs before it (docs/decisions.md, "Middleware").
 */
export const Middleware = {
  /** Logs each request and response (INFO, credentials redacted). */
  debug,
  requestLogging,
  basicAuth,
  bearerAuth,
  timeout,
  cors,
  metrics,
  logAnnotate,
  logAnnotateHeaders,
  updateURL,
  serveDirectory,
  serveResources,
  /** Builds a middleware from its `apply` function. */
  make: makeMiddleware,
  /** A middleware wrapping each route's handler, given the route. */
  perRoute: perRouteMiddleware,
  /** A middleware wrapping the whole collection's dispatch (sees requests before routing). */
  aroundRoutes: aroundRoutesMiddleware,
  /** Changes nothing. */
  identity,
} as const;
