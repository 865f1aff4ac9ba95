import type { Request } from '../http/Request.ts';
import type { Either } from '../util/Either.ts';
import type { AuthType, Credentials } from './AuthType.ts';
import type { Examples } from './CodecNode.ts';
import type { EndpointFailure } from './EndpointFailure.ts';
import type { Unwrap } from './types.ts';

/** Operation-level documentation (OpenAPI summary, description, tags, operationId, …). */
export interface EndpointDocs {
  readonly summary?: string;
  readonly description?: string;
  readonly tags?: readonly string[];
  readonly operationId?: string;
  readonly deprecated?: boolean;
  readonly inputExamples?: Examples;
  readonly outputExamples?: Examples;
}

/** What a handler gets beside its input: the credential of the auth type, the request, an abort signal. */
export interface HandlerContext<A extends AuthType> {
  readonly auth: Credentials<A>;
  readonly request: Request;
  readonly signal: AbortSignal;
}

/** What a handler may produce: the output value or a declared failure (returned or thrown). */
export type HandlerResult<E, O extends unknown[]> = Unwrap<O> | EndpointFailure<E>;

/** A handler of an endpoint: its input value (a tuple, one value, or nothing) to its output. */
export type EndpointHandler<I extends unknown[], E, O extends unknown[], A extends AuthType> = (
  input: Unwrap<I>,
  context: HandlerContext<A>,
) => HandlerResult<E, O> | Promise<HandlerResult<E, O>>;

type Equals<X, Y> = (<T>() => T extends X ? 1 : 2) extends <T>() => T extends Y ? 1 : 2 ? true : false;

/**
 * Rule 4: a handler's declared input type must equal the endpoint's input type. A handler that
 * ignores its input (no parameters) is fine; any other mismatch fails to compile.
 */
export type ExactInput<H, In> = H extends () => unknown
  ? unknown
  : H extends (input: infer X, ...rest: infer _R) => unknown
    ? Equals<X, In> extends true
      ? unknown
      : { readonly 'handler input must equal the endpoint input': In; readonly got: X }
    : unknown;

/** Output after another `out`: the first alone, then an Either whose left is the later one. */
export type NextOut<O extends unknown[], B> = O extends [] ? [B] : [Either<B, Unwrap<O>>];
/** Error after another `outError`: alone, then an Either whose left is the later one. */
export type NextErr<E, B> = [E] extends [never] ? B : Either<B, E>;
