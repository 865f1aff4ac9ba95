import { performance } from 'node:perf_hooks';
import type { Level } from 'pino';
import { Body } from '../http/Body.ts';
import type { Request } from '../http/Request.ts';
import type { Response } from '../http/Response.ts';
import { Log } from '../log/Log.ts';
import { perRouteMiddleware } from './core.ts';
import { countingBody, knownBodySize, sendsNoBody, settle } from './handlerResult.ts';
import { annotationsInEffect } from '../log/logAnnotationContext.ts';
import type { Middleware } from './core.ts';

/** Options of {@link requestLogging}; by default every entry is written at INFO, as the spec says. */
export interface RequestLoggingOptions {
  /** The level of an entry, fixed or chosen from the status code. */
  readonly level?: Level | ((status: number) => Level);
  /** Request headers to log (as `request_headers`), by name. None by default: they may hold secrets. */
  readonly loggedRequestHeaders?: readonly string[];
  /** Response headers to log (as `response_headers`), by name. */
  readonly loggedResponseHeaders?: readonly string[];
}

/** The message of every request log entry (spec: "Request log entry"). */
export const requestLogMessage = 'Http request served';

function pick(
  headers: { get(name: string): string | undefined },
  names: readonly string[] | undefined,
): Record<string, string> | undefined {
  if (!names || names.length === 0) return undefined;
  const out: Record<string, string> = {};
  for (const n of names) {
    const v = headers.get(n);
    if (v !== undefined) out[n.toLowerCase()] = v;
  }
  return out;
}

/** Counts the bytes of a streamed request body of unknown length as the handler reads them. */
function countedRequest(request: Request): { request: Request; size: () => number } {
  const body = request.body;
  const declared =
    body.contentLength ??
    (request.headers.has('content-length') ? Number(request.headers.get('content-length')) : undefined);
  if (declared !== undefined && Number.isFinite(declared)) return { request, size: () => declared };
  if (body.source.kind !== 'stream') return { request, size: () => 0 };
  let read = 0;
  const counted = Body.fromLazyStream(
    async function* () {
      for await (const chunk of body.asStream()) {
        read += chunk.byteLength;
        yield chunk;
      }
    },
    body.contentType,
    undefined,
  );
  return { request: request.copy({ body: counted }), size: () => read };
}

/**
 * The spec's `Middleware.requestLogging()`: one entry per request to a wrapped route, message
 * "Http request served", with `method`, `url`, `status_code`, `duration_ms`, `request_size`,
 * `response_size` and the log annotations in effect where it is attached. A body of unknown
 * length is counted as it is sent, and the entry written (with the duration so far) when it ends.
 */
export function requestLogging(options: RequestLoggingOptions = {}): Middleware {
  const levelOf =
    typeof options.level === 'function' ? options.level : () => (options.level as Level | undefined) ?? 'info';
  return perRouteMiddleware((next) => async (original) => {
    const start = performance.now();
    // Read here, not when the entry is written: annotations attached inside this middleware
    // must not show (spec: the log annotation rule), and a streamed body ends in another context.
    const annotations = annotationsInEffect();
    const { request, size: requestSize } = countedRequest(original);
    const response = await settle(next, request);
    const write = (responseSize: number, final: Response) => {
      const level = levelOf(final.status);
      Log.get()[level](
        {
          ...annotations,
          method: original.method,
          url: original.url,
          status_code: final.status,
          duration_ms: Math.round((performance.now() - start) * 1000) / 1000,
          request_size: requestSize(),
          response_size: responseSize,
          request_headers: pick(original.headers, options.loggedRequestHeaders),
          response_headers: pick(final.headers, options.loggedResponseHeaders),
        },
        requestLogMessage,
      );
    };
    if (sendsNoBody(original, response)) {
      write(0, response);
      return response;
    }
    const size = await knownBodySize(response.body);
    if (size !== undefined) {
      write(size, response);
      return response;
    }
    let written = false;
    const counted = response.withBody(
      countingBody(response.body, (bytes) => {
        if (written) return;
        written = true;
        write(bytes, response);
      }),
    );
    return counted;
  });
}
