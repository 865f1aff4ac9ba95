// The project `npm run bench:codefirst` generates describes one API three ways: tsoa's spec of the
// controllers, ts-json-schema-generator's schemas of the types and kitgen's document of the
// endpoint files must all find the same operations and types, or the timings compare different
// work. No timing here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { writeBenchProject, type BenchProject } from '../../bench/codefirst/project.ts';
import { main } from '../src/cli/main.ts';
import { repoRoot } from './support/fixtures.ts';

const require = createRequire(import.meta.url);
// 12 endpoints: two files (one full, one not), every endpoint shape three times.
const project: BenchProject = writeBenchProject(join(repoRoot, '.tmp', 'bench-codefirst-test', '12'), 12);
const expectedOperations = project.operations.map((o) => `${o.method.toUpperCase()} ${o.path}`).sort();

interface OpenAPIDoc {
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
}

const operationsOf = (doc: OpenAPIDoc) =>
  Object.entries(doc.paths)
    .flatMap(([path, item]) =>
      Object.keys(item)
        .filter((k) => ['get', 'put', 'post', 'delete', 'patch'].includes(k))
        .map((m) => `${m.toUpperCase()} ${path}`),
    )
    .sort();

/** Runs a tool's script in a plain Node process (no TypeScript loader: the tools run as shipped). */
function runTool(script: string, args: readonly string[]): string {
  const r = spawnSync(process.execPath, [script, ...args], {
    cwd: project.dir,
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  assert.equal(r.status, 0, `${script} ${args.join(' ')}:\n${r.stdout}${r.stderr}`);
  return r.stdout;
}

// tsoa's spec, made once for the three tests that compare with it (each run a TypeScript program of
// the project in a process of its own): the tests are about what it says, not about running it.
let tsoaDoc: OpenAPIDoc | undefined;
const tsoaSpec = (): OpenAPIDoc => {
  if (tsoaDoc === undefined) {
    runTool(join(repoRoot, 'bench/codefirst/tsoaCli.cjs'), ['spec', '-c', project.tsoaConfig]);
    tsoaDoc = JSON.parse(readFileSync(join(project.tsoaOut, 'swagger.json'), 'utf8')) as OpenAPIDoc;
  }
  return tsoaDoc;
};

test('tsoa spec describes every operation and every type of the project', () => {
  const doc = tsoaSpec();
  assert.deepEqual(operationsOf(doc), expectedOperations);
  const schemas = Object.keys(doc.components.schemas);
  for (const t of project.types) assert.ok(schemas.includes(t), `tsoa has no ${t}`);
  // The generic, as tsoa names its instances.
  assert.ok(schemas.includes('Page_Item1_') && schemas.includes('Page_Node0_'), schemas.join(', '));
});

test('ts-json-schema-generator derives every type, with the fields tsoa found', () => {
  const out = join(project.dir, 'tsjsg.json');
  const bin = join(
    dirname(require.resolve('ts-json-schema-generator/package.json')),
    'bin',
    'ts-json-schema-generator.js',
  );
  runTool(bin, [
    '--path',
    project.typesGlob,
    '--type',
    '*',
    '--tsconfig',
    project.tsconfig,
    '--no-type-check',
    '-o',
    out,
  ]);
  const defs = (
    JSON.parse(readFileSync(out, 'utf8')) as { definitions: Record<string, { properties?: Record<string, unknown> }> }
  ).definitions;
  for (const t of project.types) assert.ok(t in defs, `ts-json-schema-generator has no ${t}`);
  assert.ok('Page<Node0>' in defs, Object.keys(defs).join(', '));
  const tsoa = tsoaSpec().components.schemas;
  for (const t of ['Item0', 'Node0', 'Problem'])
    assert.deepEqual(Object.keys(defs[t].properties!).sort(), Object.keys(tsoa[t].properties!).sort(), t);
});

test('kitgen describes the same operations from the endpoint files, with the same declared types', async () => {
  const out = join(project.dir, 'kitgen-out');
  let err = '';
  const code = await main(['generate', project.endpointGlob, '--out', out, '--targets', 'openapi', '--quiet'], {
    cwd: project.dir,
    stdout: () => {},
    stderr: (l) => (err += `${l}\n`),
  });
  assert.equal(code, 0, err);
  const doc = JSON.parse(readFileSync(join(out, 'openapi.json'), 'utf8')) as OpenAPIDoc;
  assert.deepEqual(operationsOf(doc), expectedOperations);
  const tsoa = tsoaSpec().components.schemas;
  // The interfaces by name and fields; unions and generic instances are named differently by
  // each tool, so they are compared through the operations above.
  for (const t of project.types.filter((n) => /^(Item|Node)\d+$/.test(n) || n === 'Problem')) {
    assert.ok(doc.components.schemas[t], `kitgen has no ${t}`);
    assert.deepEqual(
      Object.keys(doc.components.schemas[t].properties!).sort(),
      Object.keys(tsoa[t].properties!).sort(),
      t,
    );
  }
});
