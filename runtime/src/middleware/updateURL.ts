import { aroundRoutesMiddleware } from './core.ts';
import type { Middleware } from './core.ts';

/**
 * The spec's `Middleware.updateURL(f)`: rewrites each request's URL before routing, so the
 * wrapped routes see (and match) the new one. `f` gets the request's WHATWG `URL`
 * (`request.toURL()`: host from a well-formed `Host`, else localhost) and returns the URL to use;
 * only its path and query are kept.
 * Example: `url => (url.pathname.startsWith('/api/') ? new URL('/v1' + url.pathname + url.search, url) : url)`.
 */
export function updateURL(f: (url: URL) => URL): Middleware {
  return aroundRoutesMiddleware((next) => (request) => {
    const updated = f(request.toURL());
    const url = updated.pathname + updated.search;
    return next(url === request.url ? request : request.withURL(url));
  });
}
