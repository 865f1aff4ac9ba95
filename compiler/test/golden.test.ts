// Golden tests: every fixture case generates exactly its expected tree (no missing, different
// or stale file) and its expected messages; `KITGEN_UPDATE_GOLDEN=1 npm test` rewrites them.
// Then every expected tree is type-checked with `tsc --strict`, all in one program.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fixtureCases, fixturesDir, generateCase, readTree, repoRoot, updateGolden, writeTree } from './support/fixtures.ts';

const require = createRequire(import.meta.url);
const cases = await fixtureCases();

test('there are at least 17 fixture cases (15 feature areas, Pets, hostile names)', () => {
  assert.ok(cases.length >= 17, `only ${cases.length} cases`);
});

for (const c of cases) {
  test(`golden: ${c.name}`, async () => {
    const { files, diagnostics } = await generateCase(c);
    const expectedDir = join(c.dir, 'expected');
    const diagnosticsFile = join(c.dir, 'diagnostics.txt');
    if (updateGolden) {
      await writeTree(expectedDir, files);
      if (files.size === 0) await rm(expectedDir, { recursive: true, force: true });
      if (diagnostics) await writeFile(diagnosticsFile, diagnostics);
      else await rm(diagnosticsFile, { force: true });
      return;
    }
    const expected = await readTree(expectedDir);
    const missing = [...files.keys()].filter((p) => !expected.has(p));
    const stale = [...expected.keys()].filter((p) => !files.has(p));
    assert.deepEqual(missing, [], `${c.name}: files generated but not in expected/ (KITGEN_UPDATE_GOLDEN=1 rewrites)`);
    assert.deepEqual(stale, [], `${c.name}: stale files in expected/ that are no longer generated`);
    for (const [path, text] of files) assert.equal(text, expected.get(path), `${c.name}: ${path} differs from expected/${path}`);
    const expectedDiagnostics = existsSync(diagnosticsFile) ? await readFile(diagnosticsFile, 'utf8') : '';
    assert.equal(diagnostics, expectedDiagnostics, `${c.name}: messages differ from diagnostics.txt`);
  });
}

test('every expected tree type-checks with tsc --strict', { timeout: 600_000 }, () => {
  const tsc = join(dirname(require.resolve('typescript/package.json')), 'bin', 'tsc');
  const r = spawnSync(process.execPath, [tsc, '-p', join(fixturesDir, 'tsconfig.json')], {
    cwd: repoRoot,
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  assert.equal(r.status, 0, `tsc --strict failed on the expected trees:\n${r.stdout}${r.stderr}`);
});
