import { CodecConfig } from '../../codec/json/CodecConfig.ts';
import { CodecConfigKey } from '../../util/symbols.ts';
import { Header } from '../../http/Header.ts';
import { HttpError } from '../../http/HttpError.ts';
import type { Request } from '../../http/Request.ts';
import { Response } from '../../http/Response.ts';
import { Status } from '../../http/Status.ts';
import type { Handler } from '../../routing/Handler.ts';
import { Route } from '../../routing/Route.ts';
import { decodePathParams } from '../../routing/decodePathParams.ts';
import { answerLater, answerSettled } from '../../routing/errorFunnel.ts';
import { challenge, challengeHeaders } from '../../errors/challenge.ts';
import type { AuthType } from '../AuthType.ts';
import type { EndpointHandler, EndpointImpl, HandlerContext } from '../Endpoint.ts';
import { EndpointFailure } from '../EndpointFailure.ts';
import { decodeInput } from './decodeInput.ts';
import { requiredHeaders } from './requiredHeaders.ts';
import { bodyMediaGuard, bothGuards } from './bodyMediaGuard.ts';
import { encodeOutput } from './encodeOutput.ts';
import { HttpErrors } from '../../errors/catalogue.ts';
import { runtimeFailureOf, type ErrorMapper } from './RuntimeFailure.ts';
import { mappedFailure } from './mappedFailure.ts';
import { securityCheck, type SecurityRequirements } from './securityRequirements.ts';
import { selectorRefusal, type RouteSelector } from './routeSelector.ts';

/** Options of {@link implementEndpoint}. */
export interface ImplementOptions<E> {
  /** Shapes the runtime's own 4xx answers (bad input, 401, 413, 415) as the endpoint's declared error `E`. */
  readonly mapError?: ErrorMapper<E>;
  /**
   * The credentials the operation's `security` requires, checked for presence before anything is
   * decoded (401 naming them when no alternative is complete). With requirements given, the
   * endpoint's auth type no longer refuses by itself: its credential is handed to the handler
   * when sent, `undefined` when another alternative was used.
   */
  readonly security?: SecurityRequirements;
  /** What picks this operation among those of its method and path (routeSelector.ts); a request it does not pick is refused 400 naming the key. */
  readonly selector?: RouteSelector;
}

/** The credential for the endpoint's auth type when the request carries one of that scheme. */
function offeredCredentials(authType: AuthType, request: Request): unknown {
  if (authType === 'None') return undefined;
  const text = request.headers.get('authorization');
  const parsed = text === undefined ? undefined : Header.Authorization.parse(text);
  if (!parsed || parsed.scheme !== authType) return undefined;
  return parsed.scheme === 'Basic' ? { username: parsed.username, password: parsed.password } : { token: parsed.token };
}

/** The credential for the endpoint's auth type, or a 401 answer with WWW-Authenticate. */
function credentials(authType: AuthType, request: Request): unknown {
  const offered = offeredCredentials(authType, request);
  if (offered !== undefined || authType === 'None') return offered;
  const options = { headers: challengeHeaders([authType]) };
  throw request.headers.get('authorization') === undefined
    ? HttpError.of(HttpErrors.AUTH_REQUIRED, [], options)
    : HttpError.of(HttpErrors.WRONG_AUTH_SCHEME, [authType], options);
}

/** Requirements that say no more than the auth type does (one alternative: its scheme alone) are left to it. */
function beyondAuthType(
  security: SecurityRequirements | undefined,
  authType: AuthType,
): SecurityRequirements | undefined {
  if (security === undefined) return undefined;
  const only = security.length === 1 && security[0].length === 1 ? security[0][0] : undefined;
  return only !== undefined && 'scheme' in only && only.scheme === authType ? undefined : security;
}

/**
 * Turns an endpoint and its handler into a route: decode path, auth, query, headers and body
 * (400/401/415 naming the input, handler not called), run the handler, and encode its output or
 * declared failure (at the status declared for it). Every throw on the way is answered by the
 * runner (routing's errorFunnel.ts), which first offers it to this endpoint's own answers: a
 * declared failure, or one of the runtime's refusals in the declared error shape (`mapError`).
 * Undeclared throws become a bare 500.
 */
export function implementEndpoint<I extends unknown[], E, O extends unknown[], A extends AuthType>(
  endpoint: EndpointImpl<any, I, E, O, A>,
  handler: EndpointHandler<I, E, O, A>,
  options: ImplementOptions<E> = {},
): Route<any> {
  const { mapError, selector } = options;
  const { route, input, inputTransform, output, error, authType } = endpoint.state;
  const security = beyondAuthType(options.security, authType);
  const checkSecurity = securityCheck(security);
  const codecs = route.params;
  const inputIsEmpty = input.kind === 'empty';

  const configOf = (request: Request): CodecConfig =>
    (request.attributes.get(CodecConfigKey) as CodecConfig | undefined) ?? CodecConfig.current();

  const respond = (request: Request, config: CodecConfig, result: unknown): Response => {
    if (result instanceof EndpointFailure) return failure(request, config, result);
    return encodeOutput(output, result, request.headers.get('accept'), config, Status.Ok);
  };

  const failure = (request: Request, config: CodecConfig, f: EndpointFailure<unknown>): Response => {
    if (!error) throw new Error(`${route}: the handler failed but the endpoint declares no error output`);
    const response = encodeOutput(error, f.value, request.headers.get('accept'), config, Status.InternalServerError);
    if (response.status === Status.Unauthorized && authType !== 'None' && !response.headers.has('www-authenticate')) {
      return response.setHeader('www-authenticate', challenge(authType));
    }
    return response;
  };

  // This endpoint's own answers to what was thrown, tried by the runner before its default: a
  // declared failure, and the runtime's own 4xx in the declared error shape. A mapper that throws
  // (or an Accept the declared error cannot meet) leaves the default answer, which says what was
  // wrong with the request.
  const render = (e: unknown, request: Request): Response | undefined => {
    if (e instanceof EndpointFailure) return failure(request, configOf(request), e);
    if (!mapError || !error) return undefined;
    const runtimeFailure = runtimeFailureOf(e);
    if (!runtimeFailure) return undefined;
    try {
      return mappedFailure(error, mapError, runtimeFailure, request.headers.get('accept'), configOf(request));
    } catch (again) {
      request.reportFatal(again);
      return undefined;
    }
  };

  // Runs the handler on the decoded values and encodes what it gives. Stays synchronous when
  // the handler does: each promise layer costs a microtask turn per request.
  const proceed = (
    request: Request,
    config: CodecConfig,
    values: unknown[],
    auth: unknown,
  ): Response | Promise<Response> => {
    let value: unknown = values.length === 0 ? undefined : values.length === 1 ? values[0] : values;
    if (inputTransform) value = inputTransform.decode(value);
    const result = handler(value as never, new EndpointContext(auth, request) as HandlerContext<A>);
    if (isThenable(result)) return answerLater(result, request, (r) => respond(request, config, r), render);
    return respond(request, config, result);
  };

  const run: Handler = (request) => {
    if (selector !== undefined) {
      const refusal = selectorRefusal(selector, request);
      if (refusal !== undefined) throw refusal;
    }
    const config = configOf(request);
    const values = decodePathParams(codecs, request.params);
    if (values instanceof HttpError) throw values;
    let auth: unknown;
    if (security === undefined) auth = credentials(authType, request);
    else {
      checkSecurity?.(request);
      auth = offeredCredentials(authType, request);
    }
    if (inputIsEmpty) return proceed(request, config, values, auth);
    const decoded = decodeInput(input, { request, config });
    if (decoded instanceof Promise)
      return answerLater(decoded, request, (d) => proceed(request, config, append(values, d), auth), render);
    return proceed(request, config, append(values, decoded), auth);
  };
  // Every promise of `run` is settled by answerLater: the runner need not wait on it again.
  return Route.fromHandler(
    route,
    (request) => answerSettled(run, request, render),
    endpoint,
    bothGuards(requiredHeaders(input, selector), bodyMediaGuard(input)),
  );
}

function append(values: unknown[], more: readonly unknown[]): unknown[] {
  for (const v of more) values.push(v);
  return values;
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
}

/** The handler's context; `signal` is a prototype getter so the request's signal is made only when read. */
class EndpointContext {
  readonly auth: unknown;
  readonly request: Request;
  constructor(auth: unknown, request: Request) {
    this.auth = auth;
    this.request = request;
  }
  get signal(): AbortSignal {
    return this.request.signal;
  }
}
