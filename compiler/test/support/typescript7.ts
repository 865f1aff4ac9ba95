// TypeScript 7, the native compiler `npm i typescript` installs now. It ships no JavaScript API,
// so tests run its `tsc` as a program; it is installed from the registry into `.tmp/` once (the
// repository builds with 5.9, whose compiler API the generator and the peers need).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './fixtures.ts';

const typescript7Dir = join(repoRoot, '.tmp', 'typescript-7');
const tsc7 = join(typescript7Dir, 'node_modules', '.bin', 'tsc');

/**
 * The path of TypeScript 7's `tsc`, installed on first use; a reason instead when it cannot be.
 * With `KITGEN_REQUIRE_TS7=1` (CI, which installs it first) a missing TypeScript 7 throws, so
 * the tests that need it fail instead of skipping.
 */
export function typescript7(): { tsc: string } | { missing: string } {
  const found = findTypescript7();
  if ('missing' in found && process.env.KITGEN_REQUIRE_TS7 === '1')
    throw new Error(`KITGEN_REQUIRE_TS7=1 but ${found.missing}`);
  return found;
}

function findTypescript7(): { tsc: string } | { missing: string } {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_OPTIONS: '' };
  delete env.NODE_TEST_CONTEXT;
  if (!existsSync(tsc7)) {
    const r = spawnSync(
      'npm',
      ['install', '--no-audit', '--no-fund', '--no-save', '--prefix', typescript7Dir, 'typescript@7'],
      {
        env,
        encoding: 'utf8',
        timeout: 300_000,
      },
    );
    if (r.status !== 0 || !existsSync(tsc7))
      return { missing: `npm could not install typescript@7: ${(r.stderr || r.error?.message || '').slice(0, 300)}` };
  }
  const version = spawnSync(tsc7, ['--version'], { encoding: 'utf8' });
  if (!/^Version 7\./.test(version.stdout))
    return { missing: `${tsc7} is not TypeScript 7: ${version.stdout}${version.stderr}` };
  return { tsc: tsc7 };
}
