// Golden tests: every fixture case generates exactly its expected tree (no missing, different
// or stale file) and its expected messages; `KITGEN_UPDATE_GOLDEN=1 npm test` rewrites them.
// Then every expected tree is type-checked with `tsc --strict`, all in one program.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { runtimeDeclarationPaths } from './support/e2e.ts';
import { fixtureCases, fixturesDir, generateCase, readTree, updateGolden, writeTree } from './support/fixtures.ts';
import { typeCheckProgram } from './support/typeCheckProgram.ts';

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
    for (const [path, text] of files)
      assert.equal(text, expected.get(path), `${c.name}: ${path} differs from expected/${path}`);
    const expectedDiagnostics = existsSync(diagnosticsFile) ? await readFile(diagnosticsFile, 'utf8') : '';
    assert.equal(diagnostics, expectedDiagnostics, `${c.name}: messages differ from diagnostics.txt`);
  });
}

// fixtures/tsconfig.json as `tsc -p` reads it, the generated declaration files included, with the
// runtime from its declarations (support/e2e.ts says why) and the packages' own left unchecked.
test('every expected tree type-checks with tsc --strict', { timeout: 600_000 }, async () => {
  const paths = await runtimeDeclarationPaths();
  const runtimeTypes = dirname(paths['@kitgen/runtime'][0]);
  const output = typeCheckProgram(join(fixturesDir, 'tsconfig.json'), { paths }, [runtimeTypes]);
  assert.equal(output, '', `tsc --strict failed on the expected trees:\n${output}`);
});
