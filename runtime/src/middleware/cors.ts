import { Header, type WildcardList } from '../http/Header.ts';
import { HttpError } from '../http/HttpError.ts';
import type { Request } from '../http/Request.ts';
import { Response } from '../http/Response.ts';
import { Status } from '../http/Status.ts';
import type { Handler } from '../routing/Handler.ts';
import { Route } from '../routing/Route.ts';
import { RoutePattern, type Segment } from '../routing/RoutePattern.ts';
import { Routes } from '../routing/Routes.ts';
import { CorsConfig } from './CorsConfig.ts';
import { makeMiddleware } from './core.ts';
import type { Middleware } from './core.ts';
import { HttpErrors } from '../errors/catalogue.ts';

/** Response headers a browser always exposes (Fetch: CORS-safelisted response header names). */
const safelisted = new Set([
  'cache-control',
  'content-language',
  'content-length',
  'content-type',
  'expires',
  'last-modified',
  'pragma',
]);

function list(v: WildcardList<string>): string | undefined {
  return v.kind === 'None' ? undefined : v.kind === 'All' ? '*' : v.values.join(', ');
}

function addVary(response: Response, names: readonly string[]): Response {
  const existing = response.headers.get('vary');
  const have = new Set(
    (existing ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
  );
  if (have.has('*')) return response;
  const more = names.filter((n) => !have.has(n.toLowerCase()));
  if (more.length === 0) return response;
  return response.setHeader('vary', existing ? `${existing}, ${more.join(', ')}` : more.join(', '));
}

/** A CORS preflight: OPTIONS with `Origin` and `Access-Control-Request-Method`. */
export function isPreflight(request: Request): boolean {
  return (
    request.method === 'OPTIONS' &&
    request.headers.has('origin') &&
    request.headers.has('access-control-request-method')
  );
}

/**
 * The headers of an allowed CORS answer. Credentials are never combined with a literal `*`
 * (browsers reject that): the origin, the requested method and headers are echoed instead, and
 * `Vary` names what the answer was derived from.
 */
function corsHeaders(
  config: CorsConfig,
  request: Request,
  origin: string,
  response: Response,
  preflight: boolean,
): Response {
  const allowed = config.allowedOrigin(origin);
  // Even a literal `*` answer depends on Origin (another origin may be refused).
  const vary: string[] = ['Origin'];
  let r = response;
  if (allowed === undefined) return addVary(r, vary);
  const credentials = config.allowCredentials;
  const literalAll = allowed.kind === 'All' && !credentials;
  r = r.setHeader('access-control-allow-origin', literalAll ? '*' : allowed.kind === 'All' ? origin : allowed.origin);
  if (credentials) r = r.setHeader('access-control-allow-credentials', 'true');

  const requestedMethod = request.headers.get('access-control-request-method');
  let methods = list(config.allowedMethods as WildcardList<string>);
  if (methods === '*' && credentials && preflight && requestedMethod) {
    methods = requestedMethod;
    vary.push('Access-Control-Request-Method');
  }
  if (methods !== undefined) r = r.setHeader('access-control-allow-methods', methods);

  // `*` never covers Authorization (Fetch standard), and means nothing with credentials, so
  // "all headers" echoes the list the browser asked for.
  const requestedHeaders = request.headers.get('access-control-request-headers');
  let headers = list(config.allowedHeaders);
  if (headers === '*' && preflight && requestedHeaders) {
    headers = requestedHeaders;
    vary.push('Access-Control-Request-Headers');
  }
  if (headers !== undefined) r = r.setHeader('access-control-allow-headers', headers);

  if (preflight) {
    if (config.maxAge !== undefined)
      r = r.setHeader('access-control-max-age', Header.AccessControlMaxAge.render(config.maxAge));
  } else {
    let exposed = list(config.exposedHeaders);
    if (exposed === '*' && credentials) {
      // With credentials `*` is a header literally named "*": list the headers this answer has.
      const names = r.headers.names().filter((n) => !safelisted.has(n) && !n.startsWith('access-control-'));
      exposed = names.length > 0 ? names.join(', ') : undefined;
    }
    if (exposed !== undefined) r = r.setHeader('access-control-expose-headers', exposed);
  }
  return addVary(r, vary);
}

function corsHandler(config: CorsConfig, next: Handler): Handler {
  return async (request) => {
    const origin = request.headers.get('origin');
    if (isPreflight(request) && origin !== undefined) {
      if (config.allowedOrigin(origin) === undefined) {
        // Rule 4: no allow-origin value. Answered here: a preflight is not a request for the handler.
        return addVary(Response.fromHttpError(HttpError.of(HttpErrors.ORIGIN_NOT_ALLOWED, [])), ['Origin']);
      }
      return corsHeaders(config, request, origin, Response.status(Status.NoContent), true);
    }
    const response = await next(request);
    // Answers may depend on Origin, so caches must keep them apart, even the one without Origin.
    if (origin === undefined) return addVary(response, ['Origin']);
    return corsHeaders(config, request, origin, response, false);
  };
}

function pathKey(route: Route): string {
  return route.pattern.segments
    .map((s) =>
      s.kind === 'literal'
        ? `l:${s.text}`
        : s.kind === 'mixed'
          ? `m:${s.parts.map((p) => (p.kind === 'literal' ? p.text : `{${p.codec.kind}}`)).join('')}`
          : s.codec.trailing
            ? 't:'
            : `p:${s.codec.kind}`,
    )
    .join('/');
}

const methodOrder = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE'];

/**
 * Adds an OPTIONS route for every path of this collection level that has none, so preflights
 * are answered for exactly the paths the routes serve (404 stays 404 elsewhere), and recurses
 * into wrapped groups so a group behind `updateURL` gets its own, rewritten, paths.
 */
function withOptionsRoutes(routes: Routes): Routes {
  const pieces: Array<Routes | Route> = [];
  const byPath = new Map<string, { first: Route; methods: Set<string> }>();
  for (const unit of routes.units) {
    if (unit.kind === 'wrapped') {
      pieces.push(withOptionsRoutes(unit.routes).transform(unit.wrap));
      continue;
    }
    const key = pathKey(unit.route);
    const entry = byPath.get(key) ?? { first: unit.route, methods: new Set<string>() };
    entry.methods.add(unit.route.pattern.method);
    byPath.set(key, entry);
    pieces.push(unit.route);
  }
  for (const { first, methods } of byPath.values()) {
    if (methods.has('OPTIONS') || methods.has('*')) continue;
    const segments: Segment[] = first.pattern.segments.map((s) => (s.kind === 'literal' ? s.text : s.codec));
    const all = new Set([...methods, 'OPTIONS']);
    if (all.has('GET')) all.add('HEAD');
    const allow = [...all].sort((a, b) => methodOrder.indexOf(a) - methodOrder.indexOf(b)).join(', ');
    // A plain OPTIONS (not a preflight) is answered with the path's methods.
    pieces.push(Route.fromHandler(RoutePattern.OPTIONS(...segments), () => new Response(Status.NoContent, { allow })));
  }
  return Routes(...pieces);
}

/**
 * The spec's `Middleware.cors(config)` with the spec's four rules: preflights (OPTIONS with
 * `Origin` and `Access-Control-Request-Method`) on the wrapped routes' paths answer 204 with the
 * allow headers; allowed requests get allow-origin, allow-methods and allow-headers from the
 * config; a refused origin gets no allow-origin value (a refused preflight answers 403).
 * Attach authentication before cors (`routes.pipe(basicAuth(…), cors())`): preflights carry no credentials.
 */
export function cors(config: CorsConfig = CorsConfig.default): Middleware {
  return makeMiddleware((routes) =>
    withOptionsRoutes(routes).mapRoutes((route) => route.withHandler(corsHandler(config, route.handler))),
  );
}
