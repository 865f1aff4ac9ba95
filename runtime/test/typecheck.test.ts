// Type-checks the whole repository (sources, tests and the type tests in runtime/test/types)
// with `tsc --strict`: a type error or an unused @ts-expect-error fails this test.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

test('tsc --noEmit passes on the repository, type tests included', () => {
  const tsc = join(dirname(require.resolve('typescript/package.json')), 'bin', 'tsc');
  const root = new URL('../..', import.meta.url).pathname;
  const r = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.json', '--noEmit'], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  assert.equal(r.status, 0, `tsc failed:\n${r.stdout}${r.stderr}`);
});
