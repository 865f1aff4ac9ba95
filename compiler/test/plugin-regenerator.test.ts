// The plugin's Regenerator under a file rewritten while a run reads it: what it keeps as the
// inputs' text is what the run could have read, so the next update generates the newer text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { resolvePluginOptions } from '../src/plugin/options.ts';
import { Regenerator } from '../src/plugin/Regenerator.ts';
import { repoRoot } from './support/fixtures.ts';

/** A one-operation document; `warned` adds a second response body that the model leaves out with a warning. */
function documentText(summary: string, warned: boolean): string {
  const mixed = warned ? { 'multipart/mixed': { schema: { type: 'object' } } } : {};
  return JSON.stringify({
    openapi: '3.1.0',
    info: { title: 'Store', version: '1.0.0' },
    paths: {
      '/orders': {
        get: {
          operationId: 'listOrders',
          summary,
          responses: {
            '200': {
              description: 'ok',
              content: { 'application/json': { schema: { type: 'string' } }, ...mixed },
            },
          },
        },
      },
    },
  });
}

test('a document rewritten during a run is generated again on the next update', { timeout: 60_000 }, async () => {
  const dir = join(repoRoot, 'compiler', 'test', '.tmp', 'plugin-regenerator');
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const document = join(dir, 'store.json');
  await writeFile(document, documentText('Read by the run', true));
  const resolved = await resolvePluginOptions(
    { input: 'store.json', out: 'generated', config: false, quiet: true, targets: ['endpoints'] },
    dir,
  );
  assert.ok(resolved.run);
  let rewrites = 0;
  // The run's warning comes after it read the document and before it returns: the editor's write lands then.
  const regenerator = new Regenerator(resolved.run, {
    progress: () => {},
    warning: () => {
      if (rewrites++ === 0) writeFileSync(document, documentText('Written during the run', false));
    },
  });
  try {
    const first = await regenerator.update(document);
    assert.equal(first.kind, 'generated');
    assert.equal(rewrites, 1);
    const endpoints = join(dir, 'generated', 'endpoints.js');
    assert.match(await readFile(endpoints, 'utf8'), /Read by the run/);
    const second = await regenerator.update(document);
    assert.equal(second.kind, 'generated', 'the text written during the first run was never generated');
    assert.match(await readFile(endpoints, 'utf8'), /Written during the run/);
    assert.equal((await regenerator.update(document)).kind, 'unchanged');
  } finally {
    await regenerator.close();
  }
});
