import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeMiddleware } from './core.ts';
import type { Middleware } from './core.ts';
import { staticFilesRoute, type StaticFilesOptions } from './staticFiles.ts';

/** Options of {@link serveResources}. */
export interface ServeResourcesOptions extends StaticFilesOptions {
  /**
   * Where the resources live: a directory, or a module's `import.meta.url` (its directory is
   * used). Default: the working directory, as for Node's other asset helpers.
   */
  readonly from?: string | URL;
}

function baseDirectory(from: string | URL | undefined): string {
  if (from === undefined) return process.cwd();
  const text = from instanceof URL ? from.href : from;
  return text.startsWith('file:') ? dirname(fileURLToPath(text)) : resolve(text);
}

/**
 * The spec's `Middleware.serveResources(path, resourcePrefix = "public")`: serves the files the
 * application ships under `<from>/<resourcePrefix>` at `GET <prefix>/…`, with the same rules as
 * `serveDirectory`. (Resources are files packaged with the code; see docs/spec-mapping.md.)
 */
export function serveResources(
  prefix: string,
  resourcePrefix = 'public',
  options: ServeResourcesOptions = {},
): Middleware {
  const root = resolve(baseDirectory(options.from), resourcePrefix);
  const route = staticFilesRoute(prefix, async () => root, options);
  return makeMiddleware((routes) => routes.concat(route));
}
