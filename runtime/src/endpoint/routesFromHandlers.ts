import type { Route } from '../routing/Route.ts';
import { Routes } from '../routing/Routes.ts';
import type { AnyEndpoint, EndpointHandler, HandlerContext } from './Endpoint.ts';
import type { Unwrap } from './types.ts';
import type { EndpointFailure } from './EndpointFailure.ts';
import { implementEndpoint } from './server/implementEndpoint.ts';
import { orderSiblingRoutes } from './server/siblingRoutes.ts';
import { HttpError } from '../http/HttpError.ts';
import { HttpErrors } from '../errors/catalogue.ts';
import { Log } from '../log/Log.ts';
import type { ErrorMapper, RuntimeFailure } from './server/RuntimeFailure.ts';
import type { AnyOperationTable, DeclaredErrorOf } from './EndpointOf.ts';
import type { SecurityRequirements } from './server/securityRequirements.ts';
import type { RouteSelector } from './server/routeSelector.ts';

type ErrorTypeOf<E extends AnyEndpoint> = E['_types']['err'];

/** The handler an endpoint takes: its input (unwrapped) and context to its output or a declared failure. */
export type HandlerOf<E extends AnyEndpoint> = EndpointHandler<
  E['_types']['input'],
  E['_types']['err'],
  E['_types']['output'],
  E['_types']['auth']
>;

/**
 * How `routes(handlers, { mapError })` shapes the runtime's own 4xx answers: one mapper per
 * operation (typed by its declared errors), or one function for all, told the operation's name.
 */
export type ErrorMappers<T extends Readonly<Record<string, AnyEndpoint>>> =
  | { readonly [K in keyof T]?: ErrorMapper<ErrorTypeOf<T[K]>> }
  | ((failure: RuntimeFailure, operation: keyof T & string) => ErrorTypeOf<T[keyof T]> | undefined);

/**
 * The per-operation mappers of a generated server's `ErrorMappers`: for each method of `H`, an
 * optional function from the runtime's own failure to a declared error of the endpoint of the
 * same name in `T`, or `undefined` for the runtime's default body.
 */
export type ErrorMappersFor<H, T> = {
  readonly [K in keyof H]?: (failure: RuntimeFailure) => DeclaredErrorOf<T[K & keyof T]> | undefined;
};

/** Options of {@link routesFromHandlers}. */
export interface RoutesOptions<T extends Readonly<Record<string, AnyEndpoint>>> {
  /** The runtime's own 400/401/413/415 answers in each operation's declared error shape; default bodies where undefined. */
  readonly mapError?: ErrorMappers<T>;
  /** The credentials each operation's `security` requires, checked for presence (a generated server's `declaredSecurity`). */
  readonly security?: { readonly [K in keyof T]?: SecurityRequirements };
  /** What picks each operation among those of its method and path, where several share one (a generated server's `declaredSelectors`). */
  readonly selectors?: { readonly [K in keyof T]?: RouteSelector };
}

/**
 * One handler per endpoint of a table, under the same name: a generated server's `Handlers` (over
 * `Pick<typeof endpoints, OperationName>`). The handler's signature is written out, not
 * `HandlerOf<…>`, so an editor shows its input, context and result types by name; and the mapped
 * type is homomorphic, so each handler keeps its endpoint's JSDoc and go-to-definition.
 */
export type HandlersOf<T extends Readonly<Record<string, AnyEndpoint>>> = {
  readonly [K in keyof T]: (
    input: Unwrap<T[K]['_types']['input']>,
    context: HandlerContext<T[K]['_types']['auth']>,
  ) =>
    | Unwrap<T[K]['_types']['output']>
    | EndpointFailure<T[K]['_types']['err']>
    | Promise<Unwrap<T[K]['_types']['output']> | EndpointFailure<T[K]['_types']['err']>>;
};

/**
 * A generated server's `Handlers`: one handler per key of `T` (`NamedEndpoints<typeof
 * endpoints, OperationTypes>`), typed from the operation's entry in `O` (the endpoints module's
 * `OperationTypes`). Homomorphic over `T`, so each handler keeps its endpoint's JSDoc and
 * go-to-definition; its types come from the table, so the checker never resolves an endpoint's
 * class to type a handler (what {@link HandlersOf} makes it do, once per operation).
 */
export type NamedHandlers<T, O extends AnyOperationTable> = {
  readonly [K in keyof T]: (
    input: O[K & string]['params'],
    context: HandlerContext<O[K & string]['auth']>,
  ) =>
    | O[K & string]['output']
    | EndpointFailure<O[K & string]['error']>
    | Promise<O[K & string]['output'] | EndpointFailure<O[K & string]['error']>>;
};

/**
 * The per-operation mappers of a generated server's `ErrorMappers`: for each handler of `H`, an
 * optional function from the runtime's own failure to a declared error of that operation in `O`
 * (the endpoints module's `OperationTypes`), or `undefined` for the runtime's default body.
 */
export type NamedErrorMappers<H, O extends AnyOperationTable> = {
  readonly [K in keyof H]?: (failure: RuntimeFailure) => O[K & string]['error'] | undefined;
};

/**
 * The routes of every endpoint of `table` (in its order, except that of the endpoints sharing a
 * method and path, those whose requests are told apart come before one taking any), each answered
 * by the handler of the same name: what a generated server's `routes(handlers)` returns. One call instead of one
 * `endpoint.implement(…)` per operation, so TypeScript checks the handlers object against the
 * table once, member by member, instead of inferring a generic call per operation.
 *
 * The handler is looked up on `handlers` at each request and called as its method (`this` is
 * `handlers`), so a class instance works and a handler replaced later is the one called. An
 * operation with no handler answers 501 naming it (a partial set is a server under
 * construction, not a crash); the missing ones are logged once, when the routes are built.
 * `options.mapError` shapes the runtime's own 4xx answers per operation; 404/405 for paths no
 * operation serves come before any operation is chosen and keep the default body.
 */
export function routesFromHandlers<T extends Readonly<Record<string, AnyEndpoint>>>(
  table: T,
  handlers: Partial<HandlersOf<T>>,
  options: RoutesOptions<T> = {},
): Routes {
  const bound = handlers as unknown as Record<string, ((input: unknown, context: unknown) => unknown) | undefined>;
  const names = Object.keys(table);
  const missing = names.filter((name) => typeof bound[name] !== 'function');
  if (missing.length > 0) {
    Log.get().warn(
      { missing },
      `${missing.length} of ${names.length} operations have no handler and answer 501 Not Implemented: ${missing.join(', ')}`,
    );
  }
  const { mapError, security, selectors } = options;
  const mapperOf = (name: string): ErrorMapper<unknown> | undefined =>
    typeof mapError === 'function'
      ? (failure) => mapError(failure, name)
      : (mapError?.[name] as ErrorMapper<unknown> | undefined);
  const routes: Route[] = names.map((name) =>
    implementEndpoint(
      table[name],
      ((input, context) => {
        const handler = bound[name];
        if (typeof handler !== 'function') throw HttpError.of(HttpErrors.NOT_IMPLEMENTED, [name]);
        return handler.call(bound, input, context);
      }) as HandlerOf<AnyEndpoint>,
      { mapError: mapperOf(name), security: security?.[name], selector: selectors?.[name] },
    ),
  );
  // Operations sharing a method and path are told apart by their bodies (siblingRoutes.ts).
  return Routes(...orderSiblingRoutes(routes));
}
