// Type tests: checked by `tsc` (runtime/test/typecheck.test.ts). Each @ts-expect-error line must
// fail to compile; if it compiled, tsc reports the unused directive and the test fails.
import {
  Endpoint,
  RoutePattern,
  PathCodec,
  HttpCodec,
  HeaderCodec,
  Schema,
  Status,
  Either,
  AuthType,
  type Authorization,
  type Endpoint as EndpointType,
  type Unwrap,
  type Secret,
} from '@kitgen/runtime';

type Equals<X, Y> = (<T>() => T extends X ? 1 : 2) extends <T>() => T extends Y ? 1 : 2 ? true : false;
function assertType<T extends true>(_?: T): void {}

const User = Schema.Object({ id: Schema.Integer(), name: Schema.String() });
const NotFound = Schema.Object({ message: Schema.String() });
type User = { id: number; name: string };
type NotFound = { message: string };

// Inputs combine as a tuple: path parameters first, then the others in declaration order.
const getUser = Endpoint(RoutePattern.GET('users', PathCodec.int('id')))
  .query(HttpCodec.query('limit', Schema.Integer()))
  .header(HeaderCodec.authorization)
  .out(User)
  .outError(NotFound, Status.NotFound);
assertType<Equals<typeof getUser, EndpointType<[number], [number, number, Authorization], NotFound, [User], 'None'>>>();

getUser.implement(async ([id, limit, auth]) => {
  assertType<Equals<typeof id, number>>();
  assertType<Equals<typeof limit, number>>();
  assertType<Equals<typeof auth, Authorization>>();
  if (id < 0) throw getUser.fail({ message: 'negative' });
  return { id, name: 'x' };
});

// A single input is the bare value; none is void.
const one = Endpoint(RoutePattern.GET('one', PathCodec.long('id'))).out(User);
one.implement((id) => {
  assertType<Equals<typeof id, bigint>>();
  return { id: Number(id), name: '' };
});
const none = Endpoint(RoutePattern.GET('none')).out(User);
assertType<Equals<Unwrap<typeof none._types.input>, void>>();
none.implement(() => ({ id: 1, name: '' }));

// Codecs combined with `and` add several inputs at once; `optional` widens with undefined.
const paged = Endpoint(RoutePattern.GET('paged'))
  .query(HttpCodec.query('page', Schema.Integer()).and(HttpCodec.query('q', Schema.String()).optional()))
  .out(Schema.Array(User));
paged.implement(([page, q]) => {
  assertType<Equals<typeof page, number>>();
  assertType<Equals<typeof q, string | undefined>>();
  return [];
});

// Rule 4: a handler whose input type differs does not compile.
// @ts-expect-error the input is [number, number, Authorization], not [string, number, Authorization]
getUser.implement(async (input: [string, number, Authorization]) => ({ id: 1, name: input[0] }));
// @ts-expect-error a wider input type is a mismatch too
getUser.implement(async (input: unknown[]) => ({ id: input.length, name: '' }));
// @ts-expect-error the output must be a User
getUser.implement(async () => ({ id: 'one' }));
// @ts-expect-error a failure must be of the declared error type
getUser.implement(async () => getUser.fail({ reason: 'nope' }));

// Several outs: an Either whose left is the later one; orOut: a union.
const either = Endpoint(RoutePattern.GET('e')).out(User).out(NotFound, Status.Accepted);
assertType<Equals<typeof either._types.output, [Either<NotFound, User>]>>();
const union = Endpoint(RoutePattern.GET('u')).out(User).orOut(NotFound, Status.Accepted);
assertType<Equals<typeof union._types.output, [User | NotFound]>>();

// outHeader adds the header's value to the outputs declared before it (rule 1).
const dated = Endpoint(RoutePattern.GET('d')).out(User).outHeader(HttpCodec.date);
assertType<Equals<typeof dated._types.output, [User, Date]>>();

// Errors: repeated outError → Either (left = later); outErrors and orOutError → unions.
const errs = Endpoint(RoutePattern.GET('x')).outError(NotFound, Status.NotFound).outError(User, Status.Conflict);
assertType<Equals<typeof errs._types.err, Either<User, NotFound>>>();
const unified = Endpoint(RoutePattern.GET('y')).outErrors(
  HttpCodec.error(NotFound, Status.NotFound),
  HttpCodec.error(User, Status.Conflict),
);
assertType<Equals<typeof unified._types.err, NotFound | User>>();

// transformIn changes what the handler sees.
const mapped = Endpoint(RoutePattern.GET('m', PathCodec.int('id')))
  .transformIn(
    (id) => ({ id }),
    (o) => o.id,
  )
  .out(User);
mapped.implement((o) => {
  assertType<Equals<typeof o, { id: number }>>();
  return { id: o.id, name: '' };
});

// The auth type is the fifth parameter, and the handler's context carries the credential.
const secured = Endpoint(RoutePattern.GET('s')).auth(AuthType.Bearer).out(Schema.String());
assertType<Equals<typeof secured._types.auth, 'Bearer'>>();
secured.implement((_, ctx) => {
  assertType<Equals<typeof ctx.auth, { readonly token: Secret }>>();
  return ctx.auth.token.reveal();
});

// Path parameter types are inferred from the codecs.
const pattern = RoutePattern.GET('a', PathCodec.uuid('u'), 'b', PathCodec.bool('f'), PathCodec.trailing('rest'));
assertType<Equals<typeof pattern._params, [string, boolean, string]>>();
