import { Response } from '../http/Response.ts';
import type { Handler } from './Handler.ts';
import type { Route } from './Route.ts';

/**
 * The answer of a route whose request does not match its description after all (spec endpoint
 * rule 2: a required header is missing). The router then tries the next route registered for
 * the same method and path; when none takes the request, this response (a 400) is sent.
 */
export class Declined extends Response {}

/** One handler trying routes of the same method and path in order, moving on when one declines. */
export function fallthrough(routes: readonly Route[]): Handler {
  return async (request) => {
    let first: Response | undefined;
    for (const route of routes) {
      const response = await route.handler(request);
      if (!(response instanceof Declined)) return response;
      first ??= response;
    }
    return first!;
  };
}
