import type { AnyEndpoint } from '../endpoint/Endpoint.ts';
import type { AnyOperationTable, DeclaredErrorOf } from '../endpoint/EndpointOf.ts';
import type { Either } from '../util/Either.ts';
import type { CallOptions, ErrorOf, InputOf, OutputOf } from './ClientTypes.ts';
import type { EndpointExecutor } from './EndpointExecutor.ts';

/** A client method of an endpoint: its input value (the params object of generated code) to its output. */
export type ClientMethodOf<E extends AnyEndpoint> = (params: InputOf<E>, options?: CallOptions) => Promise<OutputOf<E>>;

/** The same method resolving with `Either.left(error)` for a declared error and `Either.right(output)` otherwise. */
export type EitherMethodOf<E extends AnyEndpoint> = (
  params: InputOf<E>,
  options?: CallOptions,
) => Promise<Either<ErrorOf<E>, OutputOf<E>>>;

/**
 * The methods of a generated `Client`: one per endpoint of `T` (generated code passes
 * `Pick<typeof endpoints, OperationName>`), its params optional when every property of them is.
 * A homomorphic mapped type, so each method keeps its endpoint's JSDoc and go-to-definition lands
 * on the endpoint's declaration, and the declaration file lists each operation once, not per target.
 */
export type ClientMethods<T extends Readonly<Record<string, AnyEndpoint>>> = {
  // `Record<never, never>` is `{}`: the params are optional when an empty object is one.
  readonly [K in keyof T]: Record<never, never> extends InputOf<T[K]>
    ? (params?: InputOf<T[K]>, options?: CallOptions) => Promise<OutputOf<T[K]>>
    : ClientMethodOf<T[K]>;
};

/** One method per endpoint of a table, under the same name, plus the same methods under `either`. */
export type ClientOf<T extends Readonly<Record<string, AnyEndpoint>>> = {
  readonly [K in keyof T]: ClientMethodOf<T[K]>;
} & {
  readonly either: { readonly [K in keyof T]: EitherMethodOf<T[K]> };
};

/**
 * The `either` member of a generated `Client`: every method of `C` but `either`, resolving with
 * `Either.left(error)` for a declared error of the endpoint of the same name in `T` (the endpoints
 * module) and `Either.right(output)` otherwise. A mapped type, so a generated declaration file
 * lists each operation once; each member keeps its method's documentation and definition.
 */
export type EitherMethods<C, T> = {
  readonly [K in keyof C as K extends 'either' ? never : K]: C[K] extends (...args: infer A) => Promise<infer O>
    ? (...args: A) => Promise<Either<DeclaredErrorOf<T[K & keyof T]>, O>>
    : never;
};

/**
 * The methods of a generated `Client`, one per key of `T` (generated code passes
 * `NamedEndpoints<typeof endpoints, OperationTypes>`), typed from the operation's entry in `O` (the endpoints
 * module's `OperationTypes`): `(params, options?) => Promise<output>`, the params optional when
 * every property of them is. Homomorphic over `T`, so each method keeps its endpoint's JSDoc and
 * go-to-definition lands on the endpoint's declaration; its types come from the table, so the
 * checker never resolves an endpoint's class to type a method (what {@link ClientMethods} makes
 * it do, once per operation).
 */
export type NamedClientMethods<T, O extends AnyOperationTable> = {
  // `Record<never, never>` is `{}`: the params are optional when an empty object is one.
  readonly [K in keyof T]: Record<never, never> extends O[K & string]['params']
    ? (params?: O[K & string]['params'], options?: CallOptions) => Promise<O[K & string]['output']>
    : (params: O[K & string]['params'], options?: CallOptions) => Promise<O[K & string]['output']>;
};

/**
 * The `either` member of a generated `Client`: the methods of {@link NamedClientMethods},
 * resolving with `Either.left(error)` for a declared error of the operation and
 * `Either.right(output)` otherwise.
 */
export type NamedEitherMethods<T, O extends AnyOperationTable> = {
  readonly [K in keyof T]: Record<never, never> extends O[K & string]['params']
    ? (
        params?: O[K & string]['params'],
        options?: CallOptions,
      ) => Promise<Either<O[K & string]['error'], O[K & string]['output']>>
    : (
        params: O[K & string]['params'],
        options?: CallOptions,
      ) => Promise<Either<O[K & string]['error'], O[K & string]['output']>>;
};

/** How a client method turns its argument into the endpoint's input, per operation. */
export interface ClientInputOptions {
  /** Operations whose params object may be omitted: `undefined` is sent as `{}`. */
  readonly optionalParams?: readonly string[];
  /**
   * Properties filled from the client's options when the call leaves them out (API keys sent as
   * parameters): operation → property → value.
   */
  readonly fill?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
}

/**
 * A client of every endpoint of `table`: `client.op(params, options)` is
 * `call(table.op, params, options)` and `client.either.op(…)` is `call.either(…)` — what a
 * generated `createClient(options)` returns. One call instead of one generic executor call per
 * operation, so TypeScript checks the result against the generated `Client` interface member by
 * member instead of inferring a call per method.
 */
export function clientFromEndpoints<T extends Readonly<Record<string, AnyEndpoint>>>(
  call: EndpointExecutor,
  table: T,
  inputs: ClientInputOptions = {},
): ClientOf<T> {
  const optional = new Set(inputs.optionalParams ?? []);
  const input = (name: string, params: unknown): unknown => {
    const given = optional.has(name) ? (params ?? {}) : params;
    const fill = inputs.fill?.[name];
    if (fill === undefined) return given;
    // Spread then set, as `{ ...params, key: params?.key ?? option }` would: an own property per key.
    const out: Record<string, unknown> = { ...(given as object) };
    for (const [prop, value] of Object.entries(fill)) {
      Object.defineProperty(out, prop, {
        value: (params as Record<string, unknown> | undefined)?.[prop] ?? value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  };
  // Object.fromEntries: an operation name is an own property, whatever it is.
  const names = Object.keys(table);
  const methods = Object.fromEntries(
    names.map((name) => [
      name,
      (params: unknown, options?: CallOptions) => call(table[name], input(name, params) as never, options),
    ]),
  );
  const either = Object.fromEntries(
    names.map((name) => [
      name,
      (params: unknown, options?: CallOptions) => call.either(table[name], input(name, params) as never, options),
    ]),
  );
  return { ...methods, either } as unknown as ClientOf<T>;
}
