import { performance } from 'node:perf_hooks';
import type { Headers } from '../http/Headers.ts';
import { Log } from '../log/Log.ts';
import { perRouteMiddleware } from './core.ts';
import { settle } from './handlerResult.ts';
import type { Middleware } from './core.ts';

// Credentials never reach a log, even a debugging one.
const redacted = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie']);

function headerRecord(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of headers.names()) out[name] = redacted.has(name) ? '<redacted>' : (headers.get(name) ?? '');
  return out;
}

/**
 * The spec's `Middleware.debug`: logs each request to a wrapped route ("Http request received":
 * method, url, headers) and its response ("Http response sent": status, headers, duration), at
 * INFO through the runtime's logger. Credential headers are redacted.
 */
export const debug: Middleware = perRouteMiddleware((next, route) => async (request) => {
  const log = Log.get();
  const start = performance.now();
  log.info(
    {
      route: route.pattern.toString(),
      method: request.method,
      url: request.url,
      headers: headerRecord(request.headers),
    },
    'Http request received',
  );
  const response = await settle(next, request);
  log.info(
    {
      method: request.method,
      url: request.url,
      status_code: response.status,
      duration_ms: Math.round((performance.now() - start) * 1000) / 1000,
      // The body's media type is sent as Content-Type when the headers have none.
      headers: {
        ...(response.body.contentType !== undefined && !response.body.isEmpty
          ? { 'content-type': response.body.contentType }
          : {}),
        ...headerRecord(response.headers),
      },
    },
    'Http response sent',
  );
  return response;
});
