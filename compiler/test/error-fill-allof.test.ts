// A declared error that is an allOf of a generic problem and an operation's own member narrowing
// the problem's `type` to an enum (ix-api's cancellation errors): the fill takes its value from
// the enum, not from the generic member's plain string, and where no enum value names the
// failure's kind the shape is reported unmet (so generation warns) rather than filled with a
// value the document refuses.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EndpointGen } from '../src/index.ts';
import { errorFillOf, unmetDeclaredError } from '../src/model/declaredErrors.ts';

function documentWith(types: readonly string[]) {
  return {
    openapi: '3.0.3',
    info: { title: 'problems', version: '1' },
    paths: {
      '/things/{id}': {
        delete: {
          operationId: 'deleteThing',
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
          responses: {
            '204': { description: 'gone' },
            '400': {
              description: 'refused',
              content: {
                'application/json': {
                  schema: {
                    allOf: [
                      { $ref: '#/components/schemas/Problem' },
                      { type: 'object', properties: { type: { type: 'string', enum: types } } },
                    ],
                  },
                },
              },
            },
          },
        },
      },
    },
    components: {
      schemas: {
        Problem: {
          type: 'object',
          required: ['type', 'title'],
          properties: { type: { type: 'string' }, title: { type: 'string' }, status: { type: 'integer' } },
        },
      },
    },
  };
}

test('a later allOf member that narrows a property to an enum decides its value', () => {
  const types = ['https://errors.example/conflict.html', 'https://errors.example/invalid-request.html'];
  const { api } = EndpointGen.fromOpenAPI(documentWith(types), { targets: ['server'] });
  const op = api.operations[0];
  assert.equal(unmetDeclaredError(api, op, 400), undefined);
  const body = op.errors[0].content!.schema;
  const result = errorFillOf(api, body, 400);
  assert.ok('fill' in result && result.fill.kind === 'object');
  const type = result.fill.fields.find((f) => f.name === 'type');
  assert.deepEqual(type?.fill, { kind: 'literal', value: 'https://errors.example/invalid-request.html' });
});

test('an enum with no value for the failure leaves the shape unmet, naming the property', () => {
  const types = ['https://errors.example/conflict.html', 'https://errors.example/unable-to-fulfill.html'];
  const { api } = EndpointGen.fromOpenAPI(documentWith(types), { targets: ['server'] });
  assert.match(unmetDeclaredError(api, api.operations[0], 400) ?? '', /^400: \/type \(one of /);
});
