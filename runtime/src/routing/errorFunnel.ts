import { DecodeError } from '../errors/DecodeError.ts';
import { Body } from '../http/Body.ts';
import { HttpError } from '../http/HttpError.ts';
import type { Request } from '../http/Request.ts';
import { Response } from '../http/Response.ts';
import { Status } from '../http/Status.ts';
import type { Handler } from './Handler.ts';
import { HttpErrors } from '../errors/catalogue.ts';

// The one road from a thrown error to the client's answer (as Hono's `#handleError`): every
// place that runs a handler — a route, the routes' top, the server, the WebSocket upgrade,
// observing middleware — hands what was thrown to `errorAnswer` and nothing else decides.

const internalBody = JSON.stringify({ error: 'Internal Server Error', message: HttpErrors.INTERNAL.message() });

/** The bare 500 that reveals nothing; also what the server sends when a response cannot be written. */
export function internalError(): Response {
  return new Response(Status.InternalServerError, undefined, Body.fromString(internalBody, 'application/json'));
}

/**
 * Turns anything a handler threw into the client's answer: an {@link HttpError} gives its own
 * status, a {@link DecodeError} a 400 naming the place, a thrown {@link Response} itself, and
 * anything else a bare 500. That last one is fatal: it is reported once, here, to whoever serves
 * the request (the server's warning log), never to the client.
 */
export function errorAnswer(error: unknown, request: Request | undefined): Response {
  if (error instanceof Response) return error;
  if (error instanceof HttpError) return Response.fromHttpError(error);
  if (error instanceof DecodeError) return Response.json({ error: 'Bad Request', ...error.toJSON() }, Status.BadRequest);
  request?.reportFatal(error);
  return internalError();
}

/**
 * Runs a handler so that it always answers: a synchronous throw or a rejection becomes
 * {@link errorAnswer}. Stays synchronous when the handler does (a promise layer per request costs).
 */
export function answer(handler: Handler, request: Request): Response | Promise<Response> {
  let result: Response | Promise<Response>;
  try {
    result = handler(request);
  } catch (error) {
    return errorAnswer(error, request);
  }
  if (result instanceof Response) return result;
  return result.then(undefined, (error: unknown) => errorAnswer(error, request));
}
