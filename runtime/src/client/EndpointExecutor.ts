import { CodecConfig } from '../codec/json/CodecConfig.ts';
import type { AnyEndpoint } from '../endpoint/Endpoint.ts';
import { Either } from '../util/Either.ts';
import type { CallArgs, CallOptions, ErrorOf, OutputOf } from './ClientTypes.ts';
import { ClientError } from './ClientError.ts';
import type { ClientCredentials, EncodedRequest } from './encodeRequest.ts';
import { EndpointError } from './EndpointError.ts';
import { InputShapeError, requestValues, type RequestValues } from './inputAssignments.ts';
import { invoke, type FetchFunction, type Invocation, type InvokeContext } from './invoke.ts';
import { resolveServiceUrl, type ServiceLookup } from './serviceUrl.ts';

/** Options of {@link EndpointExecutor.make}. */
export interface ExecutorOptions {
  /** Where the endpoints are served, e.g. `http://127.0.0.1:8080` (a path prefix is kept). */
  readonly baseUrl: string | URL;
  /** Credentials for endpoints declared with `AuthType.Basic` / `AuthType.Bearer`. */
  readonly auth?: ClientCredentials;
  /** Headers sent with every request (an endpoint's own header inputs win over them). */
  readonly headers?: Readonly<Record<string, string>>;
  /** Milliseconds (a `Duration`) a call may take until its response is read; none by default. */
  readonly timeout?: number;
  /** Cancels every call of this executor. */
  readonly signal?: AbortSignal;
  /** The `fetch` to call (global `fetch` by default, which keeps connections alive and reuses them). */
  readonly fetch?: FetchFunction;
  /** JSON codec settings; must match the server's (`CodecConfig.current()` by default). */
  readonly codecConfig?: CodecConfig;
  /** Sees each request just before it is sent (logging, `--verbose`). */
  readonly onRequest?: (request: EncodedRequest) => void;
  /** Sees each response head as it arrives. */
  readonly onResponse?: (response: globalThis.Response) => void;
}

/**
 * The spec's client executor: `call(endpoint, input)` resolves with the endpoint's output.
 * A declared error rejects with an {@link EndpointError} typed by the endpoint's error type;
 * anything else (network, timeout, abort, undeclared status, undecodable body) with a {@link ClientError}.
 */
export interface EndpointExecutor {
  <E extends AnyEndpoint>(endpoint: E, ...args: CallArgs<E>): Promise<OutputOf<E>>;
  /** Like calling the executor, but a declared error resolves as `Either.left(error)` and the output as `Either.right`. */
  either<E extends AnyEndpoint>(endpoint: E, ...args: CallArgs<E>): Promise<Either<ErrorOf<E>, OutputOf<E>>>;
  /** The base URL the executor calls. */
  readonly baseUrl: string;
  /** @internal Calls with leaf values already split (the CLI builds them from options). */
  invokeValues(endpoint: AnyEndpoint, values: RequestValues, options?: CallOptions): Promise<Invocation>;
}

function context(baseUrl: string, options: Omit<ExecutorOptions, 'baseUrl'>): InvokeContext {
  return {
    baseUrl,
    // Called as a plain function: a browser's fetch refuses any other `this` than the window.
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    config: options.codecConfig ?? CodecConfig.current(),
    headers: options.headers,
    credentials: options.auth,
    timeout: options.timeout,
    signal: options.signal,
    onRequest: options.onRequest,
    onResponse: options.onResponse,
  };
}

function build(ctx: InvokeContext): EndpointExecutor {
  const run = async (endpoint: AnyEndpoint, input: unknown, options: CallOptions | undefined): Promise<Invocation> => {
    let values: RequestValues;
    try {
      values = requestValues(endpoint.state, input);
    } catch (error) {
      if (error instanceof InputShapeError)
        throw new ClientError('encode', error.message, { endpoint: endpoint.route.toString(), url: undefined });
      throw error;
    }
    return invoke(ctx, endpoint, values, options);
  };
  const call = async (endpoint: AnyEndpoint, input?: unknown, options?: CallOptions): Promise<unknown> => {
    const r = await run(endpoint, input, options);
    if (r.isError) throw new EndpointError(endpoint, r.value, r.status, r.headers, r.url);
    return r.value;
  };
  const either = async (
    endpoint: AnyEndpoint,
    input?: unknown,
    options?: CallOptions,
  ): Promise<Either<unknown, unknown>> => {
    const r = await run(endpoint, input, options);
    return r.isError ? Either.left(r.value) : Either.right(r.value);
  };
  return Object.assign(call, {
    either,
    baseUrl: ctx.baseUrl,
    invokeValues: (endpoint: AnyEndpoint, values: RequestValues, options?: CallOptions) =>
      invoke(ctx, endpoint, values, options),
  }) as unknown as EndpointExecutor;
}

/** Builds client executors (the spec's `EndpointExecutor.make`). */
export const EndpointExecutor = {
  /**
   * An executor for the endpoints served at `baseUrl`; or, given a service name, at the URL
   * `resolveServiceUrl` finds for it (`KITGEN_SERVICE_<NAME>_URL`, or the `services` map).
   */
  make(
    options: ExecutorOptions | string,
    more: Omit<ExecutorOptions, 'baseUrl'> & ServiceLookup = {},
  ): EndpointExecutor {
    if (typeof options === 'string') return build(context(resolveServiceUrl(options, more).replace(/\/+$/, ''), more));
    const { baseUrl, ...rest } = options;
    return build(context(String(baseUrl).replace(/\/+$/, ''), rest));
  },
} as const;
