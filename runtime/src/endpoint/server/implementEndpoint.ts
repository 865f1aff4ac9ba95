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
import { errorAnswer } from '../../routing/errorFunnel.ts';
import type { AuthType } from '../AuthType.ts';
import type { EndpointHandler, EndpointImpl, HandlerContext } from '../Endpoint.ts';
import { EndpointFailure } from '../EndpointFailure.ts';
import { decodeInput } from './decodeInput.ts';
import { requiredHeaders } from './requiredHeaders.ts';
import { encodeOutput } from './encodeOutput.ts';
import { HttpErrors } from '../../errors/catalogue.ts';
import { runtimeFailureOf, type ErrorMapper } from './RuntimeFailure.ts';
import { mappedFailure } from './mappedFailure.ts';

/** Options of {@link implementEndpoint}. */
export interface ImplementOptions<E> {
  /** Shapes the runtime's own 4xx answers (bad input, 401, 413, 415) as the endpoint's declared error `E`. */
  readonly mapError?: ErrorMapper<E>;
}

const realm = 'kitgen';

/** The credential for the endpoint's auth type, or a 401 answer with WWW-Authenticate. */
function credentials(authType: AuthType, request: Request): unknown {
  if (authType === 'None') return undefined;
  const text = request.headers.get('authorization');
  const parsed = text === undefined ? undefined : Header.Authorization.parse(text);
  const challenge = authType === 'Basic' ? `Basic realm="${realm}", charset="UTF-8"` : `Bearer realm="${realm}"`;
  if (!parsed || parsed.scheme !== authType) {
    const options = { headers: { 'www-authenticate': challenge } };
    throw text === undefined ? HttpError.of(HttpErrors.AUTH_REQUIRED, [], options) : HttpError.of(HttpErrors.WRONG_AUTH_SCHEME, [authType], options);
  }
  return parsed.scheme === 'Basic' ? { username: parsed.username, password: parsed.password } : { token: parsed.token };
}

/**
 * Turns an endpoint and its handler into a route: decode path, auth, query, headers and body
 * (400/401/415 naming the input, handler not called), run the handler, and encode its output or
 * declared failure (rule 5). Undeclared throws become a bare 500.
 */
export function implementEndpoint<I extends unknown[], E, O extends unknown[], A extends AuthType>(
  endpoint: EndpointImpl<any, I, E, O, A>,
  handler: EndpointHandler<I, E, O, A>,
  options: ImplementOptions<E> = {},
): Route<any> {
  const { mapError } = options;
  const { route, input, inputTransform, output, error, authType } = endpoint.state;
  const codecs = route.params;
  const inputIsEmpty = input.kind === 'empty';

  const respond = (request: Request, config: CodecConfig, result: unknown): Response => {
    const accept = request.headers.get('accept');
    if (result instanceof EndpointFailure) return failure(request, config, result);
    return encodeOutput(output, result, accept, config, Status.Ok);
  };

  const failure = (request: Request, config: CodecConfig, f: EndpointFailure<unknown>): Response => {
    if (!error) return errorAnswer(new Error(`${route}: the handler failed but the endpoint declares no error output`), request);
    const response = encodeOutput(error, f.value, request.headers.get('accept'), config, Status.InternalServerError);
    if (response.status === Status.Unauthorized && authType !== 'None' && !response.headers.has('www-authenticate')) {
      return response.setHeader('www-authenticate', authType === 'Basic' ? `Basic realm="${realm}", charset="UTF-8"` : `Bearer realm="${realm}"`);
    }
    return response;
  };

  // The runtime's own 4xx in the declared error shape; a mapper that throws (or an Accept the
  // declared error cannot meet) leaves the default answer, which says what was wrong with the request.
  const mapped4xx = (request: Request, config: CodecConfig, e: unknown): Response | undefined => {
    const runtimeFailure = runtimeFailureOf(e);
    if (!runtimeFailure || !mapError || !error) return undefined;
    try {
      return mappedFailure(error, mapError, runtimeFailure, request.headers.get('accept'), config);
    } catch (again) {
      request.reportFatal(again);
      return undefined;
    }
  };

  // Never throws: routes may be called synchronously, and a failure while encoding a declared
  // error (406, a bad value) must still answer.
  const fail = (request: Request, config: CodecConfig, e: unknown): Response => {
    try {
      if (e instanceof EndpointFailure) return failure(request, config, e);
      const mapped = mapError && error ? mapped4xx(request, config, e) : undefined;
      return mapped ?? errorAnswer(e, request);
    } catch (again) {
      return errorAnswer(again, request);
    }
  };

  // Runs the handler on the decoded values and encodes what it gives. Stays synchronous when
  // the handler does: each promise layer costs a microtask turn per request.
  const proceed = (request: Request, config: CodecConfig, values: unknown[], auth: unknown): Response | Promise<Response> => {
    try {
      let value: unknown = values.length === 0 ? undefined : values.length === 1 ? values[0] : values;
      if (inputTransform) value = inputTransform.decode(value);
      const result = handler(value as never, new EndpointContext(auth, request) as HandlerContext<A>);
      if (isThenable(result)) {
        return Promise.resolve(result).then(
          (r) => {
            try {
              return respond(request, config, r);
            } catch (e) {
              return fail(request, config, e);
            }
          },
          (e: unknown) => fail(request, config, e),
        );
      }
      return respond(request, config, result);
    } catch (e) {
      return fail(request, config, e);
    }
  };

  const run: Handler = (request) => {
    const config = (request.attributes.get(CodecConfigKey) as CodecConfig | undefined) ?? CodecConfig.current();
    try {
      const values = decodePathParams(codecs, request.params);
      if (values instanceof HttpError) return mapError ? fail(request, config, values) : Response.fromHttpError(values);
      const auth = credentials(authType, request);
      if (inputIsEmpty) return proceed(request, config, values, auth);
      const decoded = decodeInput(input, { request, config });
      if (decoded instanceof Promise) {
        return decoded.then(
          (d) => proceed(request, config, append(values, d), auth),
          (e: unknown) => fail(request, config, e),
        );
      }
      return proceed(request, config, append(values, decoded), auth);
    } catch (e) {
      return fail(request, config, e);
    }
  };
  return Route.fromHandler(route, run, endpoint, requiredHeaders(input));
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
