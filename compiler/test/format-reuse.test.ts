// A regeneration formats only what changed: each code file whose emitted text and written file are
// as the last run left them is taken from disk (the run's format step says how many), and the
// output is byte for byte what a run without the cache writes — after an unchanged run, an edit to
// one operation, and a generated file edited by hand (which is formatted and written again).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { generateRunFrom } from '../src/pipeline/generateRun.ts';
import { runGenerate, type GenerateRun, type RunReporter } from '../src/pipeline/runGenerate.ts';
import { repoRoot } from './support/fixtures.ts';

const dir = join(repoRoot, 'compiler', 'test', '.tmp', 'format-reuse');

function documentText(summary: string): string {
  const paths: Record<string, unknown> = {};
  for (let i = 0; i < 101; i++)
    paths[`/items${i}/{id}`] = {
      get: {
        operationId: `item${i}`,
        tags: [`group${i % 10}`],
        summary: i === 7 ? summary : `Item ${i}`,
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
        responses: { 200: { description: 'ok', content: { 'application/json': { schema: { type: 'string' } } } } },
      },
    };
  return JSON.stringify({ openapi: '3.0.3', info: { title: 'T', version: '1' }, paths });
}

/** Every file under `root`, by relative path. */
async function tree(root: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true }))
    if (entry.isFile()) {
      const path = join(entry.parentPath, entry.name);
      out.set(relative(root, path), await readFile(path, 'utf8'));
    }
  return out;
}

/** Runs `run`; the format step's detail (the first 100-operation run prints its progress). */
async function generate(run: GenerateRun): Promise<string> {
  const lines: string[] = [];
  const reporter: RunReporter = { progress: (l) => lines.push(l), warning: () => {} };
  await runGenerate(run, reporter);
  const format = lines.find((l) => l.startsWith('format'));
  assert.ok(format, lines.join('\n'));
  return format;
}

test('a regeneration formats only the files whose emitted text changed', { timeout: 300_000 }, async () => {
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const document = join(dir, 'openapi.json');
  await writeFile(document, documentText('Item seven'));
  const base = generateRunFrom(
    {},
    { format: 'prettier', targets: 'endpoints,client', out: 'out', split: 'tag' },
    dir,
    'openapi.json',
    undefined,
  );
  const run: GenerateRun = { ...base, cacheDir: join(dir, 'cache') };
  const scratch: GenerateRun = { ...base, out: join(dir, 'scratch'), cacheDir: false };
  const out = join(dir, 'out');

  assert.doesNotMatch(await generate(run), /as last written/, 'the first run formats everything');
  const first = await tree(out);
  const isCode = (p: string) => p.endsWith('.ts') || p.endsWith('.js');
  const code = [...first.keys()].filter(isCode).length;
  assert.ok(code > 10, `${code} code files`);

  // Unchanged: every code file is taken as written, and the output does not move.
  assert.match(await generate(run), new RegExp(`; ${code} files as last written\\)$`));
  assert.deepEqual(await tree(out), first);

  // One operation's summary edited: the files that hold it are formatted again; the output is a fresh run's.
  await writeFile(document, documentText('Item number seven'));
  const edited = /; (\d+) files as last written\)$/.exec(await generate(run));
  assert.ok(edited && Number(edited[1]) < code && Number(edited[1]) > 0, String(edited));
  await generate(scratch);
  assert.deepEqual(await tree(out), await tree(join(dir, 'scratch')));

  // A generated file edited by hand is not taken as formatted: it is formatted and written again.
  const [victim] = [...first.keys()].filter(isCode);
  const before = await readFile(join(out, victim!), 'utf8');
  await writeFile(join(out, victim!), `${before}// edited\n`);
  assert.match(await generate(run), new RegExp(`; ${code - 1} files as last written\\)$`));
  assert.equal(await readFile(join(out, victim!), 'utf8'), before);
});
