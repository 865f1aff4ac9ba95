// The mock's pattern sampler under length bounds its generator misses: AWS documents give
// account ids as `pattern: '[\s\S]*'` with `minLength: 12, maxLength: 12`; the mock answered `""`
// (networkmanager), which `kitgen check` rightly reported: the generator repeats an unbounded part
// 1, 2, 3, 5, 9… times and never made 12. Any text of the allowed length that
// the pattern accepts is a sample.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DocumentReferee, RefereeUnable, type OpenApiDocument } from '../src/check/documentReferee.ts';
import { DocumentSamples } from '../src/mock/documentSamples.ts';
import { patternSample } from '../src/mock/patternSample.ts';
import { formattedPatternSample } from '../src/mock/formattedPatternSample.ts';
import { loadPatternTester } from '../src/check/patternTester.ts';

const patterns = await loadPatternTester();

test('a pattern of any text meets its length bounds', () => {
  for (const shift of [0, 1, 7]) assert.equal(patternSample('[\\s\\S]*', 12, 12, shift)?.length, 12);
  assert.match(patternSample('[\\s\\S]+', 3) ?? '', /^[\s\S]{3,}$/);
  // An unanchored pattern is met by a plain text containing a match.
  assert.match(patternSample('\\w', 5, 5) ?? '', /^\w{5}$/);
  // One no plain text meets, and the generator cannot read, gives none rather than a wrong one.
  assert.equal(patternSample('^(?<x>[\\s\\S])\\k<x>é$', 3, 3), undefined);
});

test('a pattern with anchors inside it is met where the parts before the anchor are empty', () => {
  // AWS IoT TwinMaker's `s3Location`: `.*` before `^` matches only the empty text.
  const pattern = '.*(^arn:((aws)|(aws-cn)|(aws-us-gov)):s3:::)([a-zA-Z0-9_-]+$).*';
  for (const shift of [0, 1, 7]) {
    const text = patternSample(pattern, 0, Infinity, shift);
    assert.ok(text !== undefined && new RegExp(pattern, 'u').test(text), `shift ${shift}: ${text}`);
  }
});

test('through the sampler: an allOf of the account id and a description samples a valid value, with and without a seed', () => {
  const doc = {
    openapi: '3.0.0',
    info: { title: 'accounts', version: '1' },
    paths: {},
    components: {
      schemas: {
        AWSAccountId: { type: 'string', pattern: '[\\s\\S]*', minLength: 12, maxLength: 12 },
        Attachment: {
          type: 'object',
          required: ['OwnerAccountId'],
          properties: {
            OwnerAccountId: { allOf: [{ $ref: '#/components/schemas/AWSAccountId' }, { description: 'The owner.' }] },
          },
        },
      },
    },
  } as unknown as OpenApiDocument;
  const referee = new DocumentReferee(doc, patterns);
  for (const seed of [undefined, 1, 2]) {
    const samples = new DocumentSamples(doc, referee, {
      documentFault: (e) => e instanceof RefereeUnable,
      ...(seed === undefined ? {} : { seed }),
    });
    const sampled = samples.valid('/components/schemas/Attachment', 'response');
    assert.ok(sampled.ok, `seed ${seed}: ${'message' in sampled ? sampled.message : ''}`);
    assert.equal((sampled.value as { OwnerAccountId: string }).OwnerAccountId.length, 12);
  }
});

test('a text of maxLength 0 is sampled as the empty text (Mastercard MDES gives every comment that bound)', () => {
  const doc = {
    openapi: '3.0.0',
    info: { title: 'status', version: '1' },
    paths: {},
    components: {
      schemas: {
        Status: {
          type: 'object',
          required: ['CommentText'],
          properties: { CommentText: { type: 'string', maxLength: 0, example: 'fully operational' } },
        },
      },
    },
  } as unknown as OpenApiDocument;
  for (const seed of [undefined, 1]) {
    const samples = new DocumentSamples(doc, new DocumentReferee(doc, patterns), {
      documentFault: (e) => e instanceof RefereeUnable,
      ...(seed === undefined ? {} : { seed }),
    });
    const sampled = samples.valid('/components/schemas/Status', 'response');
    assert.ok(sampled.ok, 'message' in sampled ? sampled.message : '');
    assert.deepEqual(sampled.value, { CommentText: '' });
  }
});

test('a schema the referee cannot compile leaves the sample unjudged, for a mock to answer (visma)', () => {
  const doc = {
    openapi: '3.0.0',
    info: { title: 'unjudged', version: '1' },
    paths: {},
    components: {
      schemas: {
        Project: { type: 'object', properties: { name: { type: 'string' }, size: { type: 'integer', minimum: 'x' } } },
      },
    },
  } as unknown as OpenApiDocument;
  const samples = new DocumentSamples(doc, new DocumentReferee(doc, patterns), {
    documentFault: (e) => e instanceof RefereeUnable,
  });
  const sampled = samples.valid('/components/schemas/Project', 'response');
  assert.ok(!sampled.ok && sampled.owner === 'document', JSON.stringify(sampled));
  assert.match(sampled.message, /the referee cannot compile/);
  assert.deepEqual(sampled.unchecked, { value: { name: 'string', size: 0 } });
});

test('a pattern beside `format: uri` samples a URI that matches it, with and without a seed (OPTIMADE)', () => {
  const url = { type: 'string', format: 'uri', minLength: 1, maxLength: 65536, pattern: '.+/v[0-1](\\.[0-9]+)*/?$' };
  const doc = {
    openapi: '3.0.0',
    info: { title: 'versions', version: '1' },
    paths: {},
    components: {
      schemas: {
        AvailableApiVersion: { type: 'object', required: ['url'], properties: { url } },
        Versions: { type: 'array', items: { $ref: '#/components/schemas/AvailableApiVersion' } },
      },
    },
  } as unknown as OpenApiDocument;
  const referee = new DocumentReferee(doc, patterns);
  for (const seed of [undefined, 1, 2, 3]) {
    const samples = new DocumentSamples(doc, referee, {
      documentFault: (e) => e instanceof RefereeUnable,
      ...(seed === undefined ? {} : { seed }),
    });
    const sampled = samples.valid('/components/schemas/Versions', 'response');
    assert.ok(sampled.ok, `seed ${seed}: ${'message' in sampled ? sampled.message : ''}`);
    const [first] = sampled.value as Array<{ url: string }>;
    assert.match(first.url, /^https:\/\/example\.com\/.+\/v[01](\.\d+)*\/?$/, `seed ${seed}`);
  }
  // An IRI, which ajv-formats does not know, is held to a URI's form; a relative reference is one already.
  for (const format of ['iri', 'url'])
    assert.match(formattedPatternSample(url.pattern, format) ?? '', /^https:\/\/example\.com\/a\/v0/, format);
  assert.equal(formattedPatternSample(url.pattern, 'uri-reference'), 'a/v0.0');
});
