// Microsoft Graph's responses are hundreds of `{ $ref: microsoft.graph.group }` (and user, site,
// …), each a schema whose full sample is 31 MB and took 30-100 s to make and judge. The mock made
// it again for every operation (its samples were kept by the response's pointer), and copied the
// refused full sample at every request before answering the sparse one: `kitgen check` on Graph
// gave no answer in 4,000 s. A bare `$ref` is now sampled once, in the place it names, and a
// refused sample is copied only where it is answered. And a schema whose sample with every
// property is over 1 MB at 8 levels deep (Graph's group: 1.6 MB there, 31 MB at openapi-sampler's
// 15) is not sampled whole: the mock answers its sparse sample.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DocumentReferee, RefereeUnable, type OpenApiDocument, type View } from '../src/check/documentReferee.ts';
import { DocumentSamples } from '../src/mock/documentSamples.ts';
import { loadPatternTester } from '../src/check/patternTester.ts';

const json = (schema: unknown) => ({ description: 'ok', content: { 'application/json': { schema } } });
const doc = {
  openapi: '3.0.3',
  info: { title: 'groups', version: '1' },
  paths: {
    '/groups/{id}': { get: { responses: { '200': json({ $ref: '#/components/schemas/Group' }) } } },
    '/me/memberOf/{id}': { get: { responses: { '200': json({ $ref: '#/components/schemas/Alias' }) } } },
    '/broken': { get: { responses: { '200': json({ $ref: '#/components/schemas/Unfit' }) } } },
  },
  components: {
    schemas: {
      Group: {
        type: 'object',
        required: ['id'],
        properties: { id: { type: 'string' }, members: { type: 'array', items: { type: 'string' } } },
      },
      // A chain of bare references names the same schema.
      Alias: { $ref: '#/components/schemas/Group' },
      // No value fits (5 is its least and 3 its most): the sample is refused.
      Unfit: {
        type: 'object',
        required: ['n'],
        properties: { n: { type: 'integer', minimum: 5, maximum: 3 } },
      },
    },
  },
} as unknown as OpenApiDocument;

const body = (path: string) =>
  `/paths/${path.replaceAll('/', '~1')}/get/responses/200/content/application~1json/schema`;

/** A referee that counts the samples it is asked to judge whole (DocumentSamples checks each one it makes once). */
async function countingReferee() {
  const referee = new DocumentReferee(doc, await loadPatternTester());
  const judged: string[] = [];
  return {
    judged,
    referee: {
      firstError: (pointer: string, view: View, value: unknown) => referee.firstError(pointer, view, value),
      check: (pointer: string, view: View, value: unknown) => {
        judged.push(pointer);
        return referee.check(pointer, view, value);
      },
    },
  };
}

test('responses that are the same $ref share one sample, made once; each answer is its own copy', async () => {
  const { judged, referee } = await countingReferee();
  const samples = new DocumentSamples(doc, referee, { documentFault: (e) => e instanceof RefereeUnable });
  const first = samples.valid(body('/groups/{id}'), 'response');
  const second = samples.valid(body('/me/memberOf/{id}'), 'response');
  assert.ok(first.ok && second.ok);
  assert.deepEqual(second.value, first.value);
  assert.deepEqual(judged, ['/components/schemas/Group'], 'one sample made and judged, for the schema named');
  (first.value as { id: string }).id = 'changed';
  const third = samples.valid(body('/groups/{id}'), 'response');
  assert.ok(third.ok);
  assert.notEqual((third.value as { id: string }).id, 'changed', 'an answer changed in place changes no later one');
  assert.equal(judged.length, 1);
});

test('a refused sample is made once and still handed out, a fresh copy each time', async () => {
  const { judged, referee } = await countingReferee();
  const samples = new DocumentSamples(doc, referee, { documentFault: (e) => e instanceof RefereeUnable });
  const refused = samples.valid(body('/broken'), 'response');
  assert.ok(!refused.ok);
  assert.match(refused.message, /the sample of \/components\/schemas\/Unfit breaks its own schema: \/n must be <= 3/);
  const value = refused.unchecked!.value as { n: number };
  assert.deepEqual(value, { n: 5 });
  value.n = 0;
  const again = samples.valid(body('/broken'), 'response');
  assert.ok(!again.ok);
  assert.deepEqual(again.unchecked!.value, { n: 5 });
  assert.equal(new Set(judged).size, 1, `judged: ${judged.join(', ')}`);
  const count = judged.length;
  samples.valid(body('/broken'), 'response');
  assert.equal(judged.length, count, 'the third request makes no sample');
});

/** Levels of distinct types, each with a name (required unless `optional`) and `width` optional children of the next. */
function tree(levels = 10, width = 4, nameLength = 200, optional = false): OpenApiDocument {
  const schemas: Record<string, unknown> = {};
  for (let level = 0; level < levels; level++) {
    const next = { $ref: `#/components/schemas/Level${level + 1}` };
    schemas[`Level${level}`] = {
      type: 'object',
      required: optional ? [] : ['name'],
      properties: {
        name: { type: 'string', minLength: nameLength },
        ...(level < levels - 1 ? Object.fromEntries(['a', 'b', 'c', 'd'].slice(0, width).map((k) => [k, next])) : {}),
      },
    };
  }
  return { openapi: '3.0.3', info: { title: 'tree', version: '1' }, paths: {}, components: { schemas } } as never;
}

test('a schema too large to sample whole is refused whole, and sampled sparse', async () => {
  const wide = tree();
  const samples = new DocumentSamples(wide, new DocumentReferee(wide, await loadPatternTester()));
  const whole = samples.valid('/components/schemas/Level0', 'response');
  assert.ok(!whole.ok);
  assert.match(whole.message, /sample of \/components\/schemas\/Level0 with every property is over 1 MB at 8 levels/);
  assert.equal(whole.unchecked, undefined, 'nothing to answer in its place');
  const sparse = samples.valid('/components/schemas/Level0', 'response', true);
  assert.ok(sparse.ok);
  assert.deepEqual(Object.keys(sparse.value as object), ['name']);
  // A level further down is small enough to sample whole.
  assert.ok(samples.valid('/components/schemas/Level5', 'response').ok);
});

test('a large full sample is answered 8 levels deep, not as deep as the sampler goes', async () => {
  // Ten levels of two children: 79 KB at 8 levels, 0.6 MB whole (Graph's driveItem: 0.4 MB at 8,
  // 2.6 MB at 15, copied, lifted, encoded and checked at every answer).
  // Nothing required, as in Graph: where the depth cuts a level short, `{}` fits.
  const wide = tree(10, 2, 600, true);
  const samples = new DocumentSamples(wide, new DocumentReferee(wide, await loadPatternTester()));
  const whole = samples.valid('/components/schemas/Level0', 'response');
  assert.ok(whole.ok);
  let levels = 0;
  for (let v = whole.value as { a?: unknown } | undefined; v !== undefined; v = v.a as { a?: unknown } | undefined)
    levels++;
  assert.equal(levels, 8, 'seven levels sampled and the empty one where the depth cut it');
  // A small schema is still sampled as deep as it goes: Level4 to Level9, six levels.
  const small = samples.valid('/components/schemas/Level4', 'response');
  assert.ok(small.ok);
  levels = 0;
  for (let v = small.value as { a?: unknown } | undefined; v !== undefined; v = v.a as { a?: unknown } | undefined)
    levels++;
  assert.equal(levels, 6);
});
