// `kitgen generate --watch` on endpoint definition files: an edit to a type in another file
// regenerates the document (the file is watched because a derivation read it); a broken edit is
// reported and the last good output stays; the output's own writes never trigger a run.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { main, type CliIO } from '../src/cli/main.ts';
import { repoRoot } from './support/fixtures.ts';
import { writeRuntimeTsconfig } from './support/runtimeTsconfig.ts';

test('--watch on endpoint files re-derives a type edited in another file', { timeout: 120_000 }, async () => {
  const dir = join(repoRoot, 'compiler', 'test', '.tmp', 'codefirst-watch');
  await rm(dir, { recursive: true, force: true });
  await mkdir(join(dir, 'api'), { recursive: true });
  // The watch's program over the runtime's declarations, not its sources.
  await writeRuntimeTsconfig(dir);
  await writeFile(join(dir, 'api', 'models.ts'), 'export interface Pet {\n  name: string;\n}\n');
  await writeFile(
    join(dir, 'api', 'pets.endpoints.ts'),
    `import { DeriveSchema, Endpoint, RoutePattern } from '@kitgen/runtime';\nimport type { Pet } from './models.js';\nexport const listPets = Endpoint(RoutePattern.GET('pets')).out(DeriveSchema.gen<Pet[]>());\n`,
  );
  let stop!: () => void;
  const stopped = new Promise<void>((r) => (stop = r));
  let err = '';
  const io: CliIO = { cwd: dir, stdout: () => {}, stderr: (l) => (err += `${l}\n`), stopped };
  const running = main(
    ['generate', 'api/*.endpoints.ts', '--out', join(dir, 'api', 'generated'), '--watch', '--targets', 'openapi'],
    io,
  );
  const runs = () => (err.match(/watching for changes/g) ?? []).length;
  const waitFor = async (n: number) => {
    for (let i = 0; i < 600 && runs() < n; i++) await new Promise((r) => setTimeout(r, 50));
  };
  const pet = async () =>
    (
      JSON.parse(await readFile(join(dir, 'api', 'generated', 'openapi.json'), 'utf8')) as {
        components: { schemas: { Pet: { properties: object } } };
      }
    ).components.schemas.Pet;
  try {
    await waitFor(1);
    assert.equal(runs(), 1, err);
    assert.deepEqual(Object.keys((await pet()).properties), ['name']);

    await writeFile(join(dir, 'api', 'models.ts'), 'export interface Pet {\n  name: string;\n  age?: number;\n}\n');
    await waitFor(2);
    assert.equal(runs(), 2, err);
    assert.deepEqual(Object.keys((await pet()).properties), ['name', 'age']);
    assert.match(
      err,
      /kitgen: 1 operation → \d+ files? written, \d+ unchanged in \S+generated, \d+ ms; watching for changes/,
    );

    await new Promise((r) => setTimeout(r, 600));
    assert.equal(runs(), 2, `its own writes do not trigger a run:\n${err}`);

    await writeFile(join(dir, 'api', 'models.ts'), 'export interface Pet {\n  name: string;\n  feed: () => void;\n}\n');
    await waitFor(3);
    assert.match(
      err,
      /models\.ts:3:9: error: cannot derive a schema for Pet\.feed: a function type \(\(\) => void\) has no JSON form\n  path: listPets\[\] → Pet\.feed/,
    );
    assert.match(err, /the last good output is kept/);
    assert.deepEqual(Object.keys((await pet()).properties), ['name', 'age'], 'the last good document stays');
  } finally {
    stop();
  }
  assert.equal(await running, 0);
});
