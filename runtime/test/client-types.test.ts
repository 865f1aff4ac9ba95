// Type tests of EndpointExecutor, checked by `tsc` (typecheck.test.ts): inputs as the handler
// sees them with typed headers widened to their text, outputs and errors typed per endpoint.
// Each @ts-expect-error line must fail to compile. The one runtime test checks EndpointError.isFrom.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  Endpoint,
  RoutePattern,
  PathCodec,
  HttpCodec,
  HeaderCodec,
  Schema,
  Status,
  Either,
  EndpointExecutor,
  EndpointError,
  Header,
  type Authorization,
  type ClientInput,
  type MediaType,
} from '@kitgen/runtime';

type Equals<X, Y> = (<T>() => T extends X ? 1 : 2) extends <T>() => T extends Y ? 1 : 2 ? true : false;
function assertType<T extends true>(_?: T): void {}

const User = Schema.Object({ id: Schema.Integer(), name: Schema.String() });
const NotFound = Schema.Object({ message: Schema.String() });
type User = { id: number; name: string };

const getUser = Endpoint(RoutePattern.GET('users', PathCodec.int('id')))
  .query(HttpCodec.query('limit', Schema.Integer()))
  .header(HeaderCodec.authorization)
  .out(User)
  .outError(NotFound, Status.NotFound);

// ClientInput widens typed headers to their raw text, leaves everything else alone.
assertType<Equals<ClientInput<[number, number, Authorization]>, [number, number, Authorization | string]>>();
assertType<Equals<ClientInput<Authorization | undefined>, Authorization | string | undefined>>();
assertType<Equals<ClientInput<MediaType>, MediaType | string>>();
assertType<Equals<ClientInput<User[]>, User[]>>();
assertType<Equals<ClientInput<bigint>, bigint>>();

async function typed(call: EndpointExecutor): Promise<void> {
  // DESIGN.md: the Authorization input takes the header text too; the output is the User.
  const user = await call(getUser, [1, 10, 'Basic YTpi']);
  assertType<Equals<typeof user, User>>();
  await call(getUser, [1, 10, Header.Authorization.Bearer('t')]);
  // @ts-expect-error the path parameter is a number
  await call(getUser, ['1', 10, 'Basic YTpi']);
  // @ts-expect-error the input is a tuple of three
  await call(getUser, [1, 10]);
  // @ts-expect-error an endpoint with an input needs it
  await call(getUser);

  const none = Endpoint(RoutePattern.GET('ping')).out(Schema.String());
  const pong: string = await call(none);
  await call(none, undefined, { timeout: 100 });
  void pong;

  const either = Endpoint(RoutePattern.GET('e')).out(User).out(NotFound, Status.Accepted);
  assertType<Equals<Awaited<ReturnType<typeof call<typeof either>>>, Either<{ message: string }, User>>>();
  const dated = Endpoint(RoutePattern.GET('d')).out(User).outHeader(HttpCodec.date);
  const [u, date] = await call(dated);
  assertType<Equals<typeof u, User>>();
  assertType<Equals<typeof date, Date>>();
  const stream = Endpoint(RoutePattern.GET('s')).outStream(User);
  assertType<Equals<Awaited<ReturnType<typeof call<typeof stream>>>, AsyncIterable<User>>>();

  // Declared errors: typed through call.either, or by narrowing the rejection.
  const result = await call.either(getUser, [1, 10, 'Basic YTpi']);
  assertType<Equals<typeof result, Either<{ message: string }, User>>>();
  try {
    await call(getUser, [2, 10, 'Basic YTpi']);
  } catch (error) {
    if (EndpointError.isFrom(getUser, error)) assertType<Equals<typeof error.value, { message: string }>>();
  }
  const twoErrors = Endpoint(RoutePattern.GET('x')).outError(NotFound, Status.NotFound).outError(User, Status.Conflict);
  const e2 = await call.either(twoErrors);
  assertType<Equals<typeof e2, Either<Either<User, { message: string }>, void>>>();
}
void typed;

test('EndpointError.isFrom tells the endpoint a declared error came from', () => {
  const error = new EndpointError(getUser, { message: 'no' }, 404, new Headers(), 'http://x/users/1');
  assert.equal(EndpointError.isFrom(getUser, error), true);
  assert.equal(EndpointError.isFrom(Endpoint(RoutePattern.GET('users', PathCodec.int('id'))), error), false);
  assert.equal(EndpointError.isFrom(getUser, new Error('no')), false);
  assert.equal(error.name, 'EndpointError');
});
