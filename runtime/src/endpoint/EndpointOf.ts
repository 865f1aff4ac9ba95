import type { AuthType } from './AuthType.ts';
import type { EndpointImpl } from './Endpoint.ts';

/** The types of an endpoint by name: what its path parameters, params object, declared errors, outputs and auth are. */
export interface EndpointTypes {
  /** The decoded path parameters, in path order (`[number]` for `/pets/{petId}`). */
  readonly path: unknown[];
  /** The params object handlers receive and client methods take (a property per parameter, plus `body`). */
  readonly params: unknown;
  /** The declared errors, by status (`{ status: 404; body: Problem }`), `never` for none. */
  readonly error: unknown;
  /** The success output (`[Pet]`), `[]` for none. */
  readonly output: unknown[];
  /** The credentials the endpoint requires. */
  readonly auth: AuthType;
}

/**
 * An endpoint's type from its named parts, as generated declaration files write it:
 * `EndpointOf<{ path: [number]; params: ShowPetParams; error: ShowPetError; output: [Pet]; auth: 'None' }>`
 * is `EndpointImpl<[number], [ShowPetParams], ShowPetError, [Pet], 'None'>`, read by name.
 */
export type EndpointOf<T extends EndpointTypes> = EndpointImpl<
  T['path'],
  [T['params']],
  T['error'],
  T['output'],
  T['auth']
>;

/** The types of an endpoint with one success output, named by itself (`returns: Pet`) rather than as a tuple. */
export interface EndpointReturns {
  /** The decoded path parameters, in path order (`[number]` for `/pets/{petId}`). */
  readonly path: unknown[];
  /** The params object handlers receive and client methods take (a property per parameter, plus `body`). */
  readonly params: unknown;
  /** The declared errors, by status (`{ status: 404; body: Problem }`), `never` for none. */
  readonly error: unknown;
  /** The success output (`Pet`, or `{ status: 201; body: Pet; headers: { location: string } }`). */
  readonly returns: unknown;
  /** The credentials the endpoint requires. */
  readonly auth: AuthType;
}

/**
 * `EndpointOf` for an endpoint with one success output, as generated declaration files write it:
 * `EndpointReturning<{ …; returns: Pet; … }>` is `EndpointOf<{ …; output: [Pet]; … }>`. The tuple
 * is built here, once for every endpoint, so the checker never relates a fresh one-element tuple
 * per operation to `unknown[]` (which makes it resolve every array method of that tuple: most of
 * what each endpoint declaration cost).
 */
export type EndpointReturning<T extends EndpointReturns> = EndpointImpl<
  T['path'],
  [T['params']],
  T['error'],
  [T['returns']],
  T['auth']
>;

/**
 * An endpoint with one success output, its five types given in order, as generated declaration
 * files write it: `DeclaredEndpoint<[number], ShowPetParams, ShowPetError, Pet, 'None'>` is
 * `EndpointImpl<[number], [ShowPetParams], ShowPetError, [Pet], 'None'>`. The same type as
 * {@link EndpointReturning}, without the object type around its arguments: the checker made
 * that object type and related it to {@link EndpointReturns} once per operation, a fifth of
 * what a large document's declarations cost it.
 */
export type DeclaredEndpoint<Path extends unknown[], Params, Error, Returns, Auth extends AuthType> = EndpointImpl<
  Path,
  [Params],
  Error,
  [Returns],
  Auth
>;

/** {@link DeclaredEndpoint} of an endpoint that answers no value: its output is `void` (`[]`). */
export type DeclaredEndpointVoid<Path extends unknown[], Params, Error, Auth extends AuthType> = EndpointImpl<
  Path,
  [Params],
  Error,
  [],
  Auth
>;

/**
 * A declared answer as generated declaration files write an operation's errors, and its outputs
 * when it has several statuses or a range: its status and its body, `StatusBody<404, Problem>`
 * being `{ status: 404; body: Problem }`. The checker makes one type for each status and body,
 * shared by every operation declaring it, where an object type written out per operation would be
 * a type and three symbols more each time. An interface, not an
 * alias of an object type: a generated `type ShowPetError = StatusBody<404, Problem>` is then that
 * same type, where an alias's object type is instantiated again under each name it is given (an
 * instantiation per operation on a large document).
 */
export interface StatusBody<Status, Body> {
  /** The status answered: a code, or the union of codes a range covers (`StatusIn<'4XX'>`). */
  status: Status;
  /** The body answered with that status. */
  body: Body;
}

/**
 * The types of one operation by name, as a generated `OperationTypes` table lists them
 * (`showPetById: { params: ShowPetByIdParams; output: Pet; error: ShowPetByIdError; auth: 'None' }`):
 * what the generated `Client` and `Handlers` read their methods' types from, instead of from the
 * endpoint values, whose class the checker would resolve member by member for every operation.
 */
export interface OperationNamedTypes {
  /** The params object handlers receive and client methods take. */
  readonly params: unknown;
  /** The success output (`void` for none). */
  readonly output: unknown;
  /** The declared errors, by status (`{ status: 404; body: Problem }`), `never` for none. */
  readonly error: unknown;
  /** The credentials the endpoint requires. */
  readonly auth: AuthType;
}

/**
 * A generated `OperationTypes` table: an entry per operation, under its name. A type literal is
 * assignable to it property by property, so reading an entry needs no mapped type over the
 * operations' names, which the checker would build for every table it reads.
 */
export interface OperationTable {
  readonly [name: string]: OperationNamedTypes;
}

/**
 * What the generated `Client`, `either`, `Handlers` and `ErrorMappers` take their table as: any
 * object type, its rows read by name. A string index signature of `any` is one the checker accepts
 * an object type for at once, where {@link OperationTable} has it relate every row to
 * {@link OperationNamedTypes} at each reference (a relation per operation: half of those a large
 * document's generated types cost). The generated table is written from the same rows, so the
 * check would only repeat what generation guarantees.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the one index type the checker accepts unchecked
export type AnyOperationTable = { readonly [name: string]: any };

/**
 * The endpoints of module type `T` that table `O` has a row for, each keeping its declaration
 * (JSDoc, go-to-definition): what the generated `Client` and `Handlers` are mapped over,
 * `NamedEndpoints<typeof endpoints, OperationTypes>`. The same type as `Pick<typeof endpoints,
 * OperationName>`, but its keys are computed here as an intersection of the two sets of names,
 * where `Pick` written in generated code has the checker relate every operation's name to the
 * module's names (its constraint, checked at the reference).
 */
export type NamedEndpoints<T, O> = Pick<T, keyof T & keyof O>;

/** The declared error type of an endpoint value (`typeof endpoints.showPet`), `never` for anything else. */
export type DeclaredErrorOf<V> = V extends { readonly _types: { readonly err: infer E } } ? E : never;
