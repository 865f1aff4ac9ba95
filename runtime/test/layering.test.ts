// The runtime's folders are layers and imports point one way (docs/decisions.md, "Layering"):
// dependency-cruiser holds the one table of what each folder may import (.dependency-cruiser.cjs,
// `npm run lint:layers`). This test makes sure that table names every folder, so a new folder
// cannot slip past it unchecked.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';

const src = new URL('../src/', import.meta.url).pathname;

function files(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) files(path, out);
    else if (name.endsWith('.ts')) out.push(path);
  }
  return out;
}

test('the layering rules name every folder of runtime/src', () => {
  const config = createRequire(import.meta.url)('../../.dependency-cruiser.cjs') as {
    forbidden: Array<{ name: string }>;
  };
  const ruled = new Set(
    config.forbidden.map((r) => /^runtime-(.+)-layer$/.exec(r.name)?.[1]).filter((f) => f !== undefined),
  );
  const folders = readdirSync(src).filter((name) => statSync(join(src, name)).isDirectory());
  assert.deepEqual(
    folders.filter((f) => !ruled.has(f)),
    [],
    'folders of runtime/src without a layer in .dependency-cruiser.cjs',
  );
  assert.deepEqual(
    [...ruled].filter((f) => !folders.includes(f)),
    [],
    'layers in .dependency-cruiser.cjs without a folder',
  );
});

test('internal symbol keys are declared in util/symbols.ts only', () => {
  const elsewhere = files(src)
    .filter((f) => !f.endsWith(join('util', 'symbols.ts')))
    .filter((f) => /\bSymbol\(\s*'kitgen\./.test(readFileSync(f, 'utf8')))
    .map((f) => relative(src, f));
  assert.deepEqual(elsewhere, []);
});
