// `kitgen mock` over the wire, as a user runs it (a child process, on the runtime as built), on
// compiler/test/fixtures/mock/openapi.yaml: examples served verbatim, Prism's `Prefer` conventions,
// sampled values the document's own schemas accept (ajv), `Accept`, invalid requests refused
// exactly as a generated server of the same document refuses them, CORS, the docs page, `--seed`
// and a bad document's diagnostics.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse } from 'yaml';
import { readFileSync } from 'node:fs';
import { EndpointGen, loadDocument } from '../src/index.ts';
import { DocumentReferee, type OpenApiDocument } from '../src/check/documentReferee.ts';
import { loadPatternTester } from '../src/check/patternTester.ts';
import { repoRoot } from './support/fixtures.ts';
import { serve, type Running } from './support/e2e.ts';
import { runMockToExit, startMockProcess, type MockProcess } from './support/mockProcess.ts';

const documentFile = 'compiler/test/fixtures/mock/openapi.yaml';
const doc = parse(readFileSync(join(repoRoot, documentFile), 'utf8')) as OpenApiDocument;
const referee = new DocumentReferee(doc, await loadPatternTester());
const okPointer = (path: string, method: string, status: string, mediaType = 'application/json') =>
  `#/paths/${path.replace(/~/g, '~0').replace(/\//g, '~1')}/${method}/responses/${status}/content/${mediaType.replace(/\//g, '~1')}/schema`.slice(
    1,
  );

let mock: MockProcess;
before(async () => {
  mock = await startMockProcess([documentFile]);
});
after(async () => {
  assert.equal(await mock.stop(), 0, 'Ctrl-C stops it cleanly');
});

async function json(
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: unknown; headers: Headers }> {
  const response = await fetch(`${mock.url}${path}`, { headers });
  const text = await response.text();
  return {
    status: response.status,
    body: text === '' ? undefined : (JSON.parse(text) as unknown),
    headers: response.headers,
  };
}

test('it prints where it listens and how many operations it serves', () => {
  assert.match(mock.url, /^http:\/\/127\.0\.0\.1:\d+$/);
  assert.equal(mock.operations, 6);
  assert.match(
    mock.output().stdout,
    /kitgen mock: compiler\/test\/fixtures\/mock\/openapi\.yaml — 6 operations at http:\/\/127\.0\.0\.1:\d+ \(docs: .*\/docs\)/,
  );
});

test("the document's examples are served verbatim: the media type's first named example, `$ref`s followed", async () => {
  const cat = await json('/animals/7');
  assert.equal(cat.status, 200);
  assert.deepEqual(cat.body, { id: 7, name: 'Tom', kind: 'cat', lives: 9 });
  const list = await json('/animals');
  assert.deepEqual(list.body, [{ id: 1, name: 'Rex', kind: 'dog', goodBoy: true }]);
  assert.equal(list.headers.get('x-total'), '1', "a response header's example");
});

test('Prefer: example=name answers that example; an unknown name is a 400 naming the examples there are', async () => {
  const dog = await json('/animals/7', { prefer: 'example=dog' });
  assert.deepEqual(dog.body, { id: 8, name: 'Rex', kind: 'dog', goodBoy: true });
  const unknown = await json('/animals/7', { prefer: 'example=fish' });
  assert.equal(unknown.status, 400);
  assert.match(JSON.stringify(unknown.body), /example=fish names no example .* its examples: cat, dog/);
});

test('Prefer: code=404 answers the declared 404 with its example; an undeclared code is a 400 listing the declared ones', async () => {
  const missing = await json('/animals/7', { prefer: 'code=404' });
  assert.equal(missing.status, 404);
  assert.deepEqual(missing.body, { code: 404, message: 'no animal 42' });
  const teapot = await json('/animals/7', { prefer: 'code=418' });
  assert.equal(teapot.status, 400);
  assert.match(
    JSON.stringify(teapot.body),
    /code=418 names no response of GET \/animals\/\{animalId\}; it declares 200, 404/,
  );
});

test('Prefer: dynamic=true answers values made from the schema even where examples exist, valid for the document', async () => {
  const dynamic = await json('/animals/7', { prefer: 'dynamic=true' });
  assert.equal(dynamic.status, 200);
  assert.notDeepEqual(dynamic.body, { id: 7, name: 'Tom', kind: 'cat', lives: 9 });
  assert.equal(referee.check(okPointer('/animals/{animalId}', 'get', '200'), 'response', dynamic.body), undefined);
  assert.ok(['cat', 'dog'].includes((dynamic.body as { kind: string }).kind), 'a discriminated member, tagged');
});

test('without examples, sampled values respect formats, patterns, enums, writeOnly and recursion: ajv over the document accepts them', async () => {
  const keeper = await json('/keepers/K-0001');
  assert.equal(keeper.status, 200);
  assert.equal(referee.check(okPointer('/keepers/{keeperId}', 'get', '200'), 'response', keeper.body), undefined);
  const k = keeper.body as Record<string, unknown>;
  assert.match(String(k.badge), /^K-[0-9]{4}$/);
  assert.match(String(k.id), /^[0-9a-f]{8}-/);
  assert.ok(!('password' in k), 'a writeOnly property is never answered');
  const ticket = await json('/tickets');
  assert.equal(referee.check(okPointer('/tickets', 'get', '200'), 'response', ticket.body), undefined);
  const created = await fetch(`${mock.url}/animals`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer t' },
    body: JSON.stringify({ name: 'Kit', kind: 'cat' }),
  });
  assert.equal(created.status, 201);
  assert.equal(referee.check(okPointer('/animals', 'post', '201'), 'response', await created.json()), undefined);
});

test('a sample the document refuses is still answered, and the mock says so once on stderr', async () => {
  for (let i = 0; i < 2; i++) assert.equal((await json('/codes')).status, 200);
  const said =
    mock.output().stderr.match(/kitgen mock: GET \/codes: the 200 answer may not fit the document \(.*\)/g) ?? [];
  assert.equal(said.length, 1, mock.output().stderr);
});

test('Accept chooses among the declared media types; one the operation lacks is a 406', async () => {
  const csv = await fetch(`${mock.url}/animals`, { headers: { accept: 'text/csv' } });
  assert.equal(csv.status, 200);
  assert.match(csv.headers.get('content-type') ?? '', /^text\/csv/);
  assert.equal(await csv.text(), 'id,name\n1,Rex\n');
  const weighted = await fetch(`${mock.url}/animals`, { headers: { accept: 'text/csv;q=0.5, application/json' } });
  assert.match(weighted.headers.get('content-type') ?? '', /^application\/json/);
  const none = await fetch(`${mock.url}/animals`, { headers: { accept: 'image/png' } });
  assert.equal(none.status, 406);
});

test('CORS is on: a preflight is answered, and answers carry the allowed origin', async () => {
  const origin = 'http://localhost:5173';
  const pre = await fetch(`${mock.url}/animals`, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type, authorization',
    },
  });
  assert.equal(pre.status, 204);
  assert.equal(pre.headers.get('access-control-allow-origin'), origin);
  assert.equal(pre.headers.get('access-control-allow-methods'), 'POST');
  const get = await fetch(`${mock.url}/animals`, { headers: { origin } });
  assert.equal(get.headers.get('access-control-allow-origin'), origin);
});

test('the docs page is served at /docs over the same document, calling the mock itself', async () => {
  const page = await fetch(`${mock.url}/docs`);
  assert.equal(page.status, 200);
  assert.match(await page.text(), /<html/i);
  const served = (await (await fetch(`${mock.url}/docs/openapi.json`)).json()) as {
    info: { title: string };
    servers: Array<{ url: string }>;
  };
  assert.equal(served.info.title, 'Mock zoo');
  assert.equal(served.servers[0].url, '/');
});

// The same document's generated server, with handlers that are never reached by these requests.
let generated: Running | undefined;
const generatedDir = join(repoRoot, '.tmp', `mock-fixture-${process.pid}`);
after(async () => {
  await generated?.shutdown();
  await rm(generatedDir, { recursive: true, force: true });
});

test('invalid requests are refused exactly as a generated server of the document refuses them', async () => {
  const source = await loadDocument(join(repoRoot, documentFile));
  const code = EndpointGen.fromOpenAPI(source.document, { targets: ['server'] });
  await mkdir(generatedDir, { recursive: true });
  for (const [path, text] of code.files) if (path.endsWith('.js')) await writeFile(join(generatedDir, path), text);
  const server = (await import(pathToFileURL(join(generatedDir, 'server.js')).href)) as {
    routes(h: object, o: object): Parameters<typeof serve>[0];
  };
  const never = () => {
    throw new Error('an invalid request reached the handler');
  };
  generated = await serve(
    server.routes(Object.fromEntries(code.api.operations.map((op) => [op.ident, never])), { basePath: '' }),
  );
  const json = { 'content-type': 'application/json' };
  const invalid: Array<[string, string, RequestInit]> = [
    ['a path parameter below its minimum', '/animals/0', {}],
    ['a path parameter of the wrong type', '/animals/seven', {}],
    ['a path parameter breaking its pattern', '/keepers/X-1', {}],
    ['a query parameter above its maximum', '/animals?limit=500', {}],
    ['credentials left out', '/animals', { method: 'POST', headers: json, body: '{"name":"Kit","kind":"cat"}' }],
    [
      'a required property left out',
      '/animals',
      { method: 'POST', headers: { ...json, authorization: 'Bearer t' }, body: '{"kind":"cat"}' },
    ],
    [
      'an enum broken',
      '/animals',
      { method: 'POST', headers: { ...json, authorization: 'Bearer t' }, body: '{"name":"Kit","kind":"cow"}' },
    ],
    [
      'malformed JSON',
      '/animals',
      { method: 'POST', headers: { ...json, authorization: 'Bearer t' }, body: '{"name":' },
    ],
    [
      'an undeclared media type',
      '/animals',
      { method: 'POST', headers: { 'content-type': 'text/plain', authorization: 'Bearer t' }, body: 'Kit' },
    ],
    ['an undeclared method', '/tickets', { method: 'DELETE' }],
    ['an unknown path', '/zebras', {}],
  ];
  for (const [what, path, init] of invalid) {
    const [fromMock, fromGenerated]: Response[] = await Promise.all([
      fetch(`${mock.url}${path}`, init),
      fetch(`${generated.url}${path}`, init),
    ]);
    const [a, b] = [await fromMock.text(), await fromGenerated.text()];
    assert.ok(
      fromGenerated.status >= 400 && fromGenerated.status < 500,
      `${what}: the generated server refuses it (${fromGenerated.status})`,
    );
    assert.equal(fromMock.status, fromGenerated.status, `${what}: the same status`);
    assert.equal(a, b, `${what}: the same body`);
  }
});

test('--seed answers the same values for the same seed, other enum members for another', async () => {
  const ticketOf = async (seed: string) => {
    const m = await startMockProcess([documentFile, '--seed', seed]);
    try {
      const [ticket, keeper] = await Promise.all([json2(`${m.url}/tickets`), json2(`${m.url}/keepers/K-0001`)]);
      return { zone: (ticket as { zone: string }).zone, shift: (keeper as { shift: string }).shift, ticket, keeper };
    } finally {
      await m.stop();
    }
  };
  const json2 = async (url: string) => (await fetch(url)).json() as Promise<unknown>;
  const [one, again, other] = [await ticketOf('1'), await ticketOf('1'), await ticketOf('2')];
  assert.deepEqual(one, again);
  assert.ok(
    one.zone !== other.zone || one.shift !== other.shift,
    `seeds 1 and 2 choose other enum members (${one.zone}/${one.shift}, ${other.zone}/${other.shift})`,
  );
  for (const t of [one, other])
    assert.equal(referee.check(okPointer('/tickets', 'get', '200'), 'response', t.ticket), undefined);
});

test("a document kitgen cannot compile gets the compiler's diagnostics and exit code 1; a bad option exit code 2", async () => {
  const broken = await runMockToExit(['fixtures/error-invalid-yaml/openapi.yaml', '--port', '0']);
  assert.equal(broken.code, 1);
  assert.match(broken.stderr, /openapi\.yaml:\d+/);
  const port = await runMockToExit([documentFile, '--port', 'many']);
  assert.equal(port.code, 2);
  assert.match(port.stderr, /--port many is no port number/);
});
