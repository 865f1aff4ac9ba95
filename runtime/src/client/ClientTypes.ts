import type { AnyEndpoint } from '../endpoint/Endpoint.ts';
import type { Unwrap } from '../endpoint/types.ts';
import type { Authorization } from '../http/Header.ts';
import type { MediaType } from '../http/MediaType.ts';

/** One input value as a client may give it: typed headers (Authorization, Content-Type) also take their raw text. */
export type ClientValue<T> = T extends Authorization ? T | string : T extends MediaType ? T | string : T;

/** The input value of an endpoint as a client gives it: the handler's input, typed headers widened by {@link ClientValue}. */
export type ClientInput<T> = T extends readonly unknown[] ? { [K in keyof T]: ClientValue<T[K]> } : ClientValue<T>;

/** The handler-side input value of an endpoint (path parameters first, then the inputs; one bare, none void). */
export type InputOf<E extends AnyEndpoint> = Unwrap<E['_types']['input']>;

/** The output value of an endpoint (an Either for several outs, a tuple with outHeaders). */
export type OutputOf<E extends AnyEndpoint> = Unwrap<E['_types']['output']>;

/** The declared error type of an endpoint (`never` when none is declared). */
export type ErrorOf<E extends AnyEndpoint> = E['_types']['err'];

/** Per-call options: cancel, time limit, extra headers, and an `Accept` override. */
export interface CallOptions {
  /** Cancels the call (rejects with a ClientError of kind `aborted`). */
  readonly signal?: AbortSignal;
  /** Milliseconds (a `Duration`) for this call, instead of the executor's timeout; 0 disables it. */
  readonly timeout?: number;
  /** Headers added to this request (the endpoint's own inputs win over them). */
  readonly headers?: Readonly<Record<string, string>>;
  /** Sent as `Accept` instead of the endpoint's declared media types. */
  readonly accept?: string;
}

/** The arguments after the endpoint: its input value (omitted when it takes none), then call options. */
export type CallArgs<E extends AnyEndpoint> = [InputOf<E>] extends [void]
  ? [input?: undefined, options?: CallOptions]
  : [input: ClientInput<InputOf<E>>, options?: CallOptions];
