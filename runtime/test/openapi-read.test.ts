// OpenAPI.fromJson / fromYaml: 3.0.x and 3.1.x documents read into the typed model; everything
// else rejected with where (JSON pointer, line and column) and what.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { OpenAPI, OpenAPIError, type Either, type OpenAPIProblem } from '@kitgen/runtime';

function problems(result: Either<OpenAPIError, OpenAPI>): OpenAPIProblem[] {
  assert.equal(result._tag, 'left', 'expected the text to be refused');
  assert.ok(result._tag === 'left' && result.left instanceof OpenAPIError);
  return result._tag === 'left' ? [...result.left.problems] : [];
}

const minimal = (version: string) =>
  JSON.stringify({ openapi: version, info: { title: 'Pets', version: '1.0.0' }, paths: {} });

test("3.0.0 (the spec's example), 3.0.3, 3.1.0 and 3.1.1 documents are read", () => {
  for (const version of ['3.0.0', '3.0.3', '3.1.0', '3.1.1']) {
    const r = OpenAPI.fromJson(minimal(version));
    assert.equal(r._tag, 'right', version);
    assert.equal(r._tag === 'right' && r.right.version, version);
    assert.equal(r._tag === 'right' && r.right.title, 'Pets');
  }
});

test('a realistic document: typed access to operations, parameters, responses and components', () => {
  const text = JSON.stringify({
    openapi: '3.0.0',
    info: { title: 'Pets', version: '1.0.0' },
    servers: [{ url: 'http://127.0.0.1:8080' }],
    paths: {
      '/pets/{id}': {
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
        get: {
          operationId: 'getPet',
          summary: 'One pet',
          responses: {
            '200': {
              description: 'ok',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } },
            },
            default: { description: 'error' },
          },
        },
      },
    },
    components: { schemas: { Pet: { type: 'object', properties: { name: { type: 'string', nullable: true } } } } },
  });
  const r = OpenAPI.fromJson(text);
  assert.equal(r._tag, 'right');
  if (r._tag !== 'right') return;
  assert.deepEqual(
    r.right.operations.map((o) => [o.method, o.path, o.operation.operationId]),
    [['get', '/pets/{id}', 'getPet']],
  );
  assert.equal(r.right.document.components?.schemas?.Pet.properties?.name.nullable, true);
  assert.equal(r.right.toJson(0), text, 'written back as read');
});

test('not JSON: the line and column of the syntax error', () => {
  const [p] = problems(OpenAPI.fromJson('{\n  "openapi": "3.1.0",\n  "info": {,\n}'));
  assert.equal(p.pointer, '');
  assert.deepEqual([p.line, p.column], [3, 12]);
  assert.match(p.message, /^not valid JSON: /);
  const [empty] = problems(OpenAPI.fromJson('   '));
  assert.match(empty.message, /not valid JSON: the text is empty/);
  const [cut] = problems(OpenAPI.fromJson('{"openapi": "3.1.0"'));
  assert.match(cut.message, /ends too early/);
});

test('not an object, no version, a version that is not supported, Swagger 2.0', () => {
  assert.match(problems(OpenAPI.fromJson('[1, 2]'))[0].message, /must be an object, found an array/);
  assert.match(problems(OpenAPI.fromJson('"3.1.0"'))[0].message, /must be an object, found a text/);
  const missing = problems(OpenAPI.fromJson('{"info": {"title": "x", "version": "1"}, "paths": {}}'))[0];
  assert.deepEqual([missing.pointer, missing.line], ['/openapi', 1]);
  assert.match(missing.message, /required field "openapi"/);
  assert.match(
    problems(OpenAPI.fromJson('{"openapi": 3.1}'))[0].message,
    /"openapi" must be a version text such as "3.1.0", found a number/,
  );
  for (const v of ['2.0', '3.2.0', '4.0.0', '3.1'])
    assert.match(
      problems(OpenAPI.fromJson(minimal(v)))[0].message,
      new RegExp(`OpenAPI version "${v.replace(/\./g, '\\.')}" is not supported; kitgen reads 3\\.0\\.x and 3\\.1\\.x`),
    );
  const swagger = problems(
    OpenAPI.fromJson('{"swagger": "2.0", "info": {"title": "x", "version": "1"}, "paths": {}}'),
  )[0];
  assert.equal(swagger.pointer, '/swagger');
  assert.match(swagger.message, /Swagger 2\.0 documents are not supported; convert the document to OpenAPI 3 first/);
});

test('structural problems: each with its pointer and line, all of them at once', () => {
  const text = [
    '{',
    '  "openapi": "3.0.3",',
    '  "info": { "title": 7 },',
    '  "servers": [{ "description": "no url" }],',
    '  "paths": {',
    '    "pets": {},',
    '    "/pets/{id}": {',
    '      "get": {',
    '        "parameters": [{ "name": "id", "in": "path" }, { "name": "q", "in": "body" }],',
    '        "responses": { "200": {}, "2xx": { "description": "x" } }',
    '      },',
    '      "post": { "summary": "no responses" }',
    '    }',
    '  },',
    '  "components": { "schemas": { "bad name": {} } },',
    '  "tags": [{ "description": "nameless" }]',
    '}',
  ].join('\n');
  const list = problems(OpenAPI.fromJson(text));
  const byPointer = new Map(list.map((p) => [p.pointer, p]));
  const expect = (pointer: string, message: RegExp, line: number) => {
    const p = byPointer.get(pointer);
    assert.ok(p, `no problem at ${pointer}; got ${list.map((x) => x.pointer).join(', ')}`);
    assert.match(p.message, message, pointer);
    assert.equal(p.line, line, `${pointer} line`);
  };
  expect('/info/title', /"title" must be a text, found a number/, 3);
  expect('/info/version', /required field "version" is missing/, 3);
  expect('/servers/0/url', /required field "url" is missing/, 4);
  expect('/paths/pets', /a path must start with "\/"/, 6);
  expect('/paths/~1pets~1{id}/get/parameters/0/required', /path parameter "id" must have "required": true/, 9);
  expect('/paths/~1pets~1{id}/get/parameters/1/in', /"in" must be one of query, header, path, cookie; found "body"/, 9);
  expect('/paths/~1pets~1{id}/get/responses/200/description', /required field "description" is missing/, 10);
  expect('/paths/~1pets~1{id}/get/responses/2xx', /is not a status code/, 10);
  expect('/paths/~1pets~1{id}/post/responses', /required field "responses" is missing \(OpenAPI 3\.0\)/, 12);
  expect('/components/schemas/bad name', /may only hold letters, digits/, 15);
  expect('/tags/0/name', /required field "name" is missing/, 16);
  assert.equal(list.length, 11);
  const error = OpenAPI.fromJson(text);
  assert.match(
    error._tag === 'left' ? error.left.message : '',
    /^\/info\/title \(line 3, column \d+\): "title" must be a text/,
  );
});

test('3.1 differences: responses may be omitted, paths may be absent when components or webhooks exist', () => {
  assert.equal(
    OpenAPI.fromJson('{"openapi":"3.1.0","info":{"title":"x","version":"1"},"paths":{"/a":{"get":{}}}}')._tag,
    'right',
  );
  assert.equal(
    OpenAPI.fromJson('{"openapi":"3.1.0","info":{"title":"x","version":"1"},"components":{"schemas":{"A":true}}}')._tag,
    'right',
  );
  assert.match(
    problems(OpenAPI.fromJson('{"openapi":"3.1.0","info":{"title":"x","version":"1"}}'))[0].message,
    /needs at least one of "paths", "components" and "webhooks"/,
  );
  assert.match(
    problems(OpenAPI.fromJson('{"openapi":"3.0.3","info":{"title":"x","version":"1"}}'))[0].message,
    /required field "paths" is missing/,
  );
});

test('YAML: read like JSON, syntax errors placed by line', () => {
  const r = OpenAPI.fromYaml('openapi: 3.0.0\ninfo:\n  title: Pets\n  version: "1.0.0"\npaths: {}\n');
  assert.equal(r._tag === 'right' && r.right.version, '3.0.0');
  const [bad] = problems(OpenAPI.fromYaml('openapi: 3.1.0\ninfo: [unclosed\npaths: {}\n'));
  assert.match(bad.message, /^not valid YAML: /);
  assert.equal(typeof bad.line, 'number');
  const [missing] = problems(OpenAPI.fromYaml('openapi: 3.1.0\npaths: {}\ninfo:\n  version: "1"\n'));
  assert.deepEqual([missing.pointer, missing.line], ['/info/title', 4]);
});
