// `kitgen mock` over the wire on responses it once answered with a 500 (Azure Batch's and GitHub's
// documents): a body in JSON and as bytes with Content-Length and Content-Type response headers,
// and examples that break their own schemas. A mock never answers a valid request with a 500: such
// an example is replaced by a sample the schema accepts (said once on stderr), the bytes variant
// keeps the example's text, and `kitgen check` finds no violation. A full sample the schema
// refuses gives way to a sparse one (BBC's document, whose answer the mock could not encode). A
// vendor type naming no syntax (GitHub's `application/vnd.github.object`) is JSON, judged alike,
// and an example is judged by kitgen's reading of its schema as well (quotes.rest's JSON text).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { DocumentReferee, type OpenApiDocument } from '../src/check/documentReferee.ts';
import { directoryRoot } from './support/apisGuruDirectory.ts';
import { runNode } from './support/e2e.ts';
import { repoRoot } from './support/fixtures.ts';
import { startMockProcess, type MockProcess } from './support/mockProcess.ts';
import { loadPatternTester } from '../src/check/patternTester.ts';

const patterns = await loadPatternTester();

const documentFile = 'compiler/test/check/file-answers.openapi.yaml';
const doc = parse(readFileSync(join(repoRoot, documentFile), 'utf8')) as OpenApiDocument;
const referee = new DocumentReferee(doc, patterns);

let mock: MockProcess;
before(async () => {
  mock = await startMockProcess([documentFile]);
});
after(async () => {
  assert.equal(await mock.stop(), 0);
});

test('a body in JSON and as bytes, with Content-Length and Content-Type declared: JSON by default, fitting its schema', async () => {
  const response = await fetch(`${mock.url}/files/report.txt`);
  const text = await response.text();
  assert.equal(response.status, 200, text);
  assert.equal(response.headers.get('content-type'), 'application/json');
  assert.equal(response.headers.get('content-length'), String(Buffer.byteLength(text)));
  const body = JSON.parse(text) as unknown;
  const pointer = '/paths/~1files~1{name}/get/responses/200/content/application~1json/schema';
  assert.equal(referee.check(pointer, 'response', body), undefined, text);
  assert.ok(response.headers.get('etag'), 'the other declared headers are answered');
  assert.equal(response.headers.get('content-encoding'), null, "the document's `br` is no encoding of this body");
});

test("as bytes when Accept asks for them: the example's text, its length in Content-Length", async () => {
  const response = await fetch(`${mock.url}/files/report.txt`, { headers: { accept: 'application/octet-stream' } });
  const bytes = Buffer.from(await response.arrayBuffer());
  assert.equal(response.status, 200);
  assert.equal(response.headers.get('content-type'), 'application/octet-stream');
  assert.equal(bytes.toString('utf8'), 'This is actually a byte stream, shown as a string for readability.');
  assert.equal(response.headers.get('content-length'), String(bytes.length));
});

test('an example that is not the object its schema declares, or lacks a required property, is not served', async () => {
  const created = await fetch(`${mock.url}/secrets/token`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ visibility: 'all' }),
  });
  assert.equal(created.status, 201);
  assert.deepEqual(await created.json(), {});
  const listed = await fetch(`${mock.url}/items`);
  assert.equal(listed.status, 200);
  const items = (await listed.json()) as unknown;
  assert.equal(
    referee.check('/paths/~1items/get/responses/200/content/application~1json/schema', 'response', items),
    undefined,
  );
});

test("a vendor type that names no syntax is JSON: its example is judged, and a sample fits (GitHub's contents)", async () => {
  // `application/vnd.github.object` carries JSON; its example, lacking `name`, was served as it
  // was and the generated server refused to send it: a 500.
  const response = await fetch(`${mock.url}/contents/README.md`, {
    headers: { accept: 'application/vnd.github.object' },
  });
  const text = await response.text();
  assert.equal(response.status, 200, text);
  assert.equal(response.headers.get('content-type'), 'application/vnd.github.object');
  const pointer = '/paths/~1contents~1{path}/get/responses/200/content/application~1vnd.github.object/schema';
  assert.equal(referee.check(pointer, 'response', JSON.parse(text)), undefined, text);
});

test("a discriminated oneOf's tag is the member's mapping name, not a plain sample (Apple SiriKit's `method`)", async () => {
  const response = await fetch(`${mock.url}/intents`);
  const text = await response.text();
  assert.equal(response.status, 200, text);
  const body = JSON.parse(text) as Array<{ method: string }>;
  assert.ok(body.length > 0 && body.every((i) => i.method.startsWith('Intent.')), text);
  const pointer = '/paths/~1intents/get/responses/200/content/application~1json/schema';
  assert.equal(referee.check(pointer, 'response', body), undefined, text);
});

test('an example that is JSON text under a schema without `type` is not served: kitgen reads an object', async () => {
  // ajv takes the string (no `type`), but the generated server's object refused it: a 500.
  const response = await fetch(`${mock.url}/quote`);
  const text = await response.text();
  assert.equal(response.status, 200, text);
  assert.ok(typeof JSON.parse(text) === 'object', text);
  assert.match(mock.output().stderr, /GET \/quote: .*breaks its own schema \(\(root\) is no object/);
});

test('an object that declares nothing, asked for as XML, is one empty element (cloudmersive)', async () => {
  const response = await fetch(`${mock.url}/receipts`, { method: 'POST', headers: { accept: 'text/xml' } });
  assert.equal(response.status, 200);
  assert.match(response.headers.get('content-type') ?? '', /^text\/xml\b/);
  assert.equal(await response.text(), '<root/>');
});

test('the mock says once per response which example breaks its schema, and why', () => {
  const lines = mock.output().stderr.split('\n');
  const said = (label: string) => lines.filter((l) => l.includes(label) && l.includes('breaks its own schema'));
  assert.equal(said('GET /files/{name}').length, 1, mock.output().stderr);
  assert.match(said('GET /files/{name}')[0], /200 response in application\/json .*must be object/);
  assert.match(said('PUT /secrets/{name}')[0], /201 response in application\/json .*must be object/);
  assert.match(said('GET /items')[0], /must have required property 'name'/);
  assert.match(said('GET /contents/{path}')[0], /application\/vnd\.github\.object .*required property 'name'/);
});

test('kitgen check against the mock finds no violation', { timeout: 120_000 }, async () => {
  const run = await runNode(['bin/kitgen.js', 'check', documentFile, '--url', mock.url, '--seed', '3']);
  assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
  assert.match(run.stdout, /^no violations: 7 operations, \d+ requests/m);
});

test("a full sample its schema refuses gives way to a sparse one it accepts (BBC's recursive `nitro`)", async () => {
  const file = join(directoryRoot, 'bbc.com.json');
  const bbc = await startMockProcess([file]);
  try {
    const response = await fetch(`${bbc.url}/availabilities?api_key=key-1`);
    const text = await response.text();
    assert.equal(response.status, 200, text);
    const bbcDoc = JSON.parse(readFileSync(file, 'utf8')) as OpenApiDocument;
    const pointer = '/paths/~1availabilities/get/responses/200/content/application~1json/schema';
    assert.equal(new DocumentReferee(bbcDoc, patterns).check(pointer, 'response', JSON.parse(text)), undefined, text);
  } finally {
    assert.equal(await bbc.stop(), 0);
  }
});
