// OpenAPIGen.fromEndpoints: operations, parameters, bodies, responses, errors, security and
// examples, as the endpoint API declares them and the server puts them on the wire.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  CodecConfig,
  Endpoint,
  HeaderCodec,
  HttpCodec,
  OpenAPIGen,
  PathCodec,
  RoutePattern,
  Schema,
  Status,
  type MediaTypeObject,
  type OpenAPIDocument,
  type OperationObject,
  type ParameterObject,
  type ResponseObject,
  type SchemaObject,
} from '@kitgen/runtime';
import * as E from './fixtures/openapi/everyOperation.ts';

const doc: OpenAPIDocument = OpenAPIGen.fromEndpoints('Every operation', '1.0.0', ...E.everyOperation).document;

function op(
  path: string,
  method: 'get' | 'post' | 'put' | 'patch' | 'delete' | 'head',
  d: OpenAPIDocument = doc,
): OperationObject {
  const o = d.paths?.[path]?.[method];
  assert.ok(o, `${method} ${path} is documented`);
  return o;
}
const param = (o: OperationObject, name: string) =>
  (o.parameters ?? []).find((p) => (p as ParameterObject).name === name) as ParameterObject | undefined;
const response = (o: OperationObject, status: number | 'default' | `${number}XX`) =>
  o.responses?.[String(status)] as ResponseObject;
const json = (r: { content?: Record<string, MediaTypeObject> }, mt = 'application/json') =>
  r.content?.[mt]?.schema as SchemaObject;
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

test('one operation per endpoint, at its OpenAPI path; 3.1.0 by default; servers default to "/"', () => {
  assert.equal(doc.openapi, '3.1.0');
  assert.deepEqual(doc.info, { title: 'Every operation', version: '1.0.0' });
  assert.deepEqual(doc.servers, [{ url: '/' }]);
  const ops = Object.entries(doc.paths ?? {}).flatMap(([p, item]) =>
    Object.keys(item).map((m) => `${m.toUpperCase()} ${p}`),
  );
  assert.equal(ops.length, E.everyOperation.length);
  assert.ok(ops.includes('GET /orgs/{org}/users') && ops.includes('PUT /blobs/{path}') && ops.includes('HEAD /health'));
});

test('operationId: declared, else method and path in lowerCamelCase, unique; a declared one used twice is an error', () => {
  assert.equal(op('/users', 'post').operationId, 'createUser');
  assert.equal(op('/orgs/{org}/users', 'get').operationId, 'getOrgsByOrgUsers');
  assert.equal(op('/users/{id}', 'delete').operationId, 'deleteUsersById');
  const a = Endpoint(RoutePattern.GET('a-b'));
  const b = Endpoint(RoutePattern.GET('a_b'));
  const ids = OpenAPIGen.fromEndpoints('x', '1', a, b).operations.map((o) => o.operation.operationId);
  assert.deepEqual(ids, ['getAB', 'getAB2']);
  assert.throws(
    () => OpenAPIGen.fromEndpoints('x', '1', a.operationId('same'), b.operationId('same')),
    /operationId "same" is declared by both GET \/a-b and GET \/a_b/,
  );
  assert.throws(
    () => OpenAPIGen.fromEndpoints('x', '1', a, Endpoint(RoutePattern.GET('a-b'))),
    /two endpoints describe GET \/a-b/,
  );
  assert.throws(() => OpenAPIGen.fromEndpoints('x', '1', Endpoint(RoutePattern.ANY('any'))), /matches any method/);
});

test('summary, description, tags and deprecated come from the endpoint docs; declared tags are listed at the root', () => {
  assert.equal(op('/orgs/{org}/users', 'get').summary, 'List the users of an organisation');
  const get = op('/users/{id}', 'get');
  assert.equal(get.summary, 'Fetch one user.', 'the first sentence of the description');
  assert.equal(get.description, 'Fetch one user. Needs credentials.');
  assert.equal(op('/text', 'post').summary, 'POST /text', 'method and path when nothing else is known');
  assert.deepEqual(op('/users', 'post').tags, ['users', 'admin']);
  assert.deepEqual(doc.tags, [{ name: 'users' }, { name: 'admin' }]);
  assert.equal(op('/users/{id}', 'delete').deprecated, true);
  assert.equal(op('/users/{id}', 'get').deprecated, undefined);
});

test('path parameters: required, typed by their codec, documented; a trailing one says it may hold "/"', () => {
  assert.deepEqual(param(op('/users/{id}', 'get'), 'id'), {
    name: 'id',
    in: 'path',
    required: true,
    schema: { type: 'integer', format: 'int32' },
    examples: { one: { value: 1 } },
  });
  assert.deepEqual(param(op('/users/{id}', 'delete'), 'id')?.schema, { type: 'integer', format: 'int64' });
  assert.deepEqual(param(op('/pets/{key}', 'put'), 'key')?.schema, { type: 'string', format: 'uuid' });
  assert.deepEqual(param(op('/files/{public}', 'post'), 'public')?.schema, { type: 'boolean' });
  assert.deepEqual(param(op('/orgs/{org}/users', 'get'), 'org')?.schema, { type: 'string' });
  assert.match(param(op('/blobs/{path}', 'put'), 'path')?.description ?? '', /may hold "\/"/);
  const documented = OpenAPIGen.fromEndpoints(
    'x',
    '1',
    Endpoint(RoutePattern.GET('u', PathCodec.int('id').doc('The user id'))),
  ).operations[0].operation;
  assert.equal(param(documented, 'id')?.description, 'The user id');
});

test('query parameters: required unless optional or defaulted, styles, deepObject, JSON objects, docs, examples, deprecated', () => {
  const list = op('/orgs/{org}/users', 'get');
  assert.deepEqual(param(list, 'limit'), {
    name: 'limit',
    in: 'query',
    description: 'Page size',
    schema: { type: 'integer', minimum: 1, maximum: 100 },
    examples: { small: { value: 5 }, large: { value: 100 }, first: { value: 10 } },
  });
  assert.equal(param(list, 'sort')?.required, undefined, 'a default makes it optional');
  assert.deepEqual(param(list, 'sort')?.schema, { type: 'string', default: 'name' });
  assert.equal(param(list, 'desc')?.required, undefined);
  assert.equal(param(list, 'ids')?.required, true);
  assert.equal(param(list, 'ids')?.style, undefined, 'form, exploded: the defaults');
  assert.deepEqual([param(list, 'names')?.style, param(list, 'names')?.explode], ['spaceDelimited', undefined]);
  assert.deepEqual([param(list, 'codes')?.style, param(list, 'codes')?.explode], ['pipeDelimited', undefined]);
  assert.deepEqual(
    [param(list, 'age')?.style, param(list, 'age')?.explode, param(list, 'age')?.schema?.type],
    ['deepObject', true, 'object'],
  );
  assert.deepEqual(param(list, 'filter')?.content, {
    'application/json': { schema: { type: 'object', properties: { role: { type: 'string' } }, required: ['role'] } },
  });
  assert.equal(param(list, 'filter')?.schema, undefined);
  assert.equal(param(list, 'legacy')?.deprecated, true);
  const c = Endpoint(RoutePattern.GET('c')).query(
    HttpCodec.query('c', Schema.Array(Schema.Integer()), { explode: false }),
  );
  assert.deepEqual(
    (OpenAPIGen.fromEndpoints('x', '1', c).operations[0].operation.parameters?.[0] as ParameterObject).explode,
    false,
  );
});

test('headers: named ones are parameters (optional, typed); Content-Type and Authorization are not, they shape the body and security', () => {
  const put = op('/pets/{key}', 'put');
  assert.deepEqual(param(put, 'x-request-id'), {
    name: 'x-request-id',
    in: 'header',
    schema: { type: 'string' },
    examples: { cat: { value: 'req-1' } },
  });
  assert.deepEqual(param(put, 'if-match')?.required, true);
  assert.equal(param(put, 'authorization'), undefined);
  assert.equal(param(op('/text', 'post'), 'content-type'), undefined);
  assert.equal(param(op('/files/{public}', 'post'), 'content-type'), undefined);
  // inCodec(query.or(header)): either may carry the value, so neither is required.
  const custom = op('/custom/{name}', 'get');
  assert.deepEqual(
    [param(custom, 'q')?.required, param(custom, 'x-q')?.required, param(custom, 'x-q')?.in],
    [undefined, undefined, 'header'],
  );
});

test('security: Basic and Bearer auth types and Authorization headers become schemes and requirements', () => {
  assert.deepEqual(doc.components?.securitySchemes, {
    basicAuth: { type: 'http', scheme: 'basic' },
    bearerAuth: { type: 'http', scheme: 'bearer' },
  });
  assert.deepEqual(op('/users', 'post').security, [{ bearerAuth: [] }]);
  assert.deepEqual(op('/users/{id}', 'delete').security, [{ basicAuth: [] }]);
  assert.deepEqual(
    op('/users/{id}', 'get').security,
    [{ basicAuth: [] }, { bearerAuth: [] }],
    'HeaderCodec.authorization takes either',
  );
  assert.deepEqual(op('/pets/{key}', 'put').security, [{ bearerAuth: [] }], 'HeaderCodec.bearerAuth');
  assert.equal(op('/text', 'post').security, undefined, 'none needed: the root says []');
  assert.deepEqual(doc.security, []);
  const optional = Endpoint(RoutePattern.GET('o')).header(HttpCodec.header('authorization').optional());
  assert.deepEqual(OpenAPIGen.fromEndpoints('x', '1', optional).operations[0].operation.security, [
    { basicAuth: [] },
    { bearerAuth: [] },
    {},
  ]);
});

test('request bodies: each media type, form, text, bytes, Content-Type.expect, docs and examples in wire form', () => {
  const create = op('/users', 'post').requestBody as {
    content: Record<string, MediaTypeObject>;
    required?: boolean;
    description?: string;
  };
  assert.equal(create.required, true);
  assert.equal(create.description, 'The new user');
  assert.deepEqual(Object.keys(create.content), ['application/json', 'application/x-www-form-urlencoded']);
  assert.deepEqual(create.content['application/json'].schema, ref('NewUser'));
  assert.deepEqual(
    create.content['application/json'].examples,
    { ada: { value: { name: 'Ada' } } },
    'an absent optional field stays absent',
  );
  assert.deepEqual(create.content['application/x-www-form-urlencoded'].examples, { ada: { value: { name: 'Ada' } } });
  assert.deepEqual((op('/text', 'post').requestBody as { content: unknown }).content, {
    'text/plain': { schema: { type: 'string', maxLength: 1000 } },
  });
  assert.deepEqual((op('/blobs/{path}', 'put').requestBody as { content: unknown }).content, {
    'application/octet-stream': { schema: { type: 'string', format: 'binary' } },
  });
  const pet = (op('/pets/{key}', 'put').requestBody as { content: Record<string, MediaTypeObject> }).content[
    'application/json'
  ];
  assert.deepEqual(
    pet.examples,
    { cat: { value: { Cat: { lives: 9 } } } },
    'a tagged union example in the default ClassName form',
  );
  const csv = Endpoint(RoutePattern.POST('csv')).header(HeaderCodec.contentType);
  assert.equal(
    OpenAPIGen.fromEndpoints('x', '1', csv).operations[0].operation.requestBody,
    undefined,
    'a plain content-type header constrains nothing',
  );
  const expectOnly = Endpoint(RoutePattern.POST('csv')).header(HeaderCodec.contentType.expect('text/csv'));
  assert.deepEqual(OpenAPIGen.fromEndpoints('x', '1', expectOnly).operations[0].operation.requestBody, {
    content: { 'text/csv': {} },
    required: true,
  });
});

test('multipart parts: one form-data object, each part its schema, non-text parts with their content type', () => {
  const body = op('/files/{public}', 'post').requestBody as { content: Record<string, MediaTypeObject> };
  assert.deepEqual(Object.keys(body.content), ['multipart/form-data']);
  const form = body.content['multipart/form-data'];
  assert.deepEqual(form.schema, {
    type: 'object',
    properties: {
      description: { type: 'string', description: 'What the file is' },
      count: { type: 'integer' },
      meta: { type: 'object', properties: { title: { type: 'string' } }, required: ['title'] },
      file: { type: 'string', format: 'binary' },
    },
    required: ['description', 'count', 'meta', 'file'],
  });
  assert.deepEqual(form.encoding, {
    meta: { contentType: 'application/json' },
    file: { contentType: 'image/png, image/jpeg' },
  });
});

test('streams: JSON in as an array (or NDJSON), out one value per line, or an array with treatStreamsAsArrays', () => {
  const events = op('/events', 'post');
  const input = (events.requestBody as { content: Record<string, MediaTypeObject> }).content['application/json'];
  assert.equal(input['x-kitgen-stream'], true);
  assert.equal((input.schema as SchemaObject).type, 'array');
  const out = response(events, 200);
  assert.match(out.description, /newline-delimited JSON/);
  assert.notEqual(json(out).type, 'array');
  const arrays = OpenAPIGen.fromEndpoints(
    { title: 'x', version: '1', codecConfig: CodecConfig({ treatStreamsAsArrays: true }) },
    E.streams,
  ).document;
  assert.equal(json(response(op('/events', 'post', arrays), 200)).type, 'array');
});

test('responses: 200 unless declared, 204 without a body, statuses and media types of every out, rule 1 headers', () => {
  assert.deepEqual(Object.keys(op('/health', 'head').responses ?? {}), ['204']);
  assert.deepEqual(Object.keys(op('/users/{id}', 'delete').responses ?? {}), ['204', '400', '401', '404']);
  const create = op('/users', 'post');
  assert.deepEqual(Object.keys(create.responses ?? {}), ['201', '202', '400', '401', '403', '409']);
  // outHeader(location) came after the 201 output and before the 202 one.
  assert.deepEqual(response(create, 201).headers, { location: { schema: { type: 'string' }, required: true } });
  assert.equal(response(create, 202).headers, undefined);
  assert.deepEqual(json(response(create, 201)), ref('User'));
  const text = op('/text', 'post');
  assert.deepEqual(response(text, 200).content, { 'text/plain': { schema: { type: 'string' } } });
  assert.deepEqual(response(text, 206).content, {
    'application/octet-stream': { schema: { type: 'string', format: 'binary' } },
  });
  assert.deepEqual(Object.keys(response(op('/either', 'get'), 200).content ?? {}), ['text/plain', 'application/json']);
  assert.equal(response(op('/users/{id}', 'get'), 200).description, 'The user', 'the output doc');
  const date = response(op('/files/{public}', 'post'), 201).headers?.date as {
    schema: SchemaObject;
    required: boolean;
  };
  assert.deepEqual([date.schema.type, date.schema.format, date.required], ['string', 'http-date', true]);
});

test('alternatives sharing a status and media type are a oneOf; optional headers of some alternatives are not required', () => {
  assert.deepEqual(json(response(op('/pets/{key}', 'put'), 200)), {
    oneOf: [ref('Pet'), { type: 'object', properties: { unchanged: { type: 'boolean' } }, required: ['unchanged'] }],
  });
  const patch = op('/pets/{key}', 'patch');
  assert.deepEqual(response(patch, 200).headers, { 'x-rate-limit': { schema: { type: 'integer' } } });
  assert.equal(response(patch, 204).content, undefined);
  const custom = op('/custom/{name}', 'get');
  assert.deepEqual(response(custom, 201).headers?.['x-request-id'], { schema: { type: 'string' }, required: true });
  assert.deepEqual(json(response(custom, 202)), ref('NotFound'));
});

test('errors: outError, outErrors, orOutError, outErrorCodec with their statuses; transformError keeps the wire schema', () => {
  const get = op('/users/{id}', 'get');
  assert.deepEqual([response(get, 404).description, json(response(get, 404))], ['No such user', ref('NotFound')]);
  const del = op('/users/{id}', 'delete');
  assert.deepEqual(json(response(del, 404)), ref('NotFound'));
  assert.deepEqual(
    json(response(del, 401)),
    { oneOf: [ref('Denied'), ref('HttpError')] },
    "the declared 401 and the server's own",
  );
  assert.deepEqual(json(response(op('/pets/{key}', 'put'), 404)), ref('NotFound'));
  const custom = op('/custom/{name}', 'get');
  // `default` is written back as default, not as a status it stands for; the server's own 400
  // keeps its key, which OpenAPI lets win over default.
  assert.deepEqual(
    [json(response(custom, 404)), json(response(custom, 'default')), json(response(custom, 400))],
    [ref('NotFound'), ref('NotFound'), ref('HttpError')],
  );
  assert.equal(response(custom, 500), undefined);
  assert.deepEqual(json(response(op('/t/{id}', 'get'), 404)), ref('NotFound'));
  assert.deepEqual(json(response(op('/t/{id}', 'get'), 200)), ref('User'), 'transformOut: the wire is still a User');
});

test("the server's own 400 and 401 answers are documented, with WWW-Authenticate; implicitErrors: false leaves them out", () => {
  const create = op('/users', 'post');
  assert.deepEqual(json(response(create, 400)), ref('HttpError'));
  assert.deepEqual(response(create, 401).headers?.['www-authenticate'], {
    required: true,
    description: 'The challenge: the scheme to authenticate with and its realm.',
    schema: { type: 'string' },
  });
  assert.deepEqual(doc.components?.schemas?.HttpError?.required, ['error', 'message']);
  assert.equal(op('/health', 'head').responses?.['400'], undefined, 'nothing to decode');
  const bare = OpenAPIGen.fromEndpoints({ title: 'x', version: '1', implicitErrors: false }, E.createUser).document;
  assert.deepEqual(Object.keys(op('/users', 'post', bare).responses ?? {}), ['201', '202', '403', '409']);
  assert.equal(bare.components?.schemas?.HttpError, undefined);
});

test('examples of the whole input and output are split over parameters and bodies, in wire form', () => {
  const get = op('/users/{id}', 'get');
  assert.deepEqual(response(get, 200).content?.['application/json'].examples, {
    ada: { value: { id: 1, name: 'Ada', tags: [], createdAt: '2026-11-21T10:00:00Z' } },
  });
  const stored = response(op('/blobs/{path}', 'put'), 200).content?.['application/json'].examples?.stored as {
    value: Record<string, unknown>;
  };
  assert.deepEqual(stored.value, {
    name: 'a',
    data: 'AQI=',
    size: 2,
    color: 'red',
    note: null,
    point: [1, 2],
    counts: {},
    level: 1,
  });
  const list = op('/orgs/{org}/users', 'get');
  assert.deepEqual(param(list, 'age')?.examples, { first: { value: { min: 1, max: 2 } } });
  assert.deepEqual(param(list, 'org')?.examples, { first: { value: 'acme' } });
  assert.equal(param(list, 'desc')?.examples, undefined, 'an undefined value is no example');
  // transformIn: the example is the transformed value; g maps it back.
  class Id {
    constructor(readonly n: number) {}
  }
  const t = Endpoint(RoutePattern.GET('t', PathCodec.int('id')))
    .query(HttpCodec.query('q'))
    .transformIn(
      ([id, q]) => ({ id: new Id(id), q }),
      (v) => [v.id.n, v.q] as [number, string],
    )
    .examples({ in: { x: { id: new Id(4), q: 'z' } } });
  const tOp = OpenAPIGen.fromEndpoints('x', '1', t).operations[0].operation;
  assert.deepEqual(
    [param(tOp, 'id')?.examples, param(tOp, 'q')?.examples],
    [{ x: { value: 4 } }, { x: { value: 'z' } }],
  );
});

test("a content codec's own examples and status", () => {
  const e = Endpoint(RoutePattern.GET('s')).outCodec(
    HttpCodec.content(Schema.Object({ a: Schema.Int64() }), { status: Status.Accepted }).examples({
      big: { a: 9007199254740993n },
    }),
  );
  const r = response(OpenAPIGen.fromEndpoints('x', '1', e).operations[0].operation, 202);
  assert.deepEqual(
    r.content?.['application/json'].examples,
    { big: { value: { a: 9007199254740992 } } },
    'JSON numbers: the nearest double',
  );
});
