// Requests `kitgen check` must not call invalid, though a spoiler once made them: a required query
// flag left out where a sibling operation on the same method and path serves the request without
// it (AWS's `POST /2020-05-31/distribution#WithTags` beside `POST /2020-05-31/distribution`; S3's
// `PUT /{Bucket}/{Key}#x-amz-copy-source`, whose flag is a required header), a required query
// parameter the path key itself writes (opensuse's `…/{file_name}?view=fileinfo`: the request
// without the parameter still sends the written item; nor is the item's value generated, which
// sent the enum's other `fileinfo_ext`, a request of the operation on the bare path), and
// a number out of a `minimum` on a parameter whose type is string (id4i's `labelPrefix`,
// amadeus's `duration`: the text "0" is a string `minimum` does not bound). Where no sibling
// serves the request, or the type is a number, the spoiled request is still made, and refused.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OpenApiDocument } from '../src/check/documentReferee.ts';
import { runCheck, type CheckReport } from '../src/check/runCheck.ts';

const answers = {
  '201': { description: 'created', content: { 'application/json': { schema: { type: 'object' } } } },
  '400': { description: 'refused' },
};
const doc = {
  openapi: '3.0.3',
  info: { title: 'distributions', version: '1' },
  paths: {
    '/dist': { post: { operationId: 'createDist', responses: answers } },
    '/dist#WithTags': {
      post: {
        operationId: 'createDistWithTags',
        parameters: [{ name: 'WithTags', in: 'query', required: true, schema: { type: 'boolean', enum: [true] } }],
        responses: answers,
      },
    },
    '/obj': { put: { operationId: 'putObject', responses: answers } },
    '/obj#x-copy-source': {
      put: {
        operationId: 'copyObject',
        parameters: [{ name: 'x-copy-source', in: 'header', required: true, schema: { type: 'string' } }],
        responses: answers,
      },
    },
    '/files/{name}?view=info': {
      get: {
        operationId: 'fileInfo',
        parameters: [
          { name: 'name', in: 'path', required: true, schema: { type: 'string', enum: ['a'] } },
          // opensuse's enum allows a value beside the one the path key writes (`fileinfo_ext`).
          { name: 'view', in: 'query', required: true, schema: { type: 'string', enum: ['info', 'info_ext'] } },
        ],
        responses: { ...answers, '200': answers['201'] },
      },
    },
    '/labels': {
      get: {
        operationId: 'listLabels',
        parameters: [
          { name: 'prefix', in: 'query', required: true, schema: { type: 'string', minimum: 1, maximum: 20 } },
          { name: 'limit', in: 'query', required: true, schema: { type: 'integer', minimum: 1, maximum: 20 } },
          { name: 'x-tenant', in: 'header', required: true, schema: { type: 'string' } },
        ],
        responses: { ...answers, '200': answers['201'] },
      },
    },
  },
} as unknown as OpenApiDocument;

/** A server that follows the document: a flag must be `true`, `limit` a whole 1 to 20, `prefix` any text, `x-tenant` sent. */
async function following() {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      let status = 201;
      if (url.pathname === '/obj') status = 201;
      else if (url.pathname.startsWith('/files/'))
        status = url.pathname === '/files/a' && url.searchParams.get('view') === 'info' ? 200 : 400;
      else if (url.pathname === '/dist') {
        const flag = url.searchParams.get('WithTags');
        if (flag !== null && flag !== 'true') status = 400;
      } else {
        const limit = Number(url.searchParams.get('limit'));
        const ok =
          url.searchParams.has('prefix') &&
          Number.isInteger(limit) &&
          limit >= 1 &&
          limit <= 20 &&
          req.headers['x-tenant'] !== undefined;
        status = ok ? 200 : 400;
      }
      if (status === 400) res.writeHead(400).end();
      else res.writeHead(status, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const runsOf = (report: CheckReport, id: string) => report.operations.find((o) => o.label.includes(`(${id})`))!.runs;

test('a sibling serving the request and a string parameter are no invalid requests; the rest still are', async () => {
  const { server, url } = await following();
  try {
    const report = await runCheck(doc, { baseUrl: url, maxExamples: 10, seed: 2, headers: [], timeoutMs: 10_000 });
    assert.deepEqual(
      report.operations.flatMap((o) => o.violations.map((v) => `${v.run}: ${v.message}`)),
      [],
    );
    const withTags = runsOf(report, 'createDistWithTags');
    assert.ok(!withTags.includes('invalid: required query parameter WithTags left out'), withTags.join(', '));
    assert.ok(withTags.includes('invalid: query parameter WithTags'), withTags.join(', '));
    const copy = runsOf(report, 'copyObject');
    assert.ok(!copy.includes('invalid: required header x-copy-source left out'), copy.join(', '));
    const info = runsOf(report, 'fileInfo');
    assert.ok(!info.includes('invalid: required query parameter view left out'), info.join(', '));
    const labels = runsOf(report, 'listLabels');
    assert.ok(!labels.includes('invalid: query parameter prefix out of range'), labels.join(', '));
    for (const run of [
      'invalid: query parameter limit out of range',
      'invalid: required query parameter prefix left out',
      'invalid: required query parameter limit left out',
      'invalid: required header x-tenant left out',
    ])
      assert.ok(labels.includes(run), `${run} in ${labels.join(', ')}`);
  } finally {
    server.closeAllConnections();
    server.close();
  }
});
