// Module loader hooks (node:module `register`) behind `kitgen/register`: a TypeScript module that
// calls DeriveSchema.gen<T>() is served with its calls expanded; tsx, registered on top of these
// hooks, compiles what they return. They run on Node's loader thread, with one DeriveProject
// there for the life of the process. node_modules is never touched.
import { readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDeriveProject, expandDeriveSchema, type DeriveProject } from '../derive/index.ts';
import { formatDiagnostic } from '../diagnostics/index.ts';

/** The data `register` passes to {@link initialize}. */
export interface RegisterData {
  /** A tsconfig to read types with (default: the nearest one above each first file). */
  readonly tsconfig?: string;
  /** Derived objects are closed by default (`additionalProperties: false`), as `kitgen generate --closed-objects` does. */
  readonly closedObjects?: boolean;
}

let tsconfig: string | undefined;
let closedObjects = false;
let project: DeriveProject | undefined;

/** Takes the options `register` was given. */
export function initialize(data: RegisterData | undefined): void {
  tsconfig = data?.tsconfig;
  closedObjects = data?.closedObjects === true;
}

const expandable = /\.(?:m)?tsx?$/;

interface LoadResult {
  readonly format?: string | null;
  readonly source?: string | ArrayBuffer | Uint8Array;
  readonly shortCircuit?: boolean;
}
type NextLoad = (url: string, context: object) => Promise<LoadResult>;

/** Thrown when a module's derivations fail: every problem with its place, as `kitgen generate` prints them. */
class DeriveSchemaLoadError extends Error {
  override readonly name = 'DeriveSchemaLoadError';
}

/**
 * Serves a project TypeScript file that names DeriveSchema with its `DeriveSchema.gen<T>()` calls
 * expanded (as TypeScript, for tsx above to compile); everything else goes down the chain.
 */
export async function load(url: string, context: object, next: NextLoad): Promise<LoadResult> {
  if (!url.startsWith('file:') || url.includes('/node_modules/')) return next(url, context);
  const file = fileURLToPath(url.split('?')[0]);
  if (!expandable.test(file) || file.endsWith('.d.ts')) return next(url, context);
  const text = await readFile(file, 'utf8');
  // Cheap test first: most modules never name it, and the TypeScript project is not built for them.
  if (!text.includes('DeriveSchema')) return next(url, context);
  project ??= createDeriveProject({
    cwd: dirname(file),
    closedObjects,
    ...(tsconfig !== undefined ? { tsconfig } : {}),
  });
  const expansion = expandDeriveSchema(file, project, text);
  const errors = expansion.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0) throw new DeriveSchemaLoadError(errors.map(formatDiagnostic).join('\n'));
  // The expansion inserts each schema inside its call's parentheses, on the call's line: line
  // numbers in stack traces stay the file's own, so no source map is passed down.
  return { format: 'module', source: expansion.code, shortCircuit: true };
}
