import { HttpError } from '../http/HttpError.ts';
import { Response } from '../http/Response.ts';
import type { Duration } from '../util/Duration.ts';
import { perRouteMiddleware } from './core.ts';
import type { Middleware } from './core.ts';
import { ConfigErrors, HttpErrors, configError } from '../errors/catalogue.ts';

/** The reason a timed-out handler's `request.signal` carries (`signal.reason`). */
export class RequestTimeoutError extends Error {
  readonly duration: Duration;
  constructor(duration: Duration) {
    super(`The request took longer than ${duration} ms`);
    this.name = 'TimeoutError';
    this.duration = duration;
  }
}

/**
 * The spec's `Middleware.timeout(duration)`: when a wrapped route's handler has not produced a
 * response within `duration`, the client gets 408 and the handler's `request.signal` is aborted
 * (with a {@link RequestTimeoutError}) so its work can stop. A response already being streamed
 * is not cut: the limit is on producing the response.
 */
export function timeout(duration: Duration): Middleware {
  if (!(duration >= 0) || !Number.isFinite(duration)) throw configError(ConfigErrors.BAD_TIMEOUT, duration);
  return perRouteMiddleware((next) => (request) => {
    const controller = new AbortController();
    // The handler's signal fires on either cause: the client left, or the time is up. Built
    // lazily, like the request's own, so handlers that never look pay nothing.
    const inner = request.copy({ signal: () => AbortSignal.any([request.signal, controller.signal]) });
    return new Promise<Response>((resolve, reject) => {
      let settled = false;
      const timer = setTimeout(() => {
        if (settled) return;
        settled = true;
        controller.abort(new RequestTimeoutError(duration));
        // RFC 9110 §15.5.9: a 408 should close the connection.
        resolve(
          Response.fromHttpError(
            HttpError.of(HttpErrors.REQUEST_TIMEOUT, [duration], { headers: { connection: 'close' } }),
          ),
        );
      }, duration);
      let result: Response | Promise<Response>;
      try {
        result = next(inner);
      } catch (error) {
        clearTimeout(timer);
        settled = true;
        reject(error);
        return;
      }
      Promise.resolve(result).then(
        (response) => {
          clearTimeout(timer);
          if (settled) return; // Too late: the client already has its 408.
          settled = true;
          resolve(response);
        },
        (error: unknown) => {
          clearTimeout(timer);
          if (settled) return; // A late failure (often the abort itself) has nobody to tell.
          settled = true;
          reject(error);
        },
      );
    });
  });
}
