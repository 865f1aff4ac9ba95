// A required property the sampler leaves out of an answer because an `allOf` member marks it
// writeOnly, while the property itself is readOnly (Jira's dashboard gadget `position`): the
// referee still requires it in a response, so the mock answered `{gadgets: [{…}]}` without it and
// `kitgen check` reported the answer. The mock's answer now holds it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DocumentReferee, RefereeUnable, type OpenApiDocument } from '../src/check/documentReferee.ts';
import { DocumentSamples } from '../src/mock/documentSamples.ts';
import { loadPatternTester } from '../src/check/patternTester.ts';

const doc = {
  openapi: '3.0.1',
  info: { title: 'gadgets', version: '1' },
  paths: {},
  components: {
    schemas: {
      Position: {
        type: 'object',
        writeOnly: true,
        required: ['row', 'column'],
        properties: { row: { type: 'integer' }, column: { type: 'integer' } },
      },
      Gadget: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'position'],
        properties: {
          id: { type: 'integer', readOnly: true },
          position: { allOf: [{ $ref: '#/components/schemas/Position' }], readOnly: true },
        },
      },
      Gadgets: {
        type: 'object',
        properties: { gadgets: { type: 'array', items: { $ref: '#/components/schemas/Gadget' } } },
      },
    },
  },
} as unknown as OpenApiDocument;

test('a required property hidden only by its allOf member is still in the answer the referee requires it in', async () => {
  const referee = new DocumentReferee(doc, await loadPatternTester());
  for (const seed of [undefined, 1]) {
    const samples = new DocumentSamples(doc, referee, {
      documentFault: (e) => e instanceof RefereeUnable,
      ...(seed === undefined ? {} : { seed }),
    });
    const sampled = samples.valid('/components/schemas/Gadgets', 'response');
    assert.ok(sampled.ok, `seed ${seed}: ${'message' in sampled ? sampled.message : ''}`);
    const gadget = (sampled.value as { gadgets: Array<{ position?: unknown }> }).gadgets[0];
    assert.deepEqual(Object.keys(gadget.position as object).sort(), ['column', 'row']);
  }
});
