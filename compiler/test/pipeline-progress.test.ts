// The generate pipeline's reporter object: the timed progress lines of a large run, and a run over
// an OpenAPI document giving the files `EndpointGen.fromOpenAPI` gives (one model, one emit road).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Diagnostic } from '../src/diagnostics/index.ts';
import { EndpointGen } from '../src/EndpointGen.ts';
import { loadDocument } from '../src/input/loadDocument.ts';
import { generateRunFrom } from '../src/pipeline/generateRun.ts';
import { RunProgress } from '../src/pipeline/progress.ts';
import { runGenerate, type RunReporter } from '../src/pipeline/runGenerate.ts';
import { fixturesDir, repoRoot } from './support/fixtures.ts';

const dir = join(repoRoot, 'compiler', 'test', '.tmp', 'pipeline-progress');

/** A reporter that keeps what it is told. */
function recorder(): RunReporter & { lines: string[]; warnings: Diagnostic[] } {
  const lines: string[] = [];
  const warnings: Diagnostic[] = [];
  return { lines, warnings, progress: (line) => lines.push(line), warning: (d) => warnings.push(d) };
}

test('RunProgress prints nothing until the run is large, then each step with its time', () => {
  const r = recorder();
  const progress = new RunProgress(r);
  progress.step('parse', '0.1 MB');
  progress.note('model', '3 operations, 1 schemas');
  assert.deepEqual(r.lines, [], 'a small run prints no progress');
  progress.markLarge(true);
  progress.markLarge(false);
  progress.note('model', '120 operations, 4 schemas');
  progress.step('emit', '11 files');
  progress.total();
  assert.equal(r.lines[0], 'model      120 operations, 4 schemas');
  assert.match(r.lines[1]!, /^emit {7}\d+ ms {2}\(11 files\)$/);
  assert.match(r.lines[2]!, /^total {6}\d+\.\d s$/);
  assert.equal(r.lines.length, 3, 'a run once large stays large');

  const silent = RunProgress.silent();
  silent.markLarge(true);
  silent.step('emit', '1 file');
  silent.total();
});

test(
  'a document of over 100 operations reports the model, emit, format and write steps',
  { timeout: 300_000 },
  async () => {
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
    const paths: Record<string, unknown> = {};
    for (let i = 0; i < 101; i++)
      paths[`/items${i}`] = { get: { operationId: `item${i}`, responses: { 200: { description: 'ok' } } } };
    const file = join(dir, 'openapi.json');
    await writeFile(file, JSON.stringify({ openapi: '3.0.3', info: { title: 'T', version: '1' }, paths }));
    const r = recorder();
    const run = generateRunFrom(
      {},
      { format: 'layout', targets: 'endpoints', out: 'out' },
      dir,
      'openapi.json',
      undefined,
    );
    const result = await runGenerate(run, r);
    assert.equal(result.operations, 101);
    assert.deepEqual(
      r.lines.map((l) => l.replace(/\d+(\.\d)? m?s\b/g, 'T')),
      [
        'model      101 operations, 0 schemas',
        `emit       T  (${result.output.size} files)`,
        "format     T  (kitgen's layout: the output is too large for prettier in reasonable time; --format prettier forces it)",
        `write      T  (${result.output.size} written, 0 unchanged)`,
        'total      T',
      ],
    );
  },
);

test('kitgen generate on a document writes what EndpointGen.fromOpenAPI emits', { timeout: 300_000 }, async () => {
  const file = join(fixturesDir, 'pets', 'openapi.yaml');
  const r = recorder();
  const run = generateRunFrom({}, { format: 'none', dryRun: true }, dir, file, undefined);
  const result = await runGenerate(run, r);
  const expected = EndpointGen.fromOpenAPI((await loadDocument(file)).document as object, { file });
  assert.deepEqual([...result.output.keys()].sort(), [...expected.files.keys()].sort());
  for (const [path, text] of expected.files) assert.equal(result.output.get(path), text, path);
  assert.deepEqual(
    r.warnings.map((w) => w.message),
    expected.warnings.map((w) => w.message),
  );
});
