// EndpointError.isFrom names an operation, not one object: code-first output holds the user's
// endpoint and the document's endpoint the client calls (two objects of one operation), and a
// failure of one is a failure of the other. Another method or path is not the same operation.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Endpoint, EndpointError, PathCodec, RoutePattern, Schema, Status, defineEndpoint } from '@kitgen/runtime';

const Problem = Schema.Object({ message: Schema.String() });
// The user's definition and what a generated endpoints module declares for the same operation.
const users = Endpoint(RoutePattern.GET('books', PathCodec.int('id')))
  .out(Schema.String())
  .outError(Problem, Status.NotFound);
const generated = defineEndpoint({
  method: 'GET',
  path: ['books', { param: 'id', codec: 'int', prop: 'id' }],
  operationId: 'getBook',
  output: { status: 200, body: Schema.String() },
  errors: { 404: { body: Problem } },
});
const failure = (source: typeof users) => new EndpointError(source, { message: 'no book 9' }, 404, new Headers(), 'http://localhost/books/9');

test('a failure of one object of an operation is a failure of every object of it, and narrows to its error type', () => {
  const error: unknown = failure(generated as unknown as typeof users);
  assert.equal(String(generated), String(users), 'the two describe one operation');
  assert.ok(EndpointError.isFrom(users, error));
  if (EndpointError.isFrom(users, error)) assert.equal(error.value.message satisfies string, 'no book 9');
  assert.ok(EndpointError.isFrom(generated as unknown as typeof users, failure(users)));
});

test('another path or method is another operation', () => {
  const error = failure(users);
  assert.equal(EndpointError.isFrom(Endpoint(RoutePattern.GET('books')), error), false);
  assert.equal(EndpointError.isFrom(Endpoint(RoutePattern.DELETE('books', PathCodec.int('id'))), error), false);
  assert.equal(EndpointError.isFrom(users, new Error('not an EndpointError')), false);
});
