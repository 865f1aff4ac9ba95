// Which changed file calls for another generation: the one rule `kitgen generate --watch` and the
// build-step plugin's Regenerator both follow, asked directly and through the Regenerator.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join, resolve } from 'node:path';
import { RerunRule } from '../src/pipeline/rerunRule.ts';
import { Regenerator } from '../src/plugin/Regenerator.ts';
import type { GenerateRun } from '../src/pipeline/runGenerate.ts';

const root = resolve('/project');
const p = (...parts: string[]) => join(root, ...parts);

test('an OpenAPI document: the document (before any run), then what the run read; never the output', () => {
  const rule = new RerunRule({ input: p('api', 'openapi.yaml'), out: p('gen'), templates: undefined });
  assert.equal(rule.codeFirst, false);
  assert.deepEqual([...rule.inputs], [p('api', 'openapi.yaml')]);
  assert.deepEqual(rule.roots, []);
  assert.ok(rule.concerns(p('api', 'openapi.yaml')));
  // A sibling that no $ref names, and a new TypeScript file, are no inputs of a document.
  assert.ok(!rule.concerns(p('api', 'notes.yaml')));
  assert.ok(!rule.concerns(p('api', 'extra.ts')));
  rule.setInputs([p('api', 'openapi.yaml'), p('node_modules', 'shared', 'error.yaml'), 'https://example.com/x.yaml']);
  // A $ref into node_modules is on purpose: it stays an input; a URL is not a file to watch.
  assert.deepEqual([...rule.inputs], [p('api', 'openapi.yaml'), p('node_modules', 'shared', 'error.yaml')]);
  assert.ok(rule.concerns(p('node_modules', 'shared', 'error.yaml')));
  assert.ok(!rule.concerns(p('gen', 'index.ts')));
});

test('endpoint files: what the run read, and new TypeScript files under the input folder, outside node_modules and the output', () => {
  const rule = new RerunRule({ input: p('src', '**', '*.endpoints.ts'), out: p('src', 'gen'), templates: undefined });
  assert.equal(rule.codeFirst, true);
  assert.deepEqual([...rule.inputs], []);
  assert.deepEqual(rule.roots, [p('src')]);
  rule.setInputs([p('src', 'pets.endpoints.ts'), p('types', 'pet.ts'), p('node_modules', 'lib', 'index.d.ts')]);
  // A library's declarations are not watched; a types file outside the input folder is.
  assert.deepEqual([...rule.inputs], [p('src', 'pets.endpoints.ts'), p('types', 'pet.ts')]);
  assert.ok(rule.concerns(p('types', 'pet.ts')));
  assert.ok(rule.concerns(p('src', 'new', 'users.endpoints.ts')));
  assert.ok(rule.concerns(p('src', 'new', 'view.tsx')));
  assert.ok(!rule.concerns(p('src', 'README.md')));
  assert.ok(!rule.concerns(p('src', 'node_modules', 'x', 'a.ts')));
  assert.ok(!rule.concerns(p('src', 'gen', 'endpoints.ts')));
  assert.ok(!rule.concerns(p('other', 'a.ts')));
  assert.ok(!rule.concerns(p('srcx', 'a.ts')), 'a sibling folder whose name starts alike is not under the input');
});

test('a templates folder: any file under it, for either input', () => {
  const rule = new RerunRule({ input: p('openapi.json'), out: p('gen'), templates: p('tpl') });
  assert.deepEqual(rule.roots, [p('tpl')]);
  assert.ok(rule.concerns(p('tpl', 'client.hbs')));
  assert.ok(!rule.concerns(p('tplx', 'client.hbs')));
});

test("the plugin's Regenerator answers as the rule does", async () => {
  const run = {
    input: p('src', '*.endpoints.ts'),
    out: p('gen'),
    templates: p('tpl'),
  } as GenerateRun;
  const rule = new RerunRule(run);
  const regenerator = new Regenerator(run, { progress: () => {}, warning: () => {} } as never);
  try {
    for (const path of [
      p('src', 'a.ts'),
      p('gen', 'a.ts'),
      p('tpl', 'x.hbs'),
      p('src', 'node_modules', 'a.ts'),
      p('b.ts'),
    ])
      assert.equal(regenerator.concerns(path), rule.concerns(path), path);
    assert.deepEqual(regenerator.inputs, [...rule.inputs]);
  } finally {
    await regenerator.close();
  }
});
