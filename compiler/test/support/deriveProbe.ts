// Derives types the way an endpoint file does: a probe file with one DeriveSchema.gen<T>() call
// is put into a shared DeriveProject (in memory) and expanded.
import { join } from 'node:path';
import { createDeriveProject, type DeriveProject } from '../../src/derive/DeriveProject.ts';
import { expandDeriveSchema, type Expansion } from '../../src/derive/expand.ts';
import type { Json } from '../../src/derive/deriveSchema.ts';
import type { DeriveDiagnostic } from '../../src/derive/errors.ts';
import { sharedRuntimeTsconfig } from './runtimeTsconfig.ts';

/** The folder of the type fixtures. */
export const fixturesDir = join(import.meta.dirname, '..', 'derive-fixtures');

/**
 * The tsconfig the fixtures' projects use: it gives them the runtime's declarations, not its 315
 * sources (what the repository's tsconfig, found upward, resolves `@kitgen/runtime` to), a program
 * ~3 CPU-s cheaper to build.
 */
export const tsconfig = await sharedRuntimeTsconfig();
let shared: DeriveProject | undefined;
let counter = 0;

/** One project for a test file (as a build plugin keeps one). */
export function project(): DeriveProject {
  shared ??= createDeriveProject({ cwd: fixturesDir, tsconfig });
  return shared;
}

/** Expands a probe file holding `code` (in the fixtures folder, so `./features.ts` imports work). */
export function expandProbe(code: string, name = `_probe${counter++}.ts`): Expansion & { file: string } {
  const file = join(fixturesDir, name);
  project().update(file, code);
  return { ...expandDeriveSchema(file, project()), file };
}

/** The schema derived for `typeText`, with the types of `from` in scope as `F.Name`. */
export function derive(
  typeText: string,
  from = 'features.ts',
): { schema: Json; diagnostics: readonly DeriveDiagnostic[]; name?: string } {
  const out = expandProbe(
    `import { DeriveSchema } from '@kitgen/runtime';\nimport type * as F from './${from}';\nexport const probe = DeriveSchema.gen<${typeText}>();\n`,
  );
  const [call] = out.calls;
  return { schema: call?.schema ?? null, diagnostics: out.diagnostics, ...(call?.name ? { name: call.name } : {}) };
}

/** A property's schema of a derived object schema. */
export function prop(schema: Json, name: string): Json {
  return ((schema as { properties: Record<string, Json> }).properties ?? {})[name];
}
