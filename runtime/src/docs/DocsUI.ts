import { Body } from '../http/Body.ts';
import { HttpError } from '../http/HttpError.ts';
import type { Request } from '../http/Request.ts';
import { Response } from '../http/Response.ts';
import { Status } from '../http/Status.ts';
import { OpenAPI } from '../openapi/OpenAPI.ts';
import { PathCodec } from '../routing/PathCodec.ts';
import { Route } from '../routing/Route.ts';
import { RoutePattern, type Segment } from '../routing/RoutePattern.ts';
import { Routes } from '../routing/Routes.ts';
import { docsContentSecurityPolicy, docsPage, initializerScript } from './docsPage.ts';
import { servedPathOf, servingOriginFirst } from './servingOriginFirst.ts';
import { assetOf, swaggerAsset, swaggerUiDist, type Asset } from './swaggerAssets.ts';
import { ConfigErrors, HttpErrors, configError } from '../errors/catalogue.ts';

/** Options of {@link DocsUI.routes}. */
export interface DocsUIOptions {
  /** The page title (default: the document's title followed by "API documentation", or "documentation" when it ends in "API"). */
  readonly title?: string;
  /**
   * The server the page lists first, which "Try it out" calls: a URL, relative to the page's
   * origin or absolute. Default: the path of the document's first server URL on the page's own
   * origin (where a generated server serves the operations), before the document's servers;
   * `false` lists the document's servers as they are.
   */
  readonly serverUrl?: string | false;
}

/** Assets versioned by their URL (`?v=` the page wrote) never change; others are revalidated after an hour. */
const immutable = 'public, max-age=31536000, immutable';
const revalidate = 'public, max-age=3600';

function answer(request: Request, asset: Asset, cacheControl: string, extra: Record<string, string> = {}): Response {
  const headers = { etag: asset.etag, 'cache-control': cacheControl, 'x-content-type-options': 'nosniff', ...extra };
  const inm = request.headers.get('if-none-match');
  if (inm !== undefined && inm.split(',').some((t) => t.trim().replace(/^W\//, '') === asset.etag))
    return new Response(Status.NotModified, headers);
  return new Response(Status.Ok, headers, Body.fromBytes(asset.bytes, asset.contentType));
}

/**
 * The spec's `DocsUI`: `routes(pathPrefix, openAPI)` serves Swagger UI for the document at the
 * prefix — `GET /<prefix>` the page, `/<prefix>/openapi.json` (and `.yaml`) the document, and the
 * `swagger-ui-dist` files beside them — from the installed package, so it works offline. The
 * served document lists the page's own server first, so "Try it out" calls this server and not
 * the production servers a published document names.
 */
export const DocsUI = {
  /** Routes serving the docs page of `openAPI` at `pathPrefix` (e.g. `'docs/openapi'`). */
  routes(pathPrefix: string, openAPI: OpenAPI, options: DocsUIOptions = {}): Routes {
    const literals = pathPrefix.split('/').filter((s) => s !== '');
    for (const l of literals) if (l === '.' || l === '..') throw configError(ConfigErrors.BAD_DOCS_PREFIX, pathPrefix);
    const version = swaggerUiDist().version;
    // "Pets API" reads "Pets API documentation", not "Pets API API documentation".
    const title =
      options.title ??
      (/\bapi$/i.test(openAPI.title.trim())
        ? `${openAPI.title.trim()} documentation`
        : `${openAPI.title} API documentation`);
    // The document is written once: routes serve a snapshot of it, this server first.
    const serverUrl = options.serverUrl ?? servedPathOf(openAPI.document);
    const served = serverUrl === false ? openAPI : OpenAPI.trusted(servingOriginFirst(openAPI.document, serverUrl));
    const json = assetOf('openapi.json', new TextEncoder().encode(served.toJson()));
    let yaml: Asset | undefined;
    const initializer = assetOf('swagger-initializer.js', new TextEncoder().encode(initializerScript()));
    const initializerTag = initializer.etag.slice(1, 9);
    const pages = new Map<string, Asset>();
    const page = (base: string): Asset => {
      let p = pages.get(base);
      if (!p)
        pages.set(
          base,
          (p = assetOf('index.html', new TextEncoder().encode(docsPage(title, base, version, initializerTag)))),
        );
      return p;
    };
    const segments: Segment[] = [...literals, PathCodec.trailing('file')];
    // The prefix is only known at run time, so the pattern's parameter tuple is stated here.
    const pattern = RoutePattern.GET(...segments) as unknown as RoutePattern<[string]>;
    const route = Route.handled(pattern, async (request, file) => {
      const v = request.query.get('v');
      switch (file) {
        case '':
        case 'index.html': {
          // Relative URLs from the page: `/docs/openapi` needs `openapi/x`, `/docs/openapi/` needs `./x`.
          const path = request.path;
          const last = path.slice(path.lastIndexOf('/') + 1);
          const base = file === 'index.html' || path.endsWith('/') || last === '' ? './' : `${last}/`;
          return answer(request, page(base), 'no-cache', {
            'content-security-policy': docsContentSecurityPolicy,
            'referrer-policy': 'no-referrer',
          });
        }
        case 'openapi.json':
          return answer(request, json, 'no-cache');
        case 'openapi.yaml':
          yaml ??= assetOf('openapi.yaml', new TextEncoder().encode(served.toYaml()));
          return answer(request, yaml, 'no-cache');
        case 'swagger-initializer.js':
          return answer(request, initializer, v === initializerTag ? immutable : revalidate);
        default: {
          const asset = await swaggerAsset(file);
          if (!asset) return Response.fromHttpError(HttpError.of(HttpErrors.NO_SUCH_FILE, []));
          return answer(request, asset, v === version ? immutable : revalidate);
        }
      }
    });
    return Routes(route);
  },
} as const;
