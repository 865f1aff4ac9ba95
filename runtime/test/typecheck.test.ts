// Type-checks the whole repository (sources, tests and the type tests in runtime/test/types)
// with `tsc --strict`: a type error or an unused @ts-expect-error fails this test. In `npm test`
// tsc ran while the lint did (scripts/typecheck-early.mjs) and this reads its result.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { typecheckCommand, typecheckResult } from '../../scripts/typecheck-early.mjs';

test('tsc --noEmit passes on the repository, type tests included', async () => {
  const early = process.env.KITGEN_TEST_TYPECHECK;
  const r = early ? await typecheckResult(early) : runTypecheck();
  assert.equal(r.status, 0, `tsc failed:\n${r.output}`);
});

function runTypecheck(): { status: number | null; output: string } {
  const [command, args] = typecheckCommand();
  const r = spawnSync(command, args, {
    cwd: new URL('../..', import.meta.url).pathname,
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  return { status: r.status, output: `${r.stdout}${r.stderr}${r.error ? r.error.message : ''}` };
}
