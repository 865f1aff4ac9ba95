import { DecodeError } from '../errors/DecodeError.ts';
import { Body } from '../http/Body.ts';
import { HttpError } from '../http/HttpError.ts';
import type { Request } from '../http/Request.ts';
import { Response } from '../http/Response.ts';
import { Status } from '../http/Status.ts';
import type { Handler } from './Handler.ts';
import { HttpErrors } from '../errors/catalogue.ts';
import { errorBodyText, errorMediaType } from '../errors/errorBody.ts';
import { ErrorHookKey } from '../util/symbols.ts';

// The one road from a thrown error to the client's answer (as Hono's `#handleError`): every
// place that runs a handler — a route, an endpoint, the routes' top, the server as a last
// resort, the WebSocket upgrade, observing middleware — runs it through `answer` here, and
// nothing else turns an error into a response.

const internalBody = errorBodyText(Status.InternalServerError, HttpErrors.INTERNAL.message());

/** The bare 500 that reveals nothing; also what the server sends when a response cannot be written. */
export function internalError(): Response {
  return new Response(Status.InternalServerError, undefined, Body.fromString(internalBody, errorMediaType));
}

/**
 * A thrown value that renders itself as an answer: an application's own error class may (an
 * {@link HttpError} renders from its status, headers and `toJSON`). What it gives is sent as it is.
 */
export interface RendersResponse {
  toResponse(): Response;
}

/**
 * An application's last word on a thrown error (`Routes#onError`): the answer to send instead
 * of the runtime's, or undefined to keep the runtime's. It sees everything a handler threw
 * except a thrown {@link Response} (already an answer); it runs synchronously, and if it throws
 * the runtime's answer is sent and the throw is reported like any unexpected error.
 */
export type ErrorHook = (error: unknown, request: Request) => Response | undefined;

/** An answer tried before the runtime's own: an endpoint's declared failures and mapped refusals. */
export type Renderer = (error: unknown, request: Request) => Response | undefined;

const rendersItself = (error: unknown): error is RendersResponse =>
  typeof error === 'object' && error !== null && typeof (error as { toResponse?: unknown }).toResponse === 'function';

/**
 * Turns anything a handler threw into the client's answer: the application's {@link ErrorHook}
 * first, then a thrown {@link Response} itself, an {@link HttpError} its own status and body, an
 * error that renders itself (`toResponse()`), a {@link DecodeError} a 400 naming the place, and
 * anything else a bare 500. That last one is fatal: it is reported once, here, to whoever serves the request (the
 * server's warning log), never to the client.
 */
export function errorAnswer(error: unknown, request: Request | undefined): Response {
  if (error instanceof Response) return error;
  const hook = request?.attributes.get(ErrorHookKey) as ErrorHook | undefined;
  if (hook !== undefined) {
    try {
      const own = hook(error, request!);
      if (own instanceof Response) return own;
    } catch (again) {
      request!.reportFatal(again);
    }
  }
  if (error instanceof HttpError) return Response.fromHttpError(error);
  if (error instanceof DecodeError) return Response.error(Status.BadRequest, error.message, decodeDetails(error));
  if (rendersItself(error)) {
    try {
      const own = error.toResponse();
      if (own instanceof Response) return own;
    } catch (again) {
      request?.reportFatal(again);
      return internalError();
    }
  }
  request?.reportFatal(error);
  return internalError();
}

function decodeDetails(error: DecodeError): Record<string, unknown> {
  const { message: _message, ...details } = error.toJSON();
  return details;
}

/** {@link errorAnswer}, after `render` (an endpoint's own answers) had its chance; a throw from `render` is itself answered. */
function rendered(error: unknown, request: Request, render: Renderer | undefined): Response {
  if (render === undefined) return errorAnswer(error, request);
  try {
    return render(error, request) ?? errorAnswer(error, request);
  } catch (again) {
    return errorAnswer(again, request);
  }
}

/**
 * The runner: runs a handler so that it always answers, a synchronous throw or a rejection
 * becoming {@link errorAnswer} (after `render`, when given). Stays synchronous when the handler
 * does (a promise layer per request costs a microtask).
 */
export function answer(handler: Handler, request: Request, render?: Renderer): Response | Promise<Response> {
  let result: Response | Promise<Response>;
  try {
    result = handler(request);
  } catch (error) {
    return rendered(error, request, render);
  }
  if (result instanceof Response) return result;
  // Promise.resolve: a handler typed loosely (plain JavaScript) may hand back a foreign thenable.
  return Promise.resolve(result).then(undefined, (error: unknown) => rendered(error, request, render));
}

/**
 * {@link answer} followed by `finish` on whatever answers (the handler's response or the error
 * answer), in one promise reaction for both outcomes: a catch layer and then a finish layer would
 * be a microtask more per request.
 */
export function answerThen<T>(handler: Handler, request: Request, finish: (response: Response) => T): T | Promise<T> {
  let result: Response | Promise<Response>;
  try {
    result = handler(request);
  } catch (error) {
    return finish(errorAnswer(error, request));
  }
  if (result instanceof Response) return finish(result);
  // Promise.resolve: a handler typed loosely (plain JavaScript) may hand back a foreign thenable.
  return Promise.resolve(result).then(finish, (error: unknown) => finish(errorAnswer(error, request)));
}

/**
 * For a caller that answers rejections itself (the server, through {@link answerThen}): a
 * synchronous answer or throw is settled and finished here, a promise is handed back untouched
 * — one promise reaction less per request than {@link answer}.
 */
export function answerSync(
  handler: Handler,
  request: Request,
  finish: (response: Response) => Response,
): Response | Promise<Response> {
  let result: Response | Promise<Response>;
  try {
    result = handler(request);
  } catch (error) {
    return finish(errorAnswer(error, request));
  }
  return result instanceof Response ? finish(result) : result;
}

/**
 * The runner's asynchronous step: `next` on the value `pending` resolves to, every throw and
 * rejection answered as by {@link answer} (after `render`), in one promise reaction. A handler
 * whose answer comes in steps (decode, then handle, then encode) chains them with this instead
 * of a catch of its own.
 */
export function answerLater<T>(
  pending: PromiseLike<T>,
  request: Request,
  next: (value: T) => Response | Promise<Response>,
  render?: Renderer,
): Promise<Response> {
  return Promise.resolve(pending).then(
    (value) => {
      try {
        return next(value);
      } catch (error) {
        return rendered(error, request, render);
      }
    },
    (error: unknown) => rendered(error, request, render),
  );
}

/**
 * {@link answer} for a handler whose promises never reject (it chains its steps with
 * {@link answerLater}): a synchronous throw is answered here, a promise handed over as it is.
 */
export function answerSettled(handler: Handler, request: Request, render?: Renderer): Response | Promise<Response> {
  try {
    return handler(request);
  } catch (error) {
    return rendered(error, request, render);
  }
}
