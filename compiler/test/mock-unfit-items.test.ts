// A list whose items no value fits: sendgrid's message describes each event twice (the response's
// own properties and an allOf member), holding `bounce_type` to `[bounced, blocked, expired]` and
// to `[soft, hard]`. Only an empty list of events fits; the mock answered an event the referee
// refused, and `kitgen check` reported it. The mock now leaves such an item out. The same answer's
// `template_id` is a uuid beside an allOf member's plain string: openapi-sampler's merge kept the
// plain one, and the mock now writes a text of the format the referee asks for.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DocumentReferee, RefereeUnable, type OpenApiDocument } from '../src/check/documentReferee.ts';
import { DocumentSamples } from '../src/mock/documentSamples.ts';
import { loadPatternTester } from '../src/check/patternTester.ts';

const events = (...bounceTypes: string[]) => ({
  type: 'array',
  items: {
    type: 'object',
    required: ['event_name', 'bounce_type'],
    properties: {
      event_name: { type: 'string', enum: ['bounced', 'opened'] },
      bounce_type: { type: 'string', enum: bounceTypes },
    },
  },
});
const doc = {
  openapi: '3.0.3',
  info: { title: 'messages', version: '1' },
  paths: {},
  components: {
    schemas: {
      // Spotify's top artists: the discriminator, mapping none, names the member (`ArtistObject`)
      // where the member's own `type` is `artist`.
      ArtistObject: {
        type: 'object',
        required: ['type'],
        properties: { type: { type: 'string', enum: ['artist'] }, name: { type: 'string' } },
      },
      TopArtists: {
        type: 'object',
        required: ['items'],
        properties: {
          items: {
            type: 'array',
            items: { oneOf: [{ $ref: '#/components/schemas/ArtistObject' }], discriminator: { propertyName: 'type' } },
          },
        },
      },
      Message: {
        type: 'object',
        required: ['msg_id', 'events', 'template_id'],
        properties: {
          msg_id: { type: 'string' },
          events: events('bounced', 'blocked', 'expired'),
          template_id: { type: 'string', format: 'uuid' },
        },
        allOf: [
          {
            type: 'object',
            properties: {
              events: events('soft', 'hard'),
              template_id: { type: 'string', description: 'The template.' },
            },
          },
        ],
      },
    },
  },
} as unknown as OpenApiDocument;

test('an item no value fits is left out of the list, and a format lost in an allOf merge is met', async () => {
  const referee = new DocumentReferee(doc, await loadPatternTester());
  for (const seed of [undefined, 1]) {
    const samples = new DocumentSamples(doc, referee, {
      documentFault: (e) => e instanceof RefereeUnable,
      ...(seed === undefined ? {} : { seed }),
    });
    const sampled = samples.valid('/components/schemas/Message', 'response');
    assert.ok(sampled.ok, `seed ${seed}: ${'message' in sampled ? sampled.message : ''}`);
    assert.deepEqual((sampled.value as { events: unknown[] }).events, []);
    assert.equal(typeof (sampled.value as { msg_id: unknown }).msg_id, 'string');
    const top = samples.valid('/components/schemas/TopArtists', 'response');
    assert.ok(top.ok, `seed ${seed}: ${'message' in top ? top.message : ''}`);
    assert.deepEqual(top.value, { items: [] });
    // The allOf member's plain `template_id` lost the uuid format in openapi-sampler's merge.
    assert.match((sampled.value as { template_id: string }).template_id, /^[0-9a-f]{8}-[0-9a-f]{4}-/);
  }
});
