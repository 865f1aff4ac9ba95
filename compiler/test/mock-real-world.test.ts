// `kitgen mock` on published documents (APIs.guru's directory), over the wire as a user runs it:
// every operation called with a document-valid request (built from the document alone) answers
// what the document declares, its body valid for the declared schema (ajv over the document),
// both as the document's examples give it and with `Prefer: dynamic=true`; and each operation's
// invalid requests are refused exactly as kitgen's generated server of the same document refuses them.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { EndpointGen, loadDocument } from '../src/index.ts';
import { DocumentReferee, RefereeUnable, type OpenApiDocument } from '../src/check/documentReferee.ts';
import { documentOperations, type DocumentOperation } from '../src/check/documentOperations.ts';
import { judgeValidAnswer, type Seen } from '../src/check/judge.ts';
import { render, validParts, type RequestParts } from '../src/check/requests.ts';
import { invalidRequests } from '../src/check/spoilers.ts';
import { DocumentSamples } from '../src/mock/documentSamples.ts';
import { directoryRoot } from './support/apisGuruDirectory.ts';
import { serve, type Running } from './support/e2e.ts';
import { repoRoot } from './support/fixtures.ts';
import { startMockProcess } from './support/mockProcess.ts';
import { loadPatternTester } from '../src/check/patternTester.ts';

const patterns = await loadPatternTester();

/** Documents of the sample, and what each shows. */
const sample: ReadonlyArray<{ readonly document: string; readonly shows: string }> = [
  { document: 'opto22.com/groov.json', shows: 'an apiKey in the query, integer path parameters' },
  { document: 'webscraping.ai.json', shows: 'OpenAPI 3.1' },
  { document: 'apisetu.gov.in/hpayushboard.json', shows: 'a declared 400 with an enum of error codes' },
  { document: 'mbus.local.json', shows: 'text/plain error responses, number path parameters' },
  { document: 'xkcd.com.json', shows: '`*/*` responses' },
];

const workDir = join(repoRoot, '.tmp', `mock-real-world-${process.pid}`);
after(() => rm(workDir, { recursive: true, force: true }));

/** kitgen's generated server of the document, with handlers no invalid request may reach. */
async function generatedServer(file: string, name: string): Promise<Running> {
  const source = await loadDocument(file);
  const code = EndpointGen.fromOpenAPI(source.document, { targets: ['server'], split: false });
  const dir = join(workDir, name.replace(/[^A-Za-z0-9._-]+/g, '_'));
  await mkdir(dir, { recursive: true });
  for (const [path, text] of code.files)
    if (path.endsWith('.js') && !path.includes('/')) await writeFile(join(dir, path), text);
  const server = (await import(pathToFileURL(join(dir, 'server.js')).href)) as {
    routes(h: object, o: object): Parameters<typeof serve>[0];
  };
  const never = () => {
    throw new Error('an invalid request reached the handler');
  };
  return serve(server.routes(Object.fromEntries(code.api.operations.map((op) => [op.ident, never])), { basePath: '' }));
}

async function call(
  base: string,
  op: DocumentOperation,
  parts: RequestParts,
  extra: Record<string, string> = {},
): Promise<Seen> {
  const { url, init } = render(base, op, parts);
  const headers = new Headers(init.headers);
  for (const [k, v] of Object.entries(extra)) headers.set(k, v);
  const response = await fetch(url, { ...init, headers, redirect: 'manual', signal: AbortSignal.timeout(30_000) });
  return {
    status: response.status,
    contentType: response.headers.get('content-type') ?? undefined,
    text: await response.text(),
  };
}

for (const s of sample) {
  test(`kitgen mock: ${s.document} (${s.shows})`, { timeout: 180_000 }, async (t) => {
    const file = join(directoryRoot, s.document);
    const doc = (await loadDocument(file)).document as OpenApiDocument;
    const referee = new DocumentReferee(doc, patterns);
    const samples = new DocumentSamples(doc, referee, { documentFault: (e) => e instanceof RefereeUnable });
    const mock = await startMockProcess([file]);
    const generated = await generatedServer(file, s.document);
    try {
      const operations = documentOperations(doc);
      assert.equal(mock.operations, operations.length, 'every operation is served');
      let valid = 0;
      let refused = 0;
      for (const op of operations) {
        const label = `${op.method.toUpperCase()} ${op.path}`;
        const parts = validParts(doc, op, samples, undefined);
        if ('owner' in parts) {
          t.diagnostic(`${label}: no valid request (${parts.message})`);
          continue;
        }
        for (const prefer of [{}, { prefer: 'dynamic=true' }] as Array<Record<string, string>>) {
          const seen = await call(mock.url, op, parts, prefer);
          const findings = judgeValidAnswer(doc, referee, op, seen);
          assert.deepEqual(
            findings,
            [],
            `${label} ${JSON.stringify(prefer)}: ${seen.status} ${seen.text.slice(0, 300)}`,
          );
          valid++;
        }
        for (const spoiled of invalidRequests(doc, referee, op, parts)) {
          const [fromMock, fromGenerated] = [
            await call(mock.url, op, spoiled.parts),
            await call(generated.url, op, spoiled.parts),
          ];
          assert.equal(
            fromMock.status,
            fromGenerated.status,
            `${label}, ${spoiled.how}: the generated server's status`,
          );
          assert.equal(fromMock.text, fromGenerated.text, `${label}, ${spoiled.how}: the generated server's body`);
          refused++;
        }
      }
      t.diagnostic(
        `${operations.length} operations: ${valid} valid requests answered as declared, ${refused} invalid ones refused as the generated server refuses them`,
      );
      assert.ok(valid > 0 && refused > 0);
    } finally {
      await generated.shutdown();
      assert.equal(await mock.stop(), 0);
    }
  });
}
