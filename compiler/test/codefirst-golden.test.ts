// Code-first golden trees: endpoint definition files → openapi.json, the client, the CLI, index.ts
// and the files with DeriveSchema.gen<T>() expanded, exactly as expected/ has them (type-checked
// strict by golden.test.ts with the other trees); then both round trips: the document made from
// code, generated contract-first and described again, is the same document.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { OpenAPIGen, type AnyEndpoint } from '@kitgen/runtime';
import SwaggerParser from '@apidevtools/swagger-parser';
import { codeFirstCases, generateCodeFirst } from './support/codeFirstCases.ts';
import { readTree, repoRoot, updateGolden, writeTree } from './support/fixtures.ts';

const cases = await codeFirstCases();
/** Each case's run into its expected/ folder, made once for the golden comparison and swagger-parser. */
const runs = new Map<string, ReturnType<typeof generateCodeFirst>>();
const generatedOnce = (c: (typeof cases)[number]) =>
  runs.get(c.name) ?? runs.set(c.name, generateCodeFirst(c)).get(c.name)!;

/**
 * A document with its one by-design difference of spelling made one: a `const` is a one-valued
 * `enum` (contract-first input reads it so). Nullability is compared as it is: the encoder writes
 * null only where a schema admits it, so both passes describe fields as declared.
 */
function normalised(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => normalised(v));
  if (typeof value !== 'object' || value === null) return value;
  let o = value as Record<string, unknown>;
  if ('const' in o && !('enum' in o)) {
    const { const: c, ...rest } = o;
    o = { ...rest, type: c === null ? 'null' : typeof c === 'number' ? 'number' : typeof c, enum: [c] };
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o))
    out[k] = k === 'required' && Array.isArray(v) ? [...(v as string[])].sort() : normalised(v);
  return out;
}

test('there are code-first fixture cases', () => {
  assert.ok(cases.length >= 2, `only ${cases.length} cases`);
});

for (const c of cases) {
  test(`code-first golden: ${c.name}`, async () => {
    const { result, diagnostics } = await generatedOnce(c);
    const expectedDir = join(c.dir, 'expected');
    const diagnosticsFile = join(c.dir, 'diagnostics.txt');
    if (updateGolden) {
      await rm(expectedDir, { recursive: true, force: true });
      await writeTree(expectedDir, result.output);
      if (diagnostics) await writeFile(diagnosticsFile, diagnostics);
      else await rm(diagnosticsFile, { force: true });
      return;
    }
    const expected = await readTree(expectedDir);
    assert.deepEqual(
      [...result.output.keys()].sort(),
      [...expected.keys()].sort(),
      `${c.name}: the files differ from expected/ (KITGEN_UPDATE_GOLDEN=1 rewrites)`,
    );
    for (const [path, text] of result.output)
      assert.equal(text, expected.get(path), `${c.name}: ${path} differs from expected/${path}`);
    const expectedDiagnostics = existsSync(diagnosticsFile) ? await readFile(diagnosticsFile, 'utf8') : '';
    assert.equal(diagnostics, expectedDiagnostics, `${c.name}: messages differ from diagnostics.txt`);
  });

  test(`code-first document passes swagger-parser: ${c.name}`, async () => {
    const { result } = await generatedOnce(c);
    const document = JSON.parse(result.output.get('openapi.json')!) as object;
    await SwaggerParser.validate(structuredClone(document) as never);
  });

  test(`round trip code → OpenAPI → code → OpenAPI: ${c.name}`, async () => {
    // The document from code, generated contract-first (endpoints.js) and described again with
    // OpenAPIGen, is the document from code.
    const tmp = join(repoRoot, 'compiler', 'test', '.tmp', `roundtrip-${c.name}`);
    await rm(tmp, { recursive: true, force: true });
    const { result } = await generateCodeFirst(c, tmp);
    const first = JSON.parse(result.output.get('openapi.json')!) as { info: { title: string; version: string } };
    await mkdir(tmp, { recursive: true });
    await writeFile(join(tmp, 'endpoints.js'), result.output.get('endpoints.js')!);
    const mod = (await import(pathToFileURL(join(tmp, 'endpoints.js')).href)) as Record<string, AnyEndpoint>;
    // The implicit 400 and 401 answers of the first document are declared errors of the generated endpoints.
    const again = OpenAPIGen.fromEndpoints(
      { title: first.info.title, version: first.info.version, implicitErrors: false },
      ...Object.values(mod).filter((v) => typeof v === 'object' && v !== null && 'state' in v),
    );
    assert.deepEqual(normalised(again.document), normalised(first));
    await rm(tmp, { recursive: true, force: true });
  });
}
