// Two shapes published documents write that used to cost a valid request or a refusal its
// contract: a `default: null` on a string that does not admit null (Akeneo's read-only `created`)
// was filled in for an absent field and then refused, so every request leaving it out answered
// 400; and an integer `error` in a declared error (Authentiq's) had nothing to fill it, so the
// runtime's own `{"error": "Bad Request"}` went out, breaking the declared shape; so did a
// required `href` (ably's link to more about the error), which now says `about:blank`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EndpointGen } from '../src/index.ts';

const doc = {
  openapi: '3.0.3',
  info: { title: 't', version: '1' },
  paths: {
    '/records': {
      patch: {
        operationId: 'patchRecord',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: {
                  code: { type: 'string' },
                  created: { type: 'string', format: 'dateTime', default: null },
                  note: { type: 'string', nullable: true, default: null },
                },
              },
            },
          },
        },
        responses: {
          '204': { description: 'done' },
          default: {
            description: 'an error',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['error'],
                  properties: { error: { type: 'integer' }, detail: { type: 'string' } },
                },
              },
            },
          },
        },
      },
    },
  },
};

test('a default of null where null is refused is left out, with a warning at it', () => {
  const built = EndpointGen.fromOpenAPI(structuredClone(doc));
  const endpoints = built.files.get('endpoints.js') ?? '';
  assert.doesNotMatch(endpoints, /created: \{[^}]*default/, 'created has no default');
  assert.match(endpoints, /note: \{[^}]*default: null/, 'a nullable field keeps its default of null');
  const warnings = built.warnings.map((w) => `${w.pointer}: ${w.message}`);
  assert.ok(
    warnings.some((w) => w.includes('/properties/created/default') && /does not admit null/.test(w)),
    warnings.join('\n'),
  );
});

test('an integer error in a declared error takes the status', () => {
  const built = EndpointGen.fromOpenAPI(structuredClone(doc));
  const server = built.files.get('server.js') ?? '';
  assert.match(server, /"error": f\.status, "detail": f\.message/);
});

test('a required link in a declared error is about:blank; an optional one is left out', () => {
  const errors = structuredClone(doc);
  errors.paths['/records'].patch.responses.default.content['application/json'].schema = {
    type: 'object',
    required: ['message', 'code', 'href'],
    properties: {
      message: { type: 'string' },
      code: { type: 'integer' },
      href: { type: 'string' },
      link: { type: 'string' },
    },
  } as never;
  const server = EndpointGen.fromOpenAPI(errors).files.get('server.js') ?? '';
  assert.match(server, /"message": f\.message, "code": f\.status, "href": "about:blank" \}/);
});
