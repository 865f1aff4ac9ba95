// The types of generated per-operation functions and their connection (operation.ts makes them).
import type { AnyEndpoint } from '../endpoint/Endpoint.ts';
import type { DeclaredErrorOf } from '../endpoint/EndpointOf.ts';
import type { Either } from '../util/Either.ts';
import type { CallOptions, InputOf, OutputOf } from './ClientTypes.ts';
import type { ExecutorOptions } from './EndpointExecutor.ts';

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
  /**
   * @internal The executor's call of the endpoint exported as `name` (connectWithEndpoints), for a
   * compiled function under a CodecConfig that changes the JSON form.
   */
  readonly viaExecutor?: (name: string, route: string, params: unknown, options: CallOptions) => Promise<Outcome>;
}

/** The arguments after the connection: the params (optional when an empty object is one), then call options. */
export type OperationArgs<P> =
  Record<never, never> extends P ? [params?: P, options?: CallOptions] : [params: P, options?: CallOptions];

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
