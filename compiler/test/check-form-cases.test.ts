// `kitgen check`'s valid requests in forms, and its spoiled ones, where the check called a right
// server wrong over APIs.guru's documents: a form has no text for null and writes no field for an
// empty list, so a required field holding either is never sent as valid (nordigen's nullable
// `redirect`, salesloft's `data`) and an optional one is left out; a string of
// `contentEncoding: base64` (OpenAPI 3.1's bytes, Adyen's 3-D Secure ids) is generated as base64;
// "credentials left out" drops a credential's header though the document also declares it as a
// parameter (VTEX's X-VTEX-API-AppKey); a declared media type `*` (telnyx) reads as `*/*`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { DocumentReferee, type OpenApiDocument } from '../src/check/documentReferee.ts';
import { documentOperations } from '../src/check/documentOperations.ts';
import { caseArbitrary, caseParts } from '../src/check/operationCases.ts';
import { loadPatternTester } from '../src/check/patternTester.ts';
import { schemaArbitrary } from '../src/check/schemaArbitrary.ts';
import { credentialsLeftOut, invalidRequests } from '../src/check/spoilers.ts';
import { judgeValidAnswer } from '../src/check/judge.ts';

const patterns = await loadPatternTester();

const form = {
  type: 'object',
  required: ['redirect', 'data'],
  properties: {
    redirect: { type: 'string', minLength: 1, nullable: true },
    data: { type: 'array', items: { type: 'string' } },
    note: { type: 'string', nullable: true },
  },
};
const doc = {
  openapi: '3.0.3',
  info: { title: 'forms', version: '1' },
  paths: {
    '/requisitions': {
      post: {
        operationId: 'create',
        requestBody: { required: true, content: { 'application/x-www-form-urlencoded': { schema: form } } },
        responses: { '201': { description: 'created' } },
      },
    },
  },
} as unknown as OpenApiDocument;

const bodyOf = (input: { values: Readonly<Record<string, unknown>> }) =>
  input.values['/paths/~1requisitions/post/requestBody/content/application~1x-www-form-urlencoded/schema'] as Record<
    string,
    unknown
  >;

test('a form field holding null or an empty list: never sent when required, left out when optional', () => {
  const op = documentOperations(doc)[0];
  const referee = new DocumentReferee(doc, patterns);
  const inputs = fc.sample(caseArbitrary(doc, op), { numRuns: 300, seed: 3 });
  const bodies = inputs.map(bodyOf);
  // The generator does make such values: the checks below are not vacuous.
  assert.ok(
    bodies.some((b) => b.redirect === null),
    'some redirect is null',
  );
  assert.ok(
    bodies.some((b) => Array.isArray(b.data) && b.data.length === 0),
    'some data list is empty',
  );
  assert.ok(
    bodies.some((b) => b.note === null),
    'some note is null',
  );
  let sent = 0;
  for (const input of inputs) {
    const parts = caseParts(doc, referee, op, input);
    if ('owner' in parts) {
      assert.match(parts.message, /form field (redirect|data) is required, and a form writes no field/);
      continue;
    }
    sent++;
    const fields = new URLSearchParams(String(parts.body?.payload));
    assert.ok(fields.has('redirect') && fields.get('redirect') !== '', String(parts.body?.payload));
    assert.ok(fields.getAll('data').length > 0, String(parts.body?.payload));
    if (bodyOf(input).note === null) assert.ok(!fields.has('note'), 'a null note is left out, not written empty');
  }
  assert.ok(sent > 30, `some cases make a request (${sent} of 300)`);
});

test('a string of contentEncoding base64 is generated as base64', () => {
  const bytes = {
    openapi: '3.1.0',
    info: { title: 'bytes', version: '1' },
    paths: {},
    components: { schemas: { Xid: { type: 'string', contentEncoding: 'base64' } } },
  } as unknown as OpenApiDocument;
  const values = fc.sample(schemaArbitrary(bytes, '/components/schemas/Xid', { view: 'request' }), {
    numRuns: 100,
    seed: 1,
  });
  for (const v of values) assert.match(String(v), /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/);
});

test('credentials left out drop the credential header though a parameter of the same name declares it', () => {
  const vtex = {
    openapi: '3.0.0',
    info: { title: 'vtex', version: '1' },
    security: [{ appKey: [], appToken: [] }],
    components: {
      securitySchemes: {
        appKey: { type: 'apiKey', in: 'header', name: 'X-VTEX-API-AppKey' },
        appToken: { type: 'apiKey', in: 'header', name: 'X-VTEX-API-AppToken' },
      },
    },
    paths: {
      '/config': {
        get: {
          operationId: 'config',
          parameters: [
            { name: 'X-VTEX-API-AppKey', in: 'header', required: true, schema: { type: 'string' } },
            { name: 'X-VTEX-API-AppToken', in: 'header', required: true, schema: { type: 'string' } },
          ],
          responses: { '200': { description: 'ok' } },
        },
      },
    },
  } as unknown as OpenApiDocument;
  const op = documentOperations(vtex)[0];
  const referee = new DocumentReferee(vtex, patterns);
  const [input] = fc.sample(caseArbitrary(vtex, op), { numRuns: 1, seed: 1 });
  const valid = caseParts(vtex, referee, op, input);
  assert.ok(!('owner' in valid), JSON.stringify(valid));
  const names = (h: ReadonlyArray<readonly [string, string]>) => h.map(([k]) => k.toLowerCase());
  assert.ok(names(valid.headers).includes('x-vtex-api-appkey'));
  const leftOut = invalidRequests(vtex, referee, op, valid).find((s) => s.how === credentialsLeftOut);
  assert.ok(leftOut, 'a request without credentials is made');
  assert.deepEqual(
    names(leftOut.parts.headers).filter((k) => k.startsWith('x-vtex')),
    [],
    JSON.stringify(leftOut.parts.headers),
  );
});

test('a declared response media type of a bare * takes any Content-Type, as */* does', () => {
  const download = {
    openapi: '3.0.0',
    info: { title: 'download', version: '1' },
    paths: {
      '/documents/{id}/download': {
        get: {
          operationId: 'download',
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          responses: {
            '200': { description: 'the file', content: { '*': { schema: { type: 'string', format: 'binary' } } } },
          },
        },
      },
    },
  } as unknown as OpenApiDocument;
  const op = documentOperations(download)[0];
  const referee = new DocumentReferee(download, patterns);
  const seen = { status: 200, contentType: 'application/octet-stream', text: 'PDF' };
  assert.deepEqual(judgeValidAnswer(download, referee, op, seen), []);
});

test('a credential the document also declares as a query parameter is sent once, as the credential', () => {
  // currencytick: `apikey` is an apiKey in the query and a required query parameter; sent twice
  // (`?apikey=&apikey=key-1`), the server read the sampled empty one and answered 401.
  const currencytick = {
    openapi: '3.0.0',
    info: { title: 'currencytick', version: '1' },
    security: [{ default: [] }],
    components: { securitySchemes: { default: { type: 'apiKey', in: 'query', name: 'apikey' } } },
    paths: {
      '/live': {
        get: {
          operationId: 'live',
          parameters: [{ name: 'apikey', in: 'query', required: true, schema: { type: 'string' } }],
          responses: { '200': { description: 'ok' } },
        },
      },
    },
  } as unknown as OpenApiDocument;
  const op = documentOperations(currencytick)[0];
  const referee = new DocumentReferee(currencytick, patterns);
  const [input] = fc.sample(caseArbitrary(currencytick, op), { numRuns: 1, seed: 1 });
  const valid = caseParts(currencytick, referee, op, input);
  assert.ok(!('owner' in valid), JSON.stringify(valid));
  assert.deepEqual(
    valid.query.filter(([k]) => k === 'apikey'),
    [['apikey', 'key-1']],
  );
});

test('an object parameter in simple style leaves a member without a value out, never writes it empty', () => {
  // Visual Studio's `headers` header: an object whose members may be null (RFC 6570 omits those).
  const headerDoc = {
    openapi: '3.0.3',
    info: { title: 'headers', version: '1' },
    paths: {
      '/plans': {
        put: {
          operationId: 'put',
          parameters: [
            {
              name: 'headers',
              in: 'header',
              required: true,
              schema: {
                type: 'object',
                required: ['id'],
                properties: { id: { type: 'string' }, principal: { type: 'string', format: 'uuid', nullable: true } },
              },
            },
          ],
          responses: { '204': { description: 'done' } },
        },
      },
    },
  } as unknown as OpenApiDocument;
  const op = documentOperations(headerDoc)[0];
  const referee = new DocumentReferee(headerDoc, patterns);
  let nulls = 0;
  for (const input of fc.sample(caseArbitrary(headerDoc, op), { numRuns: 200, seed: 5 })) {
    const value = input.values[op.parameters[0].schemaPointer!] as Record<string, unknown> | undefined;
    const parts = caseParts(headerDoc, referee, op, input);
    if (value === undefined || 'owner' in parts) continue;
    const header = parts.headers.find(([name]) => name === 'headers')?.[1] ?? '';
    if (value.principal === null) {
      nulls++;
      assert.doesNotMatch(header, /principal/, `a null member is left out: ${header}`);
    }
  }
  assert.ok(nulls > 0, 'the generator makes null members: the check above is not vacuous');
});

test('a property the outer part of an allOf requires and a member declares takes the member schema', () => {
  // Azure's dedicated HSM: `required: [location, sku, properties]` beside `allOf: [Resource]`, `sku` declared in Resource.
  const azure = {
    openapi: '3.0.3',
    info: { title: 'hsm', version: '1' },
    paths: {},
    components: {
      schemas: {
        Sku: { properties: { name: { type: 'string', enum: ['SafeNet Luna Network HSM A790'] } } },
        Resource: {
          properties: { location: { type: 'string' }, sku: { $ref: '#/components/schemas/Sku' } },
          required: ['location'],
        },
        DedicatedHsm: {
          allOf: [{ $ref: '#/components/schemas/Resource' }],
          properties: { properties: { type: 'object' } },
          required: ['location', 'sku', 'properties'],
        },
      },
    },
  } as unknown as OpenApiDocument;
  const pointer = '/components/schemas/DedicatedHsm';
  const referee = new DocumentReferee(azure, patterns);
  for (const value of fc.sample(schemaArbitrary(azure, pointer, { view: 'request' }), { numRuns: 100, seed: 7 })) {
    const v = value as Record<string, unknown>;
    assert.ok(v.sku !== null && typeof v.sku === 'object', `sku is an object: ${JSON.stringify(v)}`);
    assert.equal(referee.firstError(pointer, 'request', value), undefined, JSON.stringify(v));
  }
});
