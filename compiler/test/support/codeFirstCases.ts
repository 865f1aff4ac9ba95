// Code-first fixtures: fixtures/codefirst/<case>/ holds endpoint definition files (*.endpoints.ts,
// with the types they import) and the expected tree of `kitgen generate` (expected/), with
// the expected messages in diagnostics.txt.
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { runGenerate, type RunResult } from '../../src/pipeline/runGenerate.ts';
import { formatDiagnostic, type Target } from '../../src/index.ts';
import { fixturesDir, repoRoot } from './fixtures.ts';

/** One code-first case. */
export interface CodeFirstCase {
  readonly name: string;
  readonly dir: string;
  /** The glob of its endpoint definition files. */
  readonly input: string;
}

/** Every case under fixtures/codefirst/. */
export async function codeFirstCases(): Promise<CodeFirstCase[]> {
  const root = join(fixturesDir, 'codefirst');
  if (!existsSync(root)) return [];
  const names = (await readdir(root, { withFileTypes: true }))
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  return names.map((name) => ({ name, dir: join(root, name), input: join(root, name, '*.endpoints.ts') }));
}

/** Runs `kitgen generate` on a case in memory, as if into `out` (default its expected/ folder). */
export async function generateCodeFirst(
  c: CodeFirstCase,
  out = join(c.dir, 'expected'),
  targets?: readonly Target[],
): Promise<{ result: RunResult; diagnostics: string }> {
  const warnings: string[] = [];
  const result = await runGenerate(
    {
      input: c.input,
      out,
      ...(targets !== undefined ? { targets } : {}),
      openapiFormats: ['json'],
      format: 'prettier',
      clean: false,
      dryRun: true,
      split: false,
      lean: false,
      int64: 'bigint',
      importExtension: '.js',
      runtimePackage: '@kitgen/runtime',
      title: c.name,
      version: '1.0.0',
    },
    { progress: () => {}, warning: (d) => warnings.push(formatDiagnostic(d)) },
  );
  return {
    result,
    diagnostics: warnings.map((w) => w.split(repoRoot).join('')).join('\n') + (warnings.length > 0 ? '\n' : ''),
  };
}
