// `kitgen check` judges a document's `pattern` on the runtime's safe engines, never on V8's
// backtracking one, whatever text the server answers: BeezUP's URL pattern nests one repetition
// in another (`([\/\w \.-]*)*`), and on V8's engine a 60-character answer that fails it took
// minutes. The answer is still judged by the pattern: the failing text is a violation. A pattern
// that compiles only outside unicode mode runs on them too, as ECMA-262's Annex B reads it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../src/cli/main.ts';
import { DocumentReferee, type OpenApiDocument } from '../src/check/documentReferee.ts';
import { loadPatternTester } from '../src/check/patternTester.ts';

const beezup = '^(https?:\\/\\/)?([\\da-z\\.-]+)\\.([a-z\\.]{2,6})([\\/\\w \\.-]*)*\\/?$';
const site = { type: 'object', required: ['url'], properties: { url: { type: 'string', pattern: beezup } } };
const doc = {
  openapi: '3.0.3',
  info: { title: 'BeezUP-like', version: '1' },
  paths: Object.fromEntries(
    ['/bad', '/good'].map((path) => [
      path,
      {
        get: {
          operationId: path.slice(1),
          responses: { '200': { description: 'the site', content: { 'application/json': { schema: site } } } },
        },
      },
    ]),
  ),
};

const answers: Record<string, string> = {
  '/bad': `http://www.example.com/${'a'.repeat(60)}!`,
  '/good': 'http://www.example.com/a/b c.d',
};

test(
  "a pattern that backtracks on V8 is judged on the runtime's engines, by the pattern",
  { timeout: 300_000 },
  async () => {
    const dir = await mkdtemp(join(tmpdir(), 'kitgen-check-patterns-'));
    const server = createServer((req, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ url: answers[req.url ?? ''] })),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const file = join(dir, 'beezup.json');
      await writeFile(file, JSON.stringify(doc));
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const stdout: string[] = [];
      const stderr: string[] = [];
      const code = await main(['check', file, '--url', url, '--max-examples', '3', '--seed', '1'], {
        cwd: dir,
        stdout: (l) => stdout.push(l),
        stderr: (l) => stderr.push(l),
      });
      const out = stdout.join('\n');
      assert.equal(code, 1, out);
      assert.match(
        out,
        /✗ GET \/bad \(bad\) — valid requests: response-schema \(status 200\)[\s\S]*\/url must match pattern/,
      );
      assert.doesNotMatch(out, /✗ GET \/good/);
      assert.match(out, /^1 violation: 2 operations/m);
    } finally {
      server.close();
      await rm(dir, { recursive: true, force: true });
    }
  },
);

test('a pattern ECMA-262 reads only outside unicode mode is judged as Annex B reads it', async () => {
  const annexB = {
    openapi: '3.0.3',
    info: { title: 'Annex B', version: '1' },
    paths: {},
    components: {
      schemas: { Colon: { type: 'string', pattern: '^a\\:b$' }, Brace: { type: 'string', pattern: '^[0-9]{,2}$' } },
    },
  };
  const referee = new DocumentReferee(annexB as unknown as OpenApiDocument, await loadPatternTester());
  assert.equal(referee.check('/components/schemas/Colon', 'response', 'a:b'), undefined);
  assert.match(referee.check('/components/schemas/Colon', 'response', 'a_b') ?? '', /pattern/);
  // `{,2}` starts no quantifier: it is text.
  assert.equal(referee.check('/components/schemas/Brace', 'response', '5{,2}'), undefined);
  assert.match(referee.check('/components/schemas/Brace', 'response', '55') ?? '', /pattern/);
  assert.deepEqual(referee.skippedPatterns, []);
});
