// `kitgen mock --seed` over the wire, on a document without examples (so every value is made from
// a schema): the same seed answers the same body in another process, other seeds other strings
// (by format and pattern), numbers, booleans, array lengths and optional properties present or
// not, and every answer is one the document's own schema accepts (ajv).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DocumentReferee, type OpenApiDocument } from '../src/check/documentReferee.ts';
import { startMockProcess } from './support/mockProcess.ts';
import { loadPatternTester } from '../src/check/patternTester.ts';

const patterns = await loadPatternTester();

const reading = {
  type: 'object',
  required: ['id', 'at', 'code'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    at: { type: 'string', format: 'date-time' },
    code: { type: 'string', pattern: '^[A-Z]{3}-[0-9]{4}$' },
    email: { type: 'string', format: 'email' },
    label: { type: 'string', minLength: 2, maxLength: 12 },
    level: { type: 'integer', minimum: 1, maximum: 500 },
    ratio: { type: 'number', minimum: 0, maximum: 1 },
    active: { type: 'boolean' },
    tags: { type: 'array', maxItems: 6, items: { type: 'string', maxLength: 20 } },
    note: { type: 'string' },
  },
};
const doc = {
  openapi: '3.0.3',
  info: { title: 'readings', version: '1' },
  paths: {
    '/readings': {
      get: {
        operationId: 'listReadings',
        responses: {
          '200': {
            description: 'the readings',
            content: {
              'application/json': {
                schema: { type: 'array', maxItems: 10, items: { $ref: '#/components/schemas/Reading' } },
              },
            },
          },
        },
      },
    },
  },
  components: { schemas: { Reading: reading } },
};
const pointer = '/paths/~1readings/get/responses/200/content/application~1json/schema';
const referee = new DocumentReferee(doc as unknown as OpenApiDocument, patterns);

type Reading = Record<string, unknown>;
let dir: string;
const bodies = new Map<string, Reading[]>();

/** The body of GET /readings from a mock started with `--seed seed`. */
async function readingsWith(seed: string): Promise<Reading[]> {
  const m = await startMockProcess([join(dir, 'readings.json'), '--seed', seed]);
  try {
    const response = await fetch(`${m.url}/readings`);
    assert.equal(response.status, 200);
    return (await response.json()) as Reading[];
  } finally {
    await m.stop();
  }
}

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kitgen-mock-seed-'));
  await writeFile(join(dir, 'readings.json'), JSON.stringify(doc));
  for (const seed of ['1', '2', '3', '4']) bodies.set(seed, await readingsWith(seed));
});
after(async () => {
  await rm(dir, { recursive: true, force: true });
});

test('the same seed answers the same body, in another process', async () => {
  assert.deepEqual(await readingsWith('1'), bodies.get('1'));
});

test("every seed's answer is one the document's schema accepts", () => {
  for (const [seed, body] of bodies) assert.equal(referee.check(pointer, 'response', body), undefined, `seed ${seed}`);
});

test('other seeds answer other values of every kind: formats, patterns, numbers, booleans', () => {
  const firsts = [...bodies.values()].map((b) => b[0]).filter((r) => r !== undefined);
  assert.ok(firsts.length >= 3, `at least three seeds answer a reading (${firsts.length})`);
  for (const field of ['id', 'at', 'code', 'email', 'label', 'level', 'ratio', 'active']) {
    const seen = new Set(firsts.filter((r) => field in r).map((r) => JSON.stringify(r[field])));
    assert.ok(seen.size >= 2, `${field} differs between seeds: ${[...seen].join(', ')}`);
  }
  // Not openapi-sampler's one value for each format, pattern or range either.
  for (const r of firsts) {
    assert.notEqual(r.id, '497f6eca-6276-4993-bfeb-53cbbbba6f08');
    assert.notEqual(r.at, '2019-08-24T14:15:22Z');
  }
});

test('other seeds answer other array lengths and leave out other optional properties', () => {
  const lengths = new Set([...bodies.values()].map((b) => b.length));
  const tagLengths = new Set(
    [...bodies.values()].flatMap((b) =>
      b.filter((r) => Array.isArray(r.tags)).map((r) => (r.tags as unknown[]).length),
    ),
  );
  assert.ok(lengths.size + tagLengths.size >= 3, `list lengths ${[...lengths]}, tag lengths ${[...tagLengths]}`);
  const keys = new Set([...bodies.values()].map((b) => Object.keys(b[0] ?? {}).join(',')));
  assert.ok(keys.size >= 2, `the optional properties present differ between seeds: ${[...keys].join(' | ')}`);
});
