// How the model reads path keys published documents write: a query string after `?` (its items
// read as query parameters, whatever `in` the document gives them) and a parameter named twice
// (one parameter whose value the route reads in both places).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EndpointGen } from '../src/index.ts';

const ok = { description: 'Ok.' };
const generate = (paths: object) =>
  EndpointGen.fromOpenAPI({ openapi: '3.0.3', info: { title: 't', version: '1' }, paths }, { targets: ['endpoints'] });

test('the query string of a path key is read as query parameters, whatever `in` they were declared with', () => {
  const result = generate({
    '/alerts?lat={lat}&lon={lon}': {
      get: {
        operationId: 'alerts',
        parameters: [
          { name: 'lat', in: 'path', required: true, schema: { type: 'number' } },
          { name: 'lon', in: 'query', schema: { type: 'number' } },
        ],
        responses: { '200': ok },
      },
    },
    '/users/{id}/pic?key={APIKEY}&size=big': {
      get: {
        operationId: 'pic',
        parameters: [
          { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
          { name: 'APIKEY', in: 'path', required: true, schema: { type: 'string' } },
        ],
        responses: { '200': ok },
      },
    },
    '/numbers/{country}?{search}=1': {
      get: {
        operationId: 'numbers',
        parameters: [{ name: 'country', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { '200': ok },
      },
    },
  });
  const shown = result.api.operations.map((o) => ({
    id: o.ident,
    segments: o.segments,
    parameters: o.parameters.map((p) => `${p.in} ${p.name}${p.required ? '' : '?'}`),
  }));
  assert.deepEqual(shown, [
    // Declared `in: path`, so required; declared `in: query` and optional, so optional still.
    { id: 'alerts', segments: [{ literal: 'alerts' }], parameters: ['query lat', 'query lon?'] },
    {
      id: 'pic',
      segments: [{ literal: 'users' }, { param: 'id' }, { literal: 'pic' }],
      parameters: ['path id', 'query key', 'query size'],
    },
    // A key that is itself a template names nothing a request is known to carry.
    { id: 'numbers', segments: [{ literal: 'numbers' }, { param: 'country' }], parameters: ['path country'] },
  ]);
  const size = result.api.operations[1].parameters.find((p) => p.name === 'size');
  assert.deepEqual(size?.schema, { kind: 'string', constraints: {}, enum: ['big'] });
});

test('a path parameter named twice is one parameter read in both places; the operation is served', () => {
  const result = generate({
    '/groups/System.{location}/fabric/{location}': {
      get: {
        operationId: 'twice',
        parameters: [{ name: 'location', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { '200': ok },
      },
    },
    '/groups/{location}': {
      get: {
        operationId: 'once',
        parameters: [{ name: 'location', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { '200': ok },
      },
    },
  });
  const shown = result.api.operations.map((o) => ({
    id: o.ident,
    segments: o.segments,
    parameters: o.parameters.map((p) => `${p.in} ${p.name}`),
  }));
  assert.deepEqual(shown, [
    {
      id: 'twice',
      segments: [
        { literal: 'groups' },
        { mixed: [{ literal: 'System.' }, { param: 'location' }] },
        { literal: 'fabric' },
        { param: 'location' },
      ],
      parameters: ['path location'],
    },
    { id: 'once', segments: [{ literal: 'groups' }, { param: 'location' }], parameters: ['path location'] },
  ]);
  // Served, so nothing to warn about (a request whose two places differ is answered 400, tested over the wire).
  assert.doesNotMatch(result.warnings.map((w) => w.message).join('\n'), /location/);
});

test('a fragment going on with more path labels an optional segment: the path after it is routed', () => {
  const param = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'string' } });
  const result = generate({
    '/send/#env/v1/partners/{partnerId}/merchant/transfers/{transferId}': {
      get: { operationId: 'byId', parameters: [param('partnerId'), param('transferId')], responses: { '200': ok } },
    },
    '/send/#env/v1/partners/{partnerId}/merchant/transfers': {
      get: {
        operationId: 'byRef',
        parameters: [param('partnerId'), { name: 'ref', in: 'query', required: true, schema: { type: 'string' } }],
        responses: { '200': ok },
      },
    },
  });
  assert.deepEqual(
    result.warnings.map((w) => w.message),
    [],
  );
  const shown = result.api.operations.map((o) => ({ id: o.ident, segments: o.segments, selector: o.selector }));
  const v1 = [{ literal: 'send' }, { literal: 'v1' }, { literal: 'partners' }, { param: 'partnerId' }];
  assert.deepEqual(shown, [
    {
      id: 'byId',
      segments: [...v1, { literal: 'merchant' }, { literal: 'transfers' }, { param: 'transferId' }],
      selector: undefined,
    },
    { id: 'byRef', segments: [...v1, { literal: 'merchant' }, { literal: 'transfers' }], selector: undefined },
  ]);
});

test('an undeclared {param} of a path key is optional, unless it picks the operation among its twins', () => {
  const result = generate({
    '/rides?page={page}&per_page={per_page}': { post: { operationId: 'createRide', responses: { '200': ok } } },
    '/current?city={city}': {
      get: {
        operationId: 'byCity',
        parameters: [{ name: 'city', in: 'query', required: true, schema: { type: 'string' } }],
        responses: { '200': ok },
      },
    },
    '/current?station={station}': { get: { operationId: 'byStation', responses: { '200': ok } } },
  });
  const shown = result.api.operations.map(
    (o) => `${o.ident}: ${o.parameters.map((p) => `${p.in} ${p.name}${p.required ? '' : '?'}`).join(', ')}`,
  );
  assert.deepEqual(shown, [
    'createRide: query page?, query per_page?',
    'byCity: query city',
    'byStation: query station',
  ]);
});

test("tomtom's `/wms//` beside `/wms/` is another operation, served without the empty segment", () => {
  const request = (value: string) => ({ name: 'request', in: 'query', required: true, schema: { enum: [value] } });
  const result = generate({
    '/wms/': { get: { operationId: 'getMap', parameters: [request('GetMap')], responses: { '200': ok } } },
    '/wms//': {
      get: { operationId: 'getCapabilities', parameters: [request('GetCapabilities')], responses: { '200': ok } },
    },
  });
  assert.deepEqual(
    result.warnings.map((w) => w.message),
    [],
  );
  assert.deepEqual(
    result.api.operations.map((o) => [o.ident, o.segments]),
    [
      ['getMap', [{ literal: 'wms' }]],
      ['getCapabilities', [{ literal: 'wms' }]],
    ],
  );
});
