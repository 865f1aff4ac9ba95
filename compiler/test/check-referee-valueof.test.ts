// `kitgen check` judged getsandbox.com's generated requests and stopped with an internal error,
// "a.valueOf is not a function": ajv compares `enum` and `const` values with fast-deep-equal, which
// calls a value's own `valueOf` when it has one, and a free-form object may hold a `valueOf` key.
// The referee now says it cannot judge such a value (RefereeUnable), which the check handles as
// it handles a schema the referee cannot compile, and the run goes on.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DocumentReferee, RefereeUnable, type OpenApiDocument } from '../src/check/documentReferee.ts';
import { documentOperations } from '../src/check/documentOperations.ts';
import { loadPatternTester } from '../src/check/patternTester.ts';

const patterns = await loadPatternTester();

const doc = {
  openapi: '3.0.3',
  info: { title: 'free-form', version: '1' },
  paths: {
    '/things': {
      post: {
        operationId: 'create',
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { enum: [{ kind: 'a' }, { kind: 'b' }] } } },
        },
        responses: { '204': { description: 'created' } },
      },
    },
  },
} as unknown as OpenApiDocument;

test('a value holding its own valueOf is refused as unjudgeable, not an internal error', () => {
  const referee = new DocumentReferee(doc, patterns);
  const pointer = documentOperations(doc)[0].body!.media[0].schemaPointer!;
  assert.equal(referee.check(pointer, 'request', { kind: 'a' }), undefined);
  assert.match(referee.check(pointer, 'request', { kind: 'c' }) ?? '', /allowed values/);
  assert.throws(
    () => referee.check(pointer, 'request', { valueOf: 'x' }),
    (e: unknown) => e instanceof RefereeUnable && /cannot judge a value at/.test(e.message),
  );
});
