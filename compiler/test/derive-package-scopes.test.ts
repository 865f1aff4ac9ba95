// A long-lived project's programs keep what they read of package.json files (a file's module
// format under NodeNext is its package's `type`): a package.json changed on disk is read again.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ts } from 'ts-morph';
import { PackageScopes } from '../src/derive/packageScopes.ts';

test("a file's module format follows its package.json, read again once it changed", () => {
  const dir = mkdtempSync(join(tmpdir(), 'kitgen-scopes-'));
  try {
    const options: ts.CompilerOptions = {
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      noLib: true,
      types: [],
      noEmit: true,
    };
    const file = join(dir, 'main.ts');
    writeFileSync(file, 'export const x = 1;\n');
    const manifest = join(dir, 'package.json');
    // Written a while ago, as a user's package.json is (a fresh one is never trusted by its stat).
    const write = (type: string, ageS: number) => {
      writeFileSync(manifest, JSON.stringify({ type }));
      const at = Date.now() / 1000 - ageS;
      utimesSync(manifest, at, at);
    };
    const scopes = new PackageScopes();
    const format = () =>
      ts.createProgram([file], options, scopes.host(ts.createCompilerHost(options), options)).getSourceFile(file)!
        .impliedNodeFormat;
    write('module', 60);
    assert.equal(format(), ts.ModuleKind.ESNext);
    assert.equal(format(), ts.ModuleKind.ESNext);
    write('commonjs', 30);
    assert.equal(format(), ts.ModuleKind.CommonJS);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
