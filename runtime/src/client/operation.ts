// Generated per-operation functions: `getPet(api, { petId: 1 })`, each its own export, so a page
// that imports one pays for that one. An operation whose request and responses are plain JSON,
// text parameters and status codes (what most are) is compiled by the generator into a request
// writer and a table of responses, run here on fetch; any other is the executor's call of its
// endpoint (operationOf), as `createClient`'s methods are.
import { CodecConfig } from '../codec/json/CodecConfig.ts';
import { loadValidatorEngine } from '#validator-engine';
import { Either } from '../util/Either.ts';
import type { AnyEndpoint } from '../endpoint/Endpoint.ts';
import { ClientError } from './ClientError.ts';
import type { CallOptions, InputOf, OutputOf } from './ClientTypes.ts';
import type { DeclaredErrorOf } from '../endpoint/EndpointOf.ts';
import type { ExecutorOptions } from './EndpointExecutor.ts';
import { EndpointError } from './EndpointError.ts';
import { decodePlain, PlainMismatch, type PlainResponse } from './plainResponse.ts';
import { RequestWriter } from './requestWriter.ts';
import { causeText, mismatch, sendRequest } from './sendRequest.ts';

/** What {@link connect} takes: the executor's options, with the credentials of a generated `createClient` beside `auth`. */
export interface ConnectionOptions extends ExecutorOptions {
  readonly basic?: { readonly username: string; readonly password: string };
  readonly bearer?: string;
  /** API keys by the client option's name (a generated client's `ClientOptions` names them). */
  readonly [apiKey: string]: unknown;
}

/** Where and how a generated operation function calls: made once by {@link connect}, passed to every call. */
export interface Connection {
  readonly baseUrl: string;
  readonly options: ConnectionOptions;
}

/** A connection to the API at `options.baseUrl` for generated operation functions (`getPet(api, params)`). */
export function connect(options: ConnectionOptions): Connection {
  return { baseUrl: String(options.baseUrl).replace(/\/+$/, ''), options };
}

/** The arguments after the connection: the params (optional when an empty object is one), then call options. */
export type OperationArgs<P> = Record<never, never> extends P ? [params?: P, options?: CallOptions] : [params: P, options?: CallOptions];

/** A generated operation function: resolves with the output, rejects with an EndpointError (declared) or a ClientError. */
export interface Operation<P = never, O = unknown, E = unknown> {
  (connection: Connection, ...args: OperationArgs<P>): Promise<O>;
  /** The same call, resolving with `Either.left(error)` for a declared error and `Either.right(output)` otherwise. */
  either(connection: Connection, ...args: OperationArgs<P>): Promise<Either<E, O>>;
  /** Method and path, e.g. `GET /pets/{petId}` (what errors name). */
  readonly route: string;
}

/** The generated function of an endpoint's operation: its params, output and declared errors. */
export type OperationOf<E extends AnyEndpoint> = Operation<InputOf<E>, OutputOf<E>, DeclaredErrorOf<E>>;

/** @internal One call's result: the decoded value, whether it is a declared error, and the response. */
export type Outcome = {
  readonly value: unknown;
  readonly isError: boolean;
  readonly status: number;
  readonly headers: globalThis.Headers;
  readonly url: string;
};

/** @internal An operation function over `run`, which makes one call's outcome. */
export function operationOfRun(route: string, run: (c: Connection, params: unknown, options: CallOptions) => Promise<Outcome>): Operation {
  const op = Object.assign(
    async (c: Connection, params: unknown, options: CallOptions = {}) => {
      const r = await run(c, params, options);
      if (r.isError) throw new EndpointError(op, r.value, r.status, r.headers, r.url);
      return r.value;
    },
    {
      either: async (c: Connection, params: unknown, options: CallOptions = {}) => {
        const r = await run(c, params, options);
        return r.isError ? Either.left(r.value) : Either.right(r.value);
      },
      route,
    },
  );
  return op as unknown as Operation;
}

// The JSON form of a plain body is the value itself only under these settings (the defaults).
const plainConfig = (c: CodecConfig) =>
  c.fieldNameFormat === 'Identity' &&
  !c.rejectExtraFields &&
  !c.explicitNulls.decoding &&
  !c.explicitEmptyCollections.decoding &&
  c.explicitNulls.encoding &&
  c.explicitEmptyCollections.encoding;

/**
 * A compiled operation (the generator writes the arguments): `write` fills the request from the
 * params and gives the path; `responses` are the declared statuses, outputs first, with their
 * JSON schemas; `accept` the declared media types; `endpoint` loads the operation's endpoint, for
 * a connection whose CodecConfig changes the JSON form (then the executor calls it); `optional`
 * when the params may be left out.
 * @__NO_SIDE_EFFECTS__
 */
export function operation(
  route: string,
  write: (params: Record<string, unknown>, request: RequestWriter) => string,
  responses: readonly PlainResponse[],
  accept: string,
  endpoint: () => Promise<AnyEndpoint>,
  optional = false,
): Operation {
  const method = route.slice(0, route.indexOf(' '));
  const schemas = responses.flatMap((r) => (r[2] ? [r[2]] : []));
  return operationOfRun(route, async (c, given, options) => {
    const params = optional ? (given ?? {}) : given;
    const config = c.options.codecConfig ?? CodecConfig.current();
    // Loaded only then: a page whose calls use the default settings never downloads the executor.
    if (!plainConfig(config)) return (await import('./operationOf.ts')).executorRun(c, await endpoint(), params, options);
    const loading = loadValidatorEngine(schemas);
    if (loading) {
      try {
        await loading;
      } catch (error) {
        throw new ClientError('network', `loading the validator its schemas need failed: ${causeText(error)}`, {
          endpoint: route,
          url: undefined,
          cause: error,
        });
      }
    }
    const request = new RequestWriter(route, method, [c.options.headers, options.headers]);
    const url = c.baseUrl + write(params as Record<string, unknown>, request);
    const encoded = request.finish(url, options.accept ?? accept);
    const settings = {
      fetch: c.options.fetch ?? ((input: string, init: RequestInit) => globalThis.fetch(input, init)),
      timeout: options.timeout ?? c.options.timeout,
      signals: [c.options.signal, options.signal].filter((s): s is AbortSignal => s !== undefined),
      onRequest: c.options.onRequest,
      onResponse: c.options.onResponse,
    };
    const { response, settle, failure, fail } = await sendRequest(settings, route, encoded, 'follow');
    try {
      const decoded = await decodePlain(responses, response, config.maxDepth, method === 'HEAD');
      settle();
      return { ...decoded, status: response.status, headers: response.headers, url: encoded.url };
    } catch (error) {
      settle();
      if (error instanceof PlainMismatch) throw mismatch(fail, error.kind, error.message, response.status, error.bytes);
      throw failure(error);
    }
  });
}
