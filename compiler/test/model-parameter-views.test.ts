// A parameter is part of a request, so it reads its schema in the request view: stream-io's
// `payload` query parameter (`content: application/json`) holds a `user` whose `online` is
// readOnly and required; the server demanded it, though no request sends a readOnly property.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EndpointGen } from '../src/index.ts';

const doc = {
  openapi: '3.0.3',
  info: { title: 't', version: '1' },
  paths: {
    '/users': {
      get: {
        operationId: 'queryUsers',
        parameters: [
          {
            name: 'payload',
            in: 'query',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Query' } } },
          },
        ],
        responses: {
          '200': {
            description: 'ok',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/User' } } },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      Query: { type: 'object', properties: { user: { $ref: '#/components/schemas/User' } } },
      User: {
        type: 'object',
        required: ['id', 'online'],
        properties: { id: { type: 'string' }, online: { type: 'boolean', readOnly: true } },
      },
    },
  },
};

test('a parameter reads its schema in the request view: readOnly properties left out', () => {
  const built = EndpointGen.fromOpenAPI(structuredClone(doc));
  const endpoints = built.files.get('endpoints.js') ?? '';
  const op = /export const queryUsers = defineEndpoint\(.*\);/.exec(endpoints)?.[0] ?? '';
  assert.match(op, /name: 'payload'[^}]*schema: QueryWrite/, op);
  assert.match(endpoints, /export const UserWrite = .*required: \['id'\]/);
  assert.match(op, /output: \{ status: 200, body: User\b/);
});
