// `kitgen check`'s stateful runs through OpenAPI `links`: the id `POST /items` answers feeds
// `GET /items/{itemId}` (`$response.body#/id`). Against `kitgen mock` the chain runs and is clean;
// against a server that fails for exactly the id it just handed out, the chain finds what
// generated ids never meet.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OpenApiDocument } from '../src/check/documentReferee.ts';
import { runCheck, type CheckReport } from '../src/check/runCheck.ts';
import { startMockProcess } from './support/mockProcess.ts';

const item = {
  type: 'object',
  required: ['id', 'name'],
  properties: { id: { type: 'integer', minimum: 1, maximum: 100000 }, name: { type: 'string', maxLength: 20 } },
};
const doc = {
  openapi: '3.0.3',
  info: { title: 'items', version: '1' },
  paths: {
    '/items': {
      post: {
        operationId: 'createItem',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: { type: 'object', required: ['name'], properties: { name: { type: 'string', maxLength: 20 } } },
            },
          },
        },
        responses: {
          '201': {
            description: 'created',
            content: { 'application/json': { schema: item, example: { id: 42, name: 'lamp' } } },
            links: { GetItem: { operationId: 'getItem', parameters: { itemId: '$response.body#/id' } } },
          },
        },
      },
    },
    '/items/{itemId}': {
      get: {
        operationId: 'getItem',
        parameters: [
          { name: 'itemId', in: 'path', required: true, schema: { type: 'integer', minimum: 1, maximum: 100000 } },
        ],
        responses: {
          '200': { description: 'the item', content: { 'application/json': { schema: item } } },
          '404': { description: 'no such item' },
        },
      },
    },
  },
};

const check = (baseUrl: string) =>
  runCheck(doc as unknown as OpenApiDocument, { baseUrl, maxExamples: 5, seed: 3, headers: [], timeoutMs: 10_000 });
const linkRun = 'link GetItem from POST /items (createItem)';
const getItem = (report: CheckReport) => report.operations.find((o) => o.label.includes('getItem'))!;

let dir: string;
before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kitgen-check-links-'));
  await writeFile(join(dir, 'items.json'), JSON.stringify(doc));
});
after(async () => {
  await rm(dir, { recursive: true, force: true });
});

test('against kitgen mock the chain runs: the id of the POST answer feeds the GET, and both are clean', async () => {
  const mock = await startMockProcess([join(dir, 'items.json')]);
  try {
    const report = await check(mock.url);
    assert.ok(getItem(report).runs.includes(linkRun), `runs: ${getItem(report).runs.join(', ')}`);
    assert.deepEqual(
      report.operations.flatMap((o) => o.violations),
      [],
    );
  } finally {
    await mock.stop();
  }
});

test('a server failing for the id it just handed out is caught by the chain, with both requests as curl', async () => {
  const seen: string[] = [];
  const server: Server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    req.resume();
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/items') return json(201, { id: 777, name: 'lamp' });
      const m = /^\/items\/(\d+)$/.exec(req.url ?? '');
      if (req.method !== 'GET' || !m) return json(404, {});
      // The planted bug: the item just created cannot be read.
      if (m[1] === '777') return json(500, { message: 'boom' });
      return json(200, { id: Number(m[1]), name: 'x' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as { port: number };
    const report = await check(`http://127.0.0.1:${port}`);
    const found = getItem(report).violations.filter((v) => v.run === linkRun);
    assert.equal(
      found.length,
      1,
      JSON.stringify(
        report.operations.flatMap((o) => o.violations),
        null,
        1,
      ),
    );
    assert.equal(found[0].status, 500);
    assert.match(found[0].curl, /\/items\/777/);
    assert.match(found[0].message, /after curl .*-X POST/);
    assert.ok(seen.includes('GET /items/777'));
    // Only the chain met that id: the generated valid GETs did not.
    assert.deepEqual(
      getItem(report).violations.filter((v) => v.run === 'valid requests'),
      [],
    );
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});

test('a link feeding a value the target parameter refuses is a note on the document, not a request', async () => {
  // surevoip's link feeds the `location` URL of its answer into the integer `account`.
  const located = structuredClone(doc) as unknown as {
    paths: Record<string, { post?: { responses: Record<string, { links?: unknown; content?: unknown }> } }>;
  };
  const created = located.paths['/items'].post!.responses['201'];
  created.content = {
    'application/json': {
      schema: { type: 'object', properties: { location: { type: 'string' } } },
      example: { location: 'https://example.com/items/42' },
    },
  };
  created.links = { GetItem: { operationId: 'getItem', parameters: { itemId: '$response.body#/location' } } };
  const seen: string[] = [];
  const server: Server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    req.resume();
    req.on('end', () => {
      const [status, body] =
        req.method === 'POST' ? [201, { location: 'https://example.com/items/42' }] : [200, { id: 1, name: 'x' }];
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as { port: number };
    const report = await runCheck(located as unknown as OpenApiDocument, {
      baseUrl: `http://127.0.0.1:${port}`,
      maxExamples: 5,
      seed: 3,
      headers: [],
      timeoutMs: 10_000,
    });
    // The server refuses nothing: only the link's chain is looked at here.
    assert.deepEqual(
      report.operations.flatMap((o) => o.violations).filter((v) => v.run === linkRun),
      [],
    );
    assert.ok(!getItem(report).runs.includes(linkRun), getItem(report).runs.join(', '));
    assert.deepEqual(getItem(report).notes, [
      `${linkRun}: its answer feeds itemId = "https://example.com/items/42", which the parameter's schema refuses (the document's link)`,
    ]);
    assert.ok(!seen.some((s) => s.includes('example.com')), seen.join('\n'));
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});
