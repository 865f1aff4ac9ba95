// `kitgen check`'s generated valid requests, in process: a list whose text is empty on the wire
// (`hotelIds=`, one empty item) is never sent as valid, since OpenAPI's style table writes the
// empty list the same way and a server may read either (amadeus' hotel search, `minItems: 1`);
// `readOnly` beside a `$ref` keeps the property out of requests, and `uint32` is no negative
// number (Google's documents, where the check called kitgen's refusals of both wrong); of two
// paths identical but for parameter names (which OpenAPI forbids), the later is not judged; a
// header fetch sets of its own is never "left out"; `Accept` asks for what a success answers in,
// not for the `default` error's type beside it (Visma, whose 406s the check judged).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { decode, encode } from '@msgpack/msgpack';
import { main } from '../src/cli/main.ts';
import { curlCommand } from '../src/check/curl.ts';
import { DocumentReferee, type OpenApiDocument } from '../src/check/documentReferee.ts';
import { documentOperations } from '../src/check/documentOperations.ts';
import { caseArbitrary, caseParts } from '../src/check/operationCases.ts';
import { validParts } from '../src/check/requests.ts';
import { schemaArbitrary } from '../src/check/schemaArbitrary.ts';
import { loadPatternTester } from '../src/check/patternTester.ts';

const patterns = await loadPatternTester();

const list = { type: 'array', minItems: 1, items: { type: 'string' } };
const doc = {
  openapi: '3.0.3',
  info: { title: 'lists', version: '1' },
  paths: {
    '/offers': {
      get: {
        operationId: 'listOffers',
        parameters: [
          { name: 'hotelIds', in: 'query', required: true, style: 'form', explode: false, schema: list },
          { name: 'tags', in: 'query', style: 'form', explode: true, schema: list },
          { name: 'x-ids', in: 'header', schema: list },
        ],
        responses: { '200': { description: 'ok' } },
      },
    },
  },
} as unknown as OpenApiDocument;

test('a list of one empty text is left out of valid requests, in every style', () => {
  const op = documentOperations(doc)[0];
  const referee = new DocumentReferee(doc, patterns);
  const pointer = '/paths/~1offers/get/parameters/0/schema';
  // The generator does make such lists: the case below is not vacuous.
  const raw = fc.sample(schemaArbitrary(doc, pointer, { view: 'request' }), { numRuns: 400, seed: 5 });
  assert.ok(
    raw.some((v) => Array.isArray(v) && v.length === 1 && v[0] === ''),
    'some generated list is one empty text',
  );
  let sent = 0;
  for (const input of fc.sample(caseArbitrary(doc, op), { numRuns: 400, seed: 5 })) {
    const parts = caseParts(doc, referee, op, input);
    if ('owner' in parts) continue;
    sent++;
    const hotelIds = parts.query.filter(([k]) => k === 'hotelIds');
    assert.equal(hotelIds.length, 1, JSON.stringify(parts.query));
    assert.notEqual(hotelIds[0][1], '', 'the required list is never written as hotelIds=');
    const tags = parts.query.filter(([k]) => k === 'tags').map(([, v]) => v);
    assert.notDeepEqual(tags, [''], 'nor the optional exploded one as tags= alone');
    for (const [k, v] of parts.headers) if (k === 'x-ids') assert.notEqual(v, '', 'nor a header');
  }
  assert.ok(sent > 100, `most cases make a request (${sent} of 400)`);
});

test('readOnly beside a $ref keeps the property out of generated requests, not out of answers', () => {
  const readOnly = {
    openapi: '3.0.0',
    info: { title: 'jobs', version: '1' },
    paths: {},
    components: {
      schemas: {
        Status: { type: 'object', properties: { code: { type: 'integer' } } },
        Job: {
          type: 'object',
          properties: {
            name: { type: 'string' },
            error: { $ref: '#/components/schemas/Status', readOnly: true },
          },
        },
      },
    },
  } as unknown as OpenApiDocument;
  const pointer = '/components/schemas/Job';
  const requests = fc.sample(schemaArbitrary(readOnly, pointer, { view: 'request' }), { numRuns: 200, seed: 2 });
  assert.ok(requests.every((v) => !Object.hasOwn(v as object, 'error')));
  const answers = fc.sample(schemaArbitrary(readOnly, pointer, { view: 'response' }), { numRuns: 200, seed: 2 });
  assert.ok(answers.some((v) => Object.hasOwn(v as object, 'error')));
});

test('a type that holds itself through required lists and objects makes values, not a stack overflow', () => {
  // Webflow's collections: `kitgen check` ended in "Maximum call stack size exceeded".
  const recursive = {
    openapi: '3.0.0',
    info: { title: 'tree', version: '1' },
    paths: {},
    components: {
      schemas: {
        Node: {
          type: 'object',
          required: ['children', 'parent'],
          properties: {
            name: { type: 'string' },
            children: { type: 'array', items: { $ref: '#/components/schemas/Node' } },
            parent: { oneOf: [{ $ref: '#/components/schemas/Node' }, { type: 'string' }] },
          },
        },
      },
    },
  } as unknown as OpenApiDocument;
  const values = fc.sample(schemaArbitrary(recursive, '/components/schemas/Node', { view: 'request' }), {
    numRuns: 20,
    seed: 3,
  });
  assert.equal(values.length, 20);
  assert.ok(values.every((v) => Array.isArray((v as { children?: unknown }).children)));
});

test("OpenAPI 3.0: what stands beside a $ref is ignored, but a `required` list (as kitgen's model reads it)", () => {
  // Microcks' labels: `additionalProperties: { $ref: StringArray, type: object }` holds lists.
  const doc = {
    openapi: '3.0.2',
    info: { title: 'labels', version: '1' },
    paths: {},
    components: {
      schemas: {
        StringArray: { type: 'array', items: { type: 'string' } },
        LabelsMap: {
          type: 'object',
          additionalProperties: { $ref: '#/components/schemas/StringArray', type: 'object' },
        },
        Named: { type: 'object', properties: { name: { type: 'string' } } },
        Body: { $ref: '#/components/schemas/Named', required: ['name'] },
      },
    },
  } as unknown as OpenApiDocument;
  const referee = new DocumentReferee(doc, patterns);
  assert.equal(referee.check('/components/schemas/LabelsMap', 'response', { env: ['dev', 'prod'] }), undefined);
  assert.match(referee.check('/components/schemas/LabelsMap', 'response', { env: 'dev' }) ?? '', /must be array/);
  assert.equal(referee.check('/components/schemas/Body', 'request', { name: 'n' }), undefined);
  assert.match(referee.check('/components/schemas/Body', 'request', {}) ?? '', /required propert/);
});

test('iri and iri-reference: a space is none (ajv-formats knows neither), and generated ones are', () => {
  // Alerter System's `transportWebhook` (iri-reference): the check sent " ", which the server refused.
  const doc = {
    openapi: '3.0.0',
    info: { title: 'iris', version: '1' },
    paths: {},
    components: {
      schemas: { Ref: { type: 'string', format: 'iri-reference' }, Iri: { type: 'string', format: 'iri' } },
    },
  } as unknown as OpenApiDocument;
  const referee = new DocumentReferee(doc, patterns);
  for (const name of ['Ref', 'Iri']) {
    const pointer = `/components/schemas/${name}`;
    assert.match(referee.check(pointer, 'request', ' ') ?? '', /must match format/, name);
    assert.equal(referee.check(pointer, 'request', 'https://example.com/a%20b'), undefined, name);
    for (const v of fc.sample(schemaArbitrary(doc, pointer, { view: 'request' }), { numRuns: 30, seed: 4 }))
      assert.equal(referee.check(pointer, 'request', v), undefined, `${name}: ${String(v)}`);
  }
  assert.equal(referee.check('/components/schemas/Ref', 'request', '/entity/1'), undefined);
  assert.match(referee.check('/components/schemas/Iri', 'request', '/entity/1') ?? '', /must match format/);
});

test("the Format Registry's unsigned integers: uint32 and uint64 take no negative number, and none is generated", () => {
  const unsigned = {
    openapi: '3.0.0',
    info: { title: 'counts', version: '1' },
    paths: {},
    components: {
      schemas: {
        U32: { type: 'integer', format: 'uint32' },
        U64: { type: 'integer', format: 'uint64' },
      },
    },
  } as unknown as OpenApiDocument;
  const referee = new DocumentReferee(unsigned, patterns);
  for (const name of ['U32', 'U64']) {
    const pointer = `/components/schemas/${name}`;
    assert.match(referee.check(pointer, 'request', -1) ?? '', /must match format/, name);
    assert.equal(referee.check(pointer, 'request', 7), undefined, name);
    const values = fc.sample(schemaArbitrary(unsigned, pointer, { view: 'request' }), { numRuns: 200, seed: 3 });
    assert.ok(
      values.every((v) => typeof v !== 'number' || v >= 0),
      name,
    );
  }
  assert.match(referee.check('/components/schemas/U32', 'request', 2 ** 32) ?? '', /must match format/);
});

test('an unsigned format on `type: number` is a whole number: refused with a fraction, never generated with one', () => {
  // Apple's SiriKit headers (`type: number, format: uint32, minimum: 1`): the check sent
  // 1.0000000000000002, which the generated server refuses as no unsigned 32-bit integer.
  const counts = {
    openapi: '3.0.0',
    info: { title: 'counts', version: '1' },
    paths: {},
    components: { schemas: { Retries: { type: 'number', format: 'uint32', minimum: 1 } } },
  } as unknown as OpenApiDocument;
  const referee = new DocumentReferee(counts, patterns);
  const pointer = '/components/schemas/Retries';
  assert.match(referee.check(pointer, 'request', 1.5) ?? '', /must match format/);
  assert.equal(referee.check(pointer, 'request', 3), undefined);
  const values = fc.sample(schemaArbitrary(counts, pointer, { view: 'request' }), { numRuns: 200, seed: 3 });
  assert.ok(
    values.every((v) => Number.isInteger(v) && (v as number) >= 1),
    JSON.stringify(values.slice(0, 10)),
  );
});

test('twin paths: the later skipped as a document defect; fragments tell paths apart; curl sets User-Agent itself', async () => {
  const twins: { openapi: string; info: object; paths: Record<string, unknown> } = {
    openapi: '3.0.3',
    info: { title: 'twins', version: '1' },
    paths: Object.fromEntries(
      ['beaconName', 'namespaceName'].map((name) => [
        `/v1beta1/{${name}}`,
        {
          put: {
            operationId: `update_${name}`,
            parameters: [{ name, in: 'path', required: true, schema: { type: 'string' } }],
            responses: {
              '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } },
            },
          },
        },
      ]),
    ),
  };
  // Paths told apart by a fragment alone (AWS's JSON protocols) are no twins.
  for (const target of ['Svc.Describe', 'Svc.List'])
    twins.paths[`/#X-Amz-Target=${target}`] = {
      post: {
        operationId: target,
        responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } } },
      },
    } as never;
  // A required User-Agent (bunq's) is not left out: curl sends its own, so its request could not be sent again.
  twins.paths['/whoami'] = {
    get: {
      operationId: 'whoami',
      parameters: [{ name: 'User-Agent', in: 'header', required: true, schema: { type: 'string' } }],
      responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } } },
    },
  };
  const dir = await mkdtemp(join(tmpdir(), 'kitgen-twins-'));
  const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const file = join(dir, 'twins.json');
    await writeFile(file, JSON.stringify(twins));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const stdout: string[] = [];
    const stderr: string[] = [];
    const code = await main(['check', file, '--url', url, '--max-examples', '3'], {
      cwd: dir,
      stdout: (l) => stdout.push(l),
      stderr: (l) => stderr.push(l),
    });
    assert.equal(code, 0, stdout.join('\n'));
    assert.match(stdout.join('\n'), /^PUT \/v1beta1\/\{beaconName\} \(update_beaconName\)\s+[1-9]/m);
    assert.match(
      stderr.join('\n'),
      /PUT \/v1beta1\/\{namespaceName\} \(update_namespaceName\): skipped, .*its path is PUT \/v1beta1\/\{beaconName\}'s but for parameter names/,
    );
    assert.equal(stderr.length, 1, stderr.join('\n'));
    assert.match(stdout.join('\n'), /^POST \/#X-Amz-Target=Svc\.List \(Svc\.List\)\s+[1-9]/m);
    assert.match(stdout.join('\n'), /^GET \/whoami \(whoami\)\s+[1-9]\d*\s+\d+\s+0$/m);
  } finally {
    server.close();
    await rm(dir, { recursive: true, force: true });
  }
});

test('a header no HTTP client can send (an apiKey named with spaces) makes no request: a document defect', () => {
  const spaced = {
    openapi: '3.0.0',
    info: { title: 'spaced', version: '1' },
    components: { securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'ADVICEment API Key' } } },
    security: [{ key: [] }],
    paths: { '/compile': { post: { operationId: 'compile', responses: { '200': { description: 'ok' } } } } },
  } as unknown as OpenApiDocument;
  const op = documentOperations(spaced)[0];
  const parts = validParts(spaced, op, { valid: () => ({ ok: true, value: {} }), xml: () => undefined }, undefined);
  assert.deepEqual(parts, { owner: 'document', message: '"advicement api key" is no HTTP header name' });
});

test("Accept asks for a success's media types; `default`'s only where no 2xx or 3xx is declared", () => {
  const error = { description: 'error', content: { 'application/json': { schema: { type: 'object' } } } };
  const text = { description: 'ok', content: { 'text/plain': { schema: { type: 'string' } } } };
  const visma = {
    openapi: '3.0.3',
    info: { title: 'heartbeat', version: '1' },
    paths: {
      // Visma's heartbeat: a 200 of text/plain only, beside a `default` error in JSON.
      '/heartbeat': { get: { responses: { '200': text, default: error } } },
      // An operation whose only response is `default`: that is its success.
      '/status': { get: { responses: { default: error } } },
    },
  } as unknown as OpenApiDocument;
  const [heartbeat, status] = documentOperations(visma);
  const asked = (op: typeof heartbeat) =>
    new Set(fc.sample(caseArbitrary(visma, op), { numRuns: 100, seed: 2 }).map((i) => i.accept));
  assert.deepEqual(asked(heartbeat), new Set([undefined, 'text/plain']));
  assert.deepEqual(asked(status), new Set([undefined, 'application/json']));
});

test('a body declared in MessagePack is sent in MessagePack, and its curl line writes the same bytes', async () => {
  // Ably's publish: the same body in JSON and in `application/x-msgpack`; the check sent the JSON
  // text under the MessagePack type, which a server rightly refused.
  const schema = {
    type: 'object',
    required: ['name', 'count'],
    properties: { name: { type: 'string' }, count: { type: 'integer' } },
  };
  const ably = {
    openapi: '3.0.3',
    info: { title: 'publish', version: '1' },
    paths: {
      '/messages': {
        post: {
          operationId: 'publish',
          requestBody: { required: true, content: { 'application/x-msgpack': { schema } } },
          responses: { '201': { description: 'published' }, '400': { description: 'refused' } },
        },
      },
    },
  };
  const received: unknown[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body: unknown;
      try {
        body = decode(Buffer.concat(chunks));
      } catch {
        body = undefined;
      }
      const fits =
        req.headers['content-type'] === 'application/x-msgpack' &&
        typeof (body as { name?: unknown })?.name === 'string' &&
        Number.isInteger((body as { count?: unknown }).count);
      if (fits) received.push(body);
      res.writeHead(fits ? 201 : 400).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const dir = await mkdtemp(join(tmpdir(), 'kitgen-msgpack-'));
  try {
    const file = join(dir, 'ably.json');
    await writeFile(file, JSON.stringify(ably));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const stdout: string[] = [];
    const code = await main(['check', file, '--url', url, '--max-examples', '3'], {
      cwd: dir,
      stdout: (l) => stdout.push(l),
      stderr: () => {},
    });
    assert.equal(code, 0, stdout.join('\n'));
    assert.ok(received.length > 0, 'the server decoded no MessagePack body');
  } finally {
    server.close();
    await rm(dir, { recursive: true, force: true });
  }
  // The curl line of such a body, run by a shell, sends exactly the bytes.
  const bytes = encode({ name: "a'b%c\\d", count: 300 });
  const line = curlCommand('http://127.0.0.1:1/messages', { method: 'POST', body: bytes });
  assert.match(line, /^printf '.*' \| curl .* --data-binary @-$/);
  const printed = spawnSync('sh', ['-c', line.slice(0, line.indexOf(' | curl'))]).stdout;
  assert.deepEqual(new Uint8Array(printed), bytes);
});
