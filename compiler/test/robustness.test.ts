// Bad input never crashes the compiler: every fixture document, broken in many deterministic
// ways (a value replaced by null, a number, text, a list, an object, a dangling $ref), either
// compiles to code that parses, or fails with a CompileError whose messages name a pointer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import ts from 'typescript';
import { CompileError, EndpointGen, loadDocument } from '../src/index.ts';
import { fixtureCases } from './support/fixtures.ts';

const replacements: readonly unknown[] = [
  null,
  42,
  'text',
  [],
  {},
  true,
  { $ref: '#/nowhere' },
  { $ref: 'missing.yaml#/X' },
  { type: 'object', properties: 7 },
];

/** A small deterministic generator (mulberry32). */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Every path to a value in a JSON document. */
function paths(
  value: unknown,
  at: Array<string | number> = [],
  out: Array<Array<string | number>> = [],
): Array<Array<string | number>> {
  out.push(at);
  if (Array.isArray(value)) value.forEach((v, i) => paths(v, [...at, i], out));
  else if (value !== null && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) paths(v, [...at, k], out);
  return out;
}

function replaced(doc: unknown, path: ReadonlyArray<string | number>, value: unknown): unknown {
  if (path.length === 0) return value;
  const copy = structuredClone(doc) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path[path.length - 1]] = structuredClone(value);
  return copy;
}

function syntaxErrors(files: ReadonlyMap<string, string>): string[] {
  const out: string[] = [];
  for (const [path, text] of files) {
    const sf = ts.createSourceFile(path, text, ts.ScriptTarget.ES2022, false, ts.ScriptKind.TS);
    for (const d of (sf as unknown as { parseDiagnostics: ts.Diagnostic[] }).parseDiagnostics)
      out.push(`${path}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`);
  }
  return out;
}

for (const c of await fixtureCases()) {
  test(`broken variants of ${c.name} compile or fail cleanly`, async () => {
    let source;
    try {
      source = await loadDocument(c.input);
    } catch (error) {
      assert.ok(error instanceof CompileError, String(error));
      return;
    }
    const all = paths(source.document);
    const next = random(all.length);
    let compiled = 0;
    let refused = 0;
    for (let i = 0; i < 60; i++) {
      const path = all[Math.floor(next() * all.length)];
      const value = replacements[Math.floor(next() * replacements.length)];
      const doc = replaced(source.document, path, value);
      try {
        const code = EndpointGen.fromOpenAPI(doc as object, c.options);
        assert.deepEqual(
          syntaxErrors(code.files),
          [],
          `/${path.join('/')} = ${JSON.stringify(value)}: generated code does not parse`,
        );
        compiled++;
      } catch (error) {
        if (!(error instanceof CompileError))
          assert.fail(`/${path.join('/')} = ${JSON.stringify(value)} crashed the compiler: ${(error as Error).stack}`);
        assert.ok(
          error.diagnostics.length > 0 && error.diagnostics.every((d) => d.message !== ''),
          'a CompileError lists its problems',
        );
        refused++;
      }
    }
    assert.equal(compiled + refused, 60);
  });
}
