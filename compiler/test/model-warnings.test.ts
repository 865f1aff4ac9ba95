// Warnings of the model for shapes met in published documents: each says what is left out and
// why, at the JSON pointer of the part left out. Documents are built in memory.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CompileError, EndpointGen } from '../src/index.ts';

const ok = { description: 'Ok.' };

function warnings(document: object): string[] {
  return EndpointGen.fromOpenAPI(document, { targets: ['endpoints'] }).warnings.map((w) => `${w.pointer}: ${w.message}`);
}

test('a media type with the same schema but no codec is reported for its encoding, not its schema (train-travel problem+xml)', () => {
  const problem = { $ref: '#/components/schemas/Problem' };
  const got = warnings({
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    paths: {
      '/a': {
        get: {
          operationId: 'a',
          responses: {
            '400': { description: 'Bad.', content: { 'application/problem+json': { schema: problem }, 'application/problem+xml': { schema: problem } } },
            '200': { description: 'Ok.', content: { 'application/json': { schema: { type: 'string' } }, 'text/csv': { schema: { type: 'integer' } } } },
          },
        },
      },
    },
    components: { schemas: { Problem: { type: 'object', properties: { title: { type: 'string' } } } } },
  });
  assert.deepEqual(got.sort(), [
    '/paths/~1a/get/responses/200/content/text~1csv: response 200 text/csv has another schema than application/json; one operation has one body shape, so it is left out',
    '/paths/~1a/get/responses/400/content/application~1problem+xml: response 400 application/problem+xml has the same schema as application/problem+json but is carried as bytes (no codec for it); one operation has one body shape, so it is left out',
  ]);
});

test('an operation without responses is fine in 3.1 and an error in 3.0, which requires them', () => {
  const doc = (openapi: string) => ({
    openapi,
    info: { title: 't', version: '1' },
    paths: { '/a': { post: { operationId: 'a' } }, '/b': { get: { operationId: 'b', responses: { '200': ok } } } },
  });
  assert.deepEqual(warnings(doc('3.1.0')), []);
  assert.throws(
    () => EndpointGen.fromOpenAPI(doc('3.0.3'), { targets: ['endpoints'] }),
    (e) =>
      e instanceof CompileError &&
      e.diagnostics.some((d) => d.severity === 'error' && d.pointer === '/paths/~1a/post/responses' && /needs a responses object/.test(d.message)),
  );
});

test('a $ref into another file that was not bundled stays an error; one to a missing component is a warning', () => {
  const doc = (ref: string) => ({
    openapi: '3.0.3',
    info: { title: 't', version: '1' },
    paths: { '/a': { get: { operationId: 'a', responses: { '200': { description: 'Ok.', content: { 'application/json': { schema: { $ref: ref } } } } } } } },
  });
  assert.deepEqual(warnings(doc('#/components/schemas/Gone')), [
    '/paths/~1a/get/responses/200/content/application~1json/schema/$ref: cannot resolve $ref "#/components/schemas/Gone": nothing at /components/schemas/Gone; it is read as any value',
  ]);
  assert.throws(
    () => EndpointGen.fromOpenAPI(doc('other.yaml#/Pet'), { targets: ['endpoints'] }),
    (e) => e instanceof CompileError && /references into other files must be bundled/.test(e.message),
  );
});

test('path segments with text around parameters are kept; two parameters with no text between them, or stray braces, are left out with the reason', () => {
  const op = (id: string, params: string[]) => ({
    get: { operationId: id, parameters: params.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })), responses: { '200': ok } },
  });
  const document = {
    openapi: '3.0.3',
    info: { title: 't', version: '1' },
    paths: {
      '/files/{name}.json': op('json', ['name']),
      '/v1/{id}:cancel': op('cancel', ['id']),
      '/reports/{year}-{month}': op('report', ['year', 'month']),
      '/ab/{a}{b}': op('ab', ['a', 'b']),
      '/odd/{x}}': op('odd', ['x']),
      '/empty/{}.json': op('empty', []),
    },
  };
  const result = EndpointGen.fromOpenAPI(document, { targets: ['endpoints'] });
  assert.deepEqual(
    result.api.operations.map((o) => [o.path, o.segments]),
    [
      ['/files/{name}.json', [{ literal: 'files' }, { mixed: [{ param: 'name' }, { literal: '.json' }] }]],
      ['/v1/{id}:cancel', [{ literal: 'v1' }, { mixed: [{ param: 'id' }, { literal: ':cancel' }] }]],
      ['/reports/{year}-{month}', [{ literal: 'reports' }, { mixed: [{ param: 'year' }, { literal: '-' }, { param: 'month' }] }]],
    ],
  );
  assert.deepEqual(warnings(document), [
    '/paths/~1ab~1{a}{b}/get: path "/ab/{a}{b}" cannot be routed: its segment "{a}{b}" has two parameters with no text between them, which cannot be told apart; the operation is left out',
    '/paths/~1odd~1{x}}/get: path "/odd/{x}}" cannot be routed: its segment "{x}}" has unbalanced or empty braces; the operation is left out',
    '/paths/~1empty~1{}.json/get: path "/empty/{}.json" cannot be routed: its segment "{}.json" has unbalanced or empty braces; the operation is left out',
  ]);
});
