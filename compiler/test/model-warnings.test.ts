// Warnings of the model for shapes met in published documents: each says what is left out and
// why, at the JSON pointer of the part left out. Documents are built in memory.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CompileError, EndpointGen } from '../src/index.ts';

const ok = { description: 'Ok.' };

function warnings(document: object): string[] {
  return EndpointGen.fromOpenAPI(document, { targets: ['endpoints'] }).warnings.map(
    (w) => `${w.pointer}: ${w.message}`,
  );
}

test('media types with their own schemas (train-travel problem+xml) are body variants, not warnings; XML without a codec is bytes', () => {
  const problem = { $ref: '#/components/schemas/Problem' };
  const document = {
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    paths: {
      '/a': {
        get: {
          operationId: 'a',
          responses: {
            '400': {
              description: 'Bad.',
              content: {
                'application/problem+json': { schema: problem },
                'application/problem+xml': { schema: problem },
              },
            },
            '200': {
              description: 'Ok.',
              content: {
                'application/json': { schema: { type: 'string' } },
                'text/csv': { schema: { type: 'integer' } },
              },
            },
          },
        },
      },
    },
    components: { schemas: { Problem: { type: 'object', properties: { title: { type: 'string' } } } } },
  };
  assert.deepEqual(warnings(document), []);
  const op = EndpointGen.fromOpenAPI(document, { targets: ['endpoints'] }).api.operations[0];
  const variants = (r: (typeof op.outputs)[number]) =>
    r.content?.variants?.map((v) => [v.mediaTypes.join(), v.kind, v.schema.kind]);
  assert.deepEqual(variants(op.outputs[0]), [
    ['application/json', 'json', 'string'],
    ['text/csv', 'text', 'string'],
  ]);
  assert.deepEqual(variants(op.errors[0]), [
    ['application/problem+json', 'json', 'ref'],
    ['application/problem+xml', 'binary', 'bytes'],
  ]);
});

test('a multipart body beside a JSON body is a variant with its parts; a multipart response beside JSON is left out with a warning', () => {
  const document = {
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    paths: {
      '/a': {
        post: {
          operationId: 'a',
          requestBody: {
            content: {
              'application/json': { schema: { type: 'object', properties: { a: { type: 'string' } } } },
              'multipart/form-data': {
                schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } },
              },
            },
          },
          responses: {
            '200': {
              description: 'Ok.',
              content: {
                'application/json': { schema: { type: 'string' } },
                'multipart/mixed': { schema: { type: 'object', properties: { b: { type: 'string' } } } },
              },
            },
          },
        },
      },
    },
  };
  assert.deepEqual(warnings(document), [
    '/paths/~1a/post/responses/200/content/multipart~1mixed: response 200 multipart/mixed has another schema than application/json; one operation has one body shape, so it is left out',
  ]);
  const body = EndpointGen.fromOpenAPI(document, { targets: ['endpoints'] }).api.operations[0].body;
  assert.deepEqual(
    body?.variants?.map((v) => [v.mediaTypes.join(), v.parts?.map((p) => p.name)]),
    [
      ['application/json', undefined],
      ['multipart/form-data', ['file']],
    ],
  );
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
      e.diagnostics.some(
        (d) =>
          d.severity === 'error' &&
          d.pointer === '/paths/~1a/post/responses' &&
          /needs a responses object/.test(d.message),
      ),
  );
});

test('a $ref into another file that was not bundled stays an error; one to a missing component is a warning', () => {
  const doc = (ref: string) => ({
    openapi: '3.0.3',
    info: { title: 't', version: '1' },
    paths: {
      '/a': {
        get: {
          operationId: 'a',
          responses: { '200': { description: 'Ok.', content: { 'application/json': { schema: { $ref: ref } } } } },
        },
      },
    },
  });
  assert.deepEqual(warnings(doc('#/components/schemas/Gone')), [
    '/paths/~1a/get/responses/200/content/application~1json/schema/$ref: cannot resolve $ref "#/components/schemas/Gone": nothing at /components/schemas/Gone; it is read as any value',
  ]);
  assert.throws(
    () => EndpointGen.fromOpenAPI(doc('other.yaml#/Pet'), { targets: ['endpoints'] }),
    (e) => e instanceof CompileError && /references into other files must be bundled/.test(e.message),
  );
});

test('content-described parameters of JSON and text types carry their media type without a warning; others are reported', () => {
  const api = (parameters: object[]) => ({
    openapi: '3.0.3',
    info: { title: 't', version: '1' },
    paths: { '/a/{id}': { get: { operationId: 'a', parameters, responses: { '200': ok } } } },
  });
  const id = { name: 'id', in: 'path', required: true, schema: { type: 'string' } };
  const content = (name: string, where: string, types: Record<string, object>) => ({ name, in: where, content: types });
  const array = { schema: { type: 'array', items: { type: 'integer' } } };
  const carried = [
    content('ids', 'query', { 'application/json': array }),
    content('n', 'query', { 'text/plain': { schema: { type: 'integer' } } }),
    content('X-Ctx', 'header', { 'application/vnd.api+json': { schema: { type: 'object' } } }),
    content('c', 'cookie', { 'application/json': { schema: { type: 'string' } } }),
  ];
  const built = EndpointGen.fromOpenAPI(api([id, ...carried]), { targets: ['endpoints'] });
  assert.deepEqual(built.warnings, []);
  assert.deepEqual(
    built.api.operations[0].parameters.filter((p) => p.in !== 'path').map((p) => [p.name, p.mediaType]),
    [
      ['ids', 'application/json'],
      ['n', 'text/plain'],
      ['X-Ctx', 'application/vnd.api+json'],
      ['c', 'application/json'],
    ],
  );
  assert.deepEqual(
    warnings(
      api([
        id,
        content('x', 'query', { 'application/xml': { schema: { type: 'string' } } }),
        content('two', 'query', { 'application/json': array, 'text/plain': array }),
      ]),
    ),
    [
      '/paths/~1a~1{id}/get/parameters/1/content: parameter "x" is described by content (application/xml), which has no text codec; it is sent as plain text',
      '/paths/~1a~1{id}/get/parameters/2/content: parameter "two": content must have one media type, found 2; application/json is used',
    ],
  );
});

test("a pattern with Annex B identity escapes (`\\:`, `\\_`) is kept, written for the validator's unicode mode; one that is no ECMA-262 expression is reported", () => {
  const patterns = [
    '^[a-zA-Z0-9_\\-\\:]+$',
    '^[a-zA-Z0-9\\-\\_]',
    '^[a-z\\u0080-\\u024F\\s\\/\\-\\)\\(\\`\\.\\"\\\']+$',
    'a\\-b',
    '(?i)^[a-z]+$',
  ];
  const built = EndpointGen.fromOpenAPI(
    {
      openapi: '3.0.3',
      info: { title: 't', version: '1' },
      paths: {},
      components: { schemas: Object.fromEntries(patterns.map((pattern, i) => [`P${i}`, { type: 'string', pattern }])) },
    },
    { targets: ['endpoints'] },
  );
  assert.deepEqual(
    built.warnings.map((w) => `${w.pointer}: ${w.message}`),
    [
      '/components/schemas/P4/pattern: pattern "(?i)^[a-z]+$" is not a JavaScript regular expression; it is not checked',
    ],
  );
  const kept = new Map(
    built.api.schemas.map((s) => [s.name, s.schema.kind === 'string' ? s.schema.constraints.pattern : undefined]),
  );
  assert.deepEqual(
    [0, 1, 2, 3].map((i) => kept.get(`P${i}`)),
    ['^[a-zA-Z0-9_\\-:]+$', '^[a-zA-Z0-9\\-_]', '^[a-z\\u0080-\\u024F\\s\\/\\-\\)\\(`\\."\']+$', 'a-b'],
  );
  // The rewritten expression (unicode mode) accepts exactly what the written one (Annex B) does.
  const samples = ['abc:1', 'a_b', 'a-b', 'x', ':', 'A', '', 'São Paulo', 'O\'Brien "x"', '`', 'a b', 'é', '#'];
  for (const i of [0, 1, 2, 3]) {
    const written = new RegExp(patterns[i]);
    const rewritten = new RegExp(kept.get(`P${i}`) as string, 'u');
    for (const s of samples) assert.equal(rewritten.test(s), written.test(s), `P${i} on ${JSON.stringify(s)}`);
  }
});

test('path segments with text around parameters are kept; two parameters with no text between them, or stray braces, are left out with the reason', () => {
  const op = (id: string, params: string[]) => ({
    get: {
      operationId: id,
      parameters: params.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
      responses: { '200': ok },
    },
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
      [
        '/reports/{year}-{month}',
        [{ literal: 'reports' }, { mixed: [{ param: 'year' }, { literal: '-' }, { param: 'month' }] }],
      ],
    ],
  );
  assert.deepEqual(warnings(document), [
    '/paths/~1ab~1{a}{b}/get: path "/ab/{a}{b}" cannot be routed: its segment "{a}{b}" has two parameters with no text between them, which cannot be told apart (the later one has no enum or pattern, the earlier is no number); the operation is left out',
    '/paths/~1odd~1{x}}/get: path "/odd/{x}}" cannot be routed: its segment "{x}}" has unbalanced or empty braces; the operation is left out',
    '/paths/~1empty~1{}.json/get: path "/empty/{}.json" cannot be routed: its segment "{}.json" has unbalanced or empty braces; the operation is left out',
  ]);
});

test('a parameter named "" (brainbi.net and notion.com publish them) is left out with a warning; one with no name at all is an error', () => {
  const document = (name: unknown) => ({
    openapi: '3.0.3',
    info: { title: 't', version: '1' },
    paths: {
      '/customers': {
        get: {
          operationId: 'listCustomers',
          parameters: [
            { in: 'query', name, schema: { type: 'string', example: '' } },
            { in: 'query', name: 'page', schema: { type: 'integer' } },
          ],
          responses: { '200': ok },
        },
      },
    },
  });
  assert.deepEqual(warnings(document('')), [
    '/paths/~1customers/get/parameters/0/name: a parameter needs a name, found ""; it is left out',
  ]);
  const op = EndpointGen.fromOpenAPI(document(''), { targets: ['endpoints'] }).api.operations[0];
  assert.deepEqual(
    op.parameters.map((p) => p.name),
    ['page'],
  );
  assert.throws(
    () => EndpointGen.fromOpenAPI(document(undefined), { targets: ['endpoints'] }),
    (error: unknown) =>
      error instanceof CompileError &&
      error.diagnostics.some((d) => d.pointer === '/paths/~1customers/get/parameters/0/name'),
  );
});
