import { resolve } from 'node:path';
import { makeMiddleware } from './core.ts';
import type { Middleware } from './core.ts';
import { staticFilesRoute, type StaticFilesOptions } from './staticFiles.ts';

/**
 * The spec's `Middleware.serveDirectory(path, docRoot)`: adds a route serving the files under
 * `directory` at `GET <prefix>/…` (see {@link StaticFilesOptions}). The other routes keep
 * precedence on paths they also match.
 */
export function serveDirectory(prefix: string, directory: string, options: StaticFilesOptions = {}): Middleware {
  const root = resolve(directory);
  const route = staticFilesRoute(prefix, async () => root, options);
  return makeMiddleware((routes) => routes.concat(route));
}
