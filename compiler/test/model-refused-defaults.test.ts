// A default the schema itself refuses is left out, with a warning at it: Xero's Contact declares
// `HasAttachments: {type: boolean, default: "false"}` and Stoplight's import options
// `removeExtraSchemas: {type: boolean, default: ""}`; the runtime filled the text in for an absent
// field and then refused it ("must be boolean"), so every request leaving the field out answered
// 400. A default that fits stays. And an enum of texts on an array (Zoom's `data_center_regions`),
// which admits no value as written, is the enum of its items.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EndpointGen } from '../src/index.ts';

const doc = {
  openapi: '3.0.3',
  info: { title: 't', version: '1' },
  paths: {
    '/contacts': {
      post: {
        operationId: 'createContact',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: {
                  HasAttachments: { type: 'boolean', default: 'false' },
                  removeExtraSchemas: { type: 'boolean', default: '' },
                  count: { type: 'integer', default: 2.5 },
                  tags: { type: 'array', items: { type: 'string' }, default: {} },
                  status: { type: 'string', enum: ['ACTIVE', 'ARCHIVED'], default: 'active' },
                  kept: { type: 'boolean', default: false },
                  keptStatus: { type: 'string', enum: ['ACTIVE', 'ARCHIVED'], default: 'ACTIVE' },
                  keptList: { type: 'array', items: { type: 'string' }, default: [] },
                },
              },
            },
          },
        },
        responses: { '204': { description: 'done' } },
      },
    },
  },
};

test('a default of the wrong type or outside the enum is left out, with a warning at it; one that fits stays', () => {
  const built = EndpointGen.fromOpenAPI(structuredClone(doc));
  const endpoints = built.files.get('endpoints.js') ?? '';
  for (const name of ['HasAttachments', 'removeExtraSchemas', 'count', 'tags', 'status'])
    assert.doesNotMatch(endpoints, new RegExp(`${name}: \\{[^}]*default`), `${name} has no default`);
  assert.match(endpoints, /kept: \{[^}]*default: false/);
  assert.match(endpoints, /keptStatus: \{[^}]*default: 'ACTIVE'/);
  assert.match(endpoints, /keptList: \{ type: .array., items: \{ type: .string. \}, default: \[\] \}/);
  const warnings = built.warnings.map((w) => `${w.pointer}: ${w.message}`);
  const at = (name: string) => warnings.find((w) => w.includes(`/properties/${name}/default`));
  assert.match(at('HasAttachments') ?? '', /a default of "false" where the schema is of type boolean; it is left out/);
  assert.match(at('removeExtraSchemas') ?? '', /a default of "" where the schema is of type boolean/);
  assert.match(at('count') ?? '', /of type integer/);
  assert.match(at('tags') ?? '', /of type array/);
  assert.match(at('status') ?? '', /none of the schema's enum values/);
  assert.equal(at('kept'), undefined);
});

test('an enum of texts on an array is read as the enum of its items, with a warning', () => {
  const zoom = structuredClone(doc);
  const body = zoom.paths['/contacts'].post.requestBody.content['application/json'].schema as { properties: object };
  body.properties = {
    data_center_regions: { type: 'array', items: { type: 'string' }, enum: ['EU', 'HK', 'US'] },
  };
  const built = EndpointGen.fromOpenAPI(zoom);
  const endpoints = built.files.get('endpoints.js') ?? '';
  assert.match(
    endpoints,
    /data_center_regions: \{ type: 'array', items: \{ type: 'string', enum: \['EU', 'HK', 'US'\] \} \}/,
  );
  assert.ok(
    built.warnings.some((w) => w.pointer?.endsWith('/data_center_regions/enum') && /enum of its items/.test(w.message)),
  );
});
