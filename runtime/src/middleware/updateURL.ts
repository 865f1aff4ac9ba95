import { aroundRoutesMiddleware } from './core.ts';
import type { Middleware } from './Middleware.ts';

// Host texts that are safe to put into a URL base; anything else falls back to localhost so a
// hostile Host header can neither break parsing nor smuggle a path.
const plainHost = /^[A-Za-z0-9.-]+(?::\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](?::\d{1,5})?$/;

/**
 * The spec's `Middleware.updateURL(f)`: rewrites each request's URL before routing, so the
 * wrapped routes see (and match) the new one. `f` gets a WHATWG `URL` (host from the `Host`
 * header) and returns the URL to use; only its path and query are kept.
 * Example: `url => (url.pathname.startsWith('/api/') ? new URL('/v1' + url.pathname + url.search, url) : url)`.
 */
export function updateURL(f: (url: URL) => URL): Middleware {
  return aroundRoutesMiddleware((next) => (request) => {
    const host = request.headers.get('host');
    const base = `http://${host !== undefined && plainHost.test(host) ? host : 'localhost'}`;
    // Concatenated, not resolved against the base: a path such as `//x` must stay a path.
    const updated = f(new URL(base + request.url));
    const url = updated.pathname + updated.search;
    return next(url === request.url ? request : request.copy({ url }));
  });
}
