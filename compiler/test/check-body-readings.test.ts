// Valid request bodies `kitgen check` sends as every reading of the document takes them: under a
// media range (`*/*`), a string one member of a JSON value's union sampled travels as JSON, as
// clients send such a body (apideck's proxy, `anyOf: [object, string]`, was sent as octet-stream,
// which the generated server reads as JSON); and a `format: regex` text is a pattern both
// ajv-formats (no `u` flag) and the runtime's TypeBox (`u` flag) compile (vercel's avatar: `{`).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OpenApiDocument } from '../src/check/documentReferee.ts';
import { runCheck } from '../src/check/runCheck.ts';
import { startMockProcess } from './support/mockProcess.ts';

const ok = { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } } };
const doc = {
  openapi: '3.0.3',
  info: { title: 'body readings', version: '1' },
  paths: {
    '/proxy': {
      post: {
        operationId: 'proxy',
        requestBody: {
          required: true,
          content: {
            '*/*': {
              schema: { anyOf: [{ type: 'object', properties: { name: { type: 'string' } } }, { type: 'string' }] },
            },
          },
        },
        responses: ok,
      },
    },
    '/teams': {
      patch: {
        operationId: 'patchTeam',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['avatar'],
                properties: { avatar: { type: 'string', format: 'regex' } },
              },
            },
          },
        },
        responses: ok,
      },
    },
  },
} as unknown as OpenApiDocument;

let dir: string;
before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kitgen-check-body-readings-'));
  await writeFile(join(dir, 'readings.json'), JSON.stringify(doc));
});
after(async () => {
  await rm(dir, { recursive: true, force: true });
});

test('against kitgen mock no valid body under a range or of a regex format is refused', async () => {
  const mock = await startMockProcess([join(dir, 'readings.json')]);
  try {
    const report = await runCheck(doc, { baseUrl: mock.url, maxExamples: 40, seed: 3, headers: [], timeoutMs: 10_000 });
    assert.equal(report.operations.length, 2);
    assert.deepEqual(
      report.operations.flatMap((o) => o.violations),
      [],
    );
  } finally {
    assert.equal(await mock.stop(), 0);
  }
});
