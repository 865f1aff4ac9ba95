// `kitgen generate --watch` on an OpenAPI document watches the document and the files its
// $refs name, not the whole folder: a build folder, node_modules or a log beside it does not
// regenerate; an edit of a referenced file does.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { main, type CliIO } from '../src/cli/main.ts';
import { repoRoot } from './support/fixtures.ts';

const doc = `openapi: 3.0.3
info: { title: Watched, version: 1.0.0 }
paths:
  /things:
    get:
      operationId: listThings
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: { $ref: 'schemas/thing.yaml' }
`;

test('--watch regenerates for the document and its referenced files, not for other files beside them', async () => {
  const dir = join(repoRoot, '.tmp', 'cli-watch-sources');
  await rm(dir, { recursive: true, force: true });
  await mkdir(join(dir, 'schemas'), { recursive: true });
  const input = join(dir, 'openapi.yaml');
  await writeFile(input, doc);
  await writeFile(
    join(dir, 'schemas/thing.yaml'),
    'type: object\ntitle: Thing\nproperties:\n  name: { type: string }\n',
  );
  let stop!: () => void;
  const stopped = new Promise<void>((r) => (stop = r));
  let err = '';
  const io: CliIO = { cwd: dir, stdout: () => {}, stderr: (l) => (err += `${l}\n`), stopped };
  const running = main(['generate', input, '--out', join(dir, 'gen'), '--watch', '--targets', 'endpoints'], io);
  const runs = () => (err.match(/watching for changes/g) ?? []).length;
  const waitFor = async (n: number) => {
    for (let i = 0; i < 200 && runs() < n; i++) await new Promise((r) => setTimeout(r, 50));
  };
  try {
    await waitFor(1);
    assert.equal(runs(), 1, err);
    assert.match(
      err,
      /kitgen: 1 operation → 4 files written, 0 unchanged in \S+gen, \d+ ms; watching for changes/,
      'the summary of a single run, with the time taken',
    );
    // What a build, an install or a server does beside the document.
    await mkdir(join(dir, 'build'), { recursive: true });
    await writeFile(join(dir, 'build/app.js'), 'console.log(1);\n');
    await mkdir(join(dir, 'node_modules/left-pad'), { recursive: true });
    await writeFile(join(dir, 'node_modules/left-pad/index.js'), 'module.exports = 1;\n');
    await writeFile(join(dir, 'server.log'), 'GET /things 200\n');
    await writeFile(join(dir, 'schemas/notes.md'), 'not referenced\n');
    await new Promise((r) => setTimeout(r, 700));
    assert.equal(runs(), 1, `no file the document reads changed:\n${err}`);
    await writeFile(
      join(dir, 'schemas/thing.yaml'),
      'type: object\ntitle: Thing\nproperties:\n  label: { type: string }\n',
    );
    await waitFor(2);
    assert.equal(runs(), 2, err);
    assert.match(await readFile(join(dir, 'gen/endpoints.d.ts'), 'utf8'), /label\?: string/);
    await writeFile(input, doc.replace('title: Watched', 'title: Watched Again'));
    await waitFor(3);
    assert.equal(runs(), 3, err);
  } finally {
    stop();
  }
  assert.equal(await running, 0);
});
