import { DecodeError } from '../codec/DecodeError.ts';
import { Body } from '../http/Body.ts';
import { HttpError } from '../http/HttpError.ts';
import type { Request } from '../http/Request.ts';
import { Response } from '../http/Response.ts';
import { Status } from '../http/Status.ts';

/** Request attribute holding an unexpected error a handler threw, for the server's warning log. */
export const FatalErrorKey: unique symbol = Symbol('kitgen.fatalError');

const internalBody = JSON.stringify({ error: 'Internal Server Error', message: 'The server failed to handle the request' });

/**
 * Turns anything a handler threw into the client's answer: an {@link HttpError} gives its own
 * status, a {@link DecodeError} a 400 naming the place, a thrown {@link Response} itself, and
 * anything else a bare 500 that reveals nothing (the error is kept on the request for logging).
 */
export function errorResponse(error: unknown, request: Request | undefined): Response {
  if (error instanceof Response) return error;
  if (error instanceof HttpError) return Response.fromHttpError(error);
  if (error instanceof DecodeError) {
    return Response.json({ error: 'Bad Request', ...error.toJSON() }, Status.BadRequest);
  }
  request?.attributes.set(FatalErrorKey, error);
  return new Response(Status.InternalServerError, undefined, Body.fromString(internalBody, 'application/json'));
}
