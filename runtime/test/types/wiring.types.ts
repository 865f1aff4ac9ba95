// Type tests of defineEndpoint, routesFromHandlers and clientFromEndpoints (what generated
// endpoints, servers and clients are made of): checked by `tsc` (runtime/test/typecheck.test.ts).
// Each @ts-expect-error line must fail to compile.
import {
  defineEndpoint,
  routesFromHandlers,
  clientFromEndpoints,
  EndpointExecutor,
  Schema,
  type Endpoint,
  type Either,
  type CallOptions,
  type EndpointFailure,
  type HandlerContext,
} from '@kitgen/runtime';

type Equals<X, Y> = (<T>() => T extends X ? 1 : 2) extends <T>() => T extends Y ? 1 : 2 ? true : false;
function assertType<T extends true>(_?: T): void {}

type Pet = { id: number; name: string };
type GetPetParams = { id: number; verbose?: boolean };
type GetPetError = { status: 404; body: { message: string } };
const Pet = Schema.Unsafe<Pet>({ type: 'object' });

// The type is the one written out: nothing is inferred from the data.
const getPet = defineEndpoint<[number], [GetPetParams], GetPetError, [Pet], 'Bearer'>({
  method: 'GET',
  path: ['pets', { param: 'id', codec: 'int', prop: 'id' }],
  parameters: [
    {
      in: 'query',
      name: 'verbose',
      prop: 'verbose',
      schema: Schema.Unsafe<boolean>({ type: 'boolean' }),
      optional: true,
    },
  ],
  auth: 'Bearer',
  output: { status: 200, body: Pet },
  errors: { '404': { body: Schema.Unsafe<GetPetError['body']>({ type: 'object' }) } },
});
assertType<Equals<typeof getPet, Endpoint<[number], [GetPetParams], GetPetError, [Pet], 'Bearer'>>>();
const deletePet = defineEndpoint<[number], [{ id: number }], never, [], 'None'>({
  method: 'DELETE',
  path: ['pets', { param: 'id', codec: 'int', prop: 'id' }],
  output: { status: 204 },
});

// @ts-expect-error a method the runtime cannot build a pattern for
defineEndpoint<[], [Record<string, never>], never, [], 'None'>({ method: 'CONNECT', path: [] });
defineEndpoint<[number], [{ id: number }], never, [], 'None'>({
  method: 'GET',
  // @ts-expect-error a path parameter codec that does not exist
  path: [{ param: 'id', codec: 'float', prop: 'id' }],
});

const table = { getPet, deletePet };

// Handlers: one per endpoint, typed by it.
routesFromHandlers(table, {
  getPet: (input, context) => {
    assertType<Equals<typeof input, GetPetParams>>();
    assertType<Equals<typeof context.auth, { readonly token: import('@kitgen/runtime').Secret }>>();
    if (input.id < 0) return getPet.fail({ status: 404, body: { message: 'no' } });
    return { id: input.id, name: 'Rex' };
  },
  deletePet: async () => {},
});

// A generated server's Handlers interface (methods) is checked against the table.
type HandlerResult<O, E> = O | EndpointFailure<E> | Promise<O | EndpointFailure<E>>;
interface Handlers {
  getPet(input: GetPetParams, context: HandlerContext<'Bearer'>): HandlerResult<Pet, GetPetError>;
  deletePet(input: { id: number }, context: HandlerContext<'None'>): HandlerResult<void, never>;
}
declare const handlers: Handlers;
routesFromHandlers(table, handlers);

interface WrongInput {
  getPet(input: { id: string }, context: HandlerContext<'Bearer'>): HandlerResult<Pet, GetPetError>;
  deletePet(input: { id: number }, context: HandlerContext<'None'>): HandlerResult<void, never>;
}
declare const wrongInput: WrongInput;
// @ts-expect-error the handler's input must be the endpoint's
routesFromHandlers(table, wrongInput);

// A partial set is accepted: the missing operations answer 501.
routesFromHandlers(table, { getPet: () => ({ id: 1, name: 'x' }) });
// @ts-expect-error a handler under a name the table does not have (a misspelling) is refused
routesFromHandlers(table, { getPet: () => ({ id: 1, name: 'x' }), deletPet: () => {} });
// @ts-expect-error the output must be the endpoint's
routesFromHandlers(table, { getPet: () => ({ id: 1 }), deletePet: () => {} });
// @ts-expect-error a failure must be one the endpoint declares
routesFromHandlers(table, { getPet: () => getPet.fail({ status: 500, body: { message: 'x' } }), deletePet: () => {} });
routesFromHandlers(table, {
  // @ts-expect-error the auth credential is the endpoint's (Bearer has no username)
  getPet: (_input, context) => ({ id: 1, name: context.auth.username }),
  deletePet: () => {},
});

// The client: one method per endpoint, and the same under `either`.
const client = clientFromEndpoints(EndpointExecutor.make({ baseUrl: 'http://localhost' }), table, {
  optionalParams: [],
});
assertType<Equals<Awaited<ReturnType<typeof client.getPet>>, Pet>>();
assertType<Equals<Awaited<ReturnType<typeof client.either.getPet>>, Either<GetPetError, Pet>>>();
assertType<Equals<Awaited<ReturnType<typeof client.deletePet>>, void>>();
// @ts-expect-error params are the endpoint's input
void client.getPet({ id: '1' });

// A generated client's Client interface is checked against the result.
interface Client {
  getPet(params: GetPetParams, options?: CallOptions): Promise<Pet>;
  deletePet(params: { id: number }, options?: CallOptions): Promise<void>;
  readonly either: {
    getPet(params: GetPetParams, options?: CallOptions): Promise<Either<GetPetError, Pet>>;
    deletePet(params: { id: number }, options?: CallOptions): Promise<Either<never, void>>;
  };
}
export const good: Client = client;
interface WrongClient extends Omit<Client, 'getPet'> {
  getPet(params: GetPetParams, options?: CallOptions): Promise<{ id: string }>;
}
// @ts-expect-error a method's output must be the endpoint's
export const wrong: WrongClient = client;
