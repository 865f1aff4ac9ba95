// `kitgen mock --watch`: an edit of the document starts the mock again on the same port with the
// new examples; a broken edit prints the compiler's diagnostics while the last version goes on
// serving, until the next edit; a URL cannot be watched.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from './support/fixtures.ts';
import { runMockToExit, startMockProcess } from './support/mockProcess.ts';

test(
  '--watch: an edited example is served after the reload, at the same URL; a broken edit leaves the last version serving',
  { timeout: 180_000 },
  async () => {
    const dir = await mkdtemp(join(tmpdir(), 'kitgen-mock-watch-'));
    const file = join(dir, 'openapi.yaml');
    const original = await readFile(join(repoRoot, 'compiler/test/fixtures/mock/openapi.yaml'), 'utf8');
    await writeFile(file, original);
    const mock = await startMockProcess([file, '--watch']);
    try {
      const name = async (url: string) => ((await (await fetch(`${url}/animals/7`)).json()) as { name: string }).name;
      assert.equal(await name(mock.url), 'Tom');

      const reloaded = mock.nextStart(60_000);
      await writeFile(file, original.replace('name: Tom', 'name: Felix'));
      assert.equal(await reloaded, mock.url, 'the same port after a reload');
      assert.equal(await name(mock.url), 'Felix');

      await writeFile(file, `${original}\n  - : [unclosed\n`);
      const deadline = Date.now() + 60_000;
      while (!/waiting for the document to change/.test(mock.output().stderr) && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 100));
      assert.match(mock.output().stderr, /openapi\.yaml:\d+/, "the compiler's diagnostic, with its place");
      assert.match(
        mock.output().stderr,
        /still serving the last version of .*openapi\.yaml; waiting for the document to change/,
      );
      assert.equal(await name(mock.url), 'Felix', 'the last version goes on serving');

      const fixed = mock.nextStart(60_000);
      await writeFile(file, original.replace('name: Tom', 'name: Garfield'));
      assert.equal(await fixed, mock.url);
      assert.equal(await name(mock.url), 'Garfield');
    } finally {
      assert.equal(await mock.stop(), 0);
      await rm(dir, { recursive: true, force: true });
    }
  },
);

test('--watch refuses a URL, which cannot be watched (exit code 2)', async () => {
  const run = await runMockToExit(['https://example.com/openapi.yaml', '--watch']);
  assert.equal(run.code, 2);
  assert.match(run.stderr, /--watch needs a file to watch, not a URL/);
});
