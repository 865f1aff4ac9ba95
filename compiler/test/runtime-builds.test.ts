// The shared builds under `.tmp/` (scripts/runtime-builds.mjs) as a run of hours sees them: a
// build whose folder another job deleted is made again instead of handing out a path that is gone,
// a build still in use is kept fresh for the pruning of old builds, and one that cannot be made
// again says why.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { keptBuild } from '../../scripts/runtime-builds.mjs';

function fixture() {
  const root = mkdtempSync(join(tmpdir(), 'kitgen-builds-'));
  const dir = join(root, 'thing-0123456789abcdef');
  let makes = 0;
  let fail: string | undefined;
  const get = keptBuild(
    () => dir,
    async (tmp) => {
      if (fail) throw new Error(fail);
      makes++;
      mkdirSync(tmp, { recursive: true });
      writeFileSync(join(tmp, 'index.js'), `export const build = ${makes};\n`);
    },
  );
  return {
    root,
    dir,
    get,
    makes: () => makes,
    failWith: (message: string) => (fail = message),
  };
}

test('a build is made once per process while its folder stays', async () => {
  const f = fixture();
  try {
    assert.equal(await f.get(), f.dir);
    assert.equal(await f.get(), f.dir);
    assert.equal(f.makes(), 1);
  } finally {
    rmSync(f.root, { recursive: true, force: true });
  }
});

test('a build whose folder was deleted since is made again, not handed out gone', async () => {
  const f = fixture();
  try {
    await f.get();
    rmSync(f.dir, { recursive: true, force: true });
    const dir = await f.get();
    assert.equal(dir, f.dir);
    assert.ok(existsSync(join(dir, 'index.js')), 'the folder is there again');
    assert.equal(await readFile(join(dir, 'index.js'), 'utf8'), 'export const build = 2;\n');
    assert.equal(f.makes(), 2);
    // Two asks at once after a deletion build it once.
    rmSync(f.root, { recursive: true, force: true });
    const both = await Promise.all([f.get(), f.get()]);
    assert.deepEqual(both, [f.dir, f.dir]);
    assert.equal(f.makes(), 3);
  } finally {
    rmSync(f.root, { recursive: true, force: true });
  }
});

test('a build in use is touched, so the pruning of builds over an hour old leaves it', async () => {
  const f = fixture();
  try {
    await f.get();
    const old = new Date(Date.now() - 2 * 3_600_000);
    utimesSync(f.dir, old, old);
    await f.get();
    assert.ok(Date.now() - statSync(f.dir).mtimeMs < 600_000, 'its time is now');
  } finally {
    rmSync(f.root, { recursive: true, force: true });
  }
});

test('a deleted build that cannot be made again rejects with the reason', async () => {
  const f = fixture();
  try {
    await f.get();
    rmSync(f.dir, { recursive: true, force: true });
    f.failWith('esbuild refused runtime/src/index.ts');
    await assert.rejects(f.get(), /esbuild refused runtime\/src\/index\.ts/);
  } finally {
    rmSync(f.root, { recursive: true, force: true });
  }
});
