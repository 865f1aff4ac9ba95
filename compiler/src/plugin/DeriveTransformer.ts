import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { createDeriveProject, expandDeriveSchema, type DeriveProject, type Expansion } from '../derive/index.ts';

/** TypeScript modules the transform may look at (not declaration files); the code filter narrows to those naming DeriveSchema. */
export const transformIdPattern = /\.(?:m|c)?tsx?$/;

/** True for a module id the transform takes: a TypeScript file on disk, outside node_modules, not virtual. */
export function isTransformable(id: string): boolean {
  const file = cleanId(id);
  return (
    !id.startsWith('\0') && transformIdPattern.test(file) && !file.endsWith('.d.ts') && !file.includes('/node_modules/')
  );
}

/** A bundler's module id without its query (`?v=…`, `?import`). */
export function cleanId(id: string): string {
  const q = id.indexOf('?');
  return q === -1 ? id : id.slice(0, q);
}

/**
 * The plugin's side of `DeriveSchema.gen<T>()`: one long-lived DeriveProject (created on the
 * first module that needs it) and the files each module's expansion read. Before re-expanding a
 * module it re-reads those files from disk, so an edited type in another file is seen even by a
 * bundler that reports no change (esbuild) — the stale result typia's plugins had.
 */
export class DeriveTransformer {
  readonly #tsconfig: string | undefined;
  #project: DeriveProject | undefined;
  /** The files each module's last expansion read (itself excluded). */
  readonly #consulted = new Map<string, readonly string[]>();

  constructor(
    tsconfig: string | undefined,
    /** Derived objects are closed by default, as `kitgen generate --closed-objects` derives them. */
    readonly closedObjects = false,
  ) {
    this.#tsconfig = tsconfig;
  }

  /** Expands the calls in a module's text (as the bundler has it); `undefined` when it has none to expand. */
  expand(id: string, code: string): Expansion | undefined {
    const file = cleanId(id);
    this.#project ??= createDeriveProject({
      cwd: dirname(file),
      closedObjects: this.closedObjects,
      ...(this.#tsconfig !== undefined ? { tsconfig: this.#tsconfig } : {}),
    });
    for (const path of this.#consulted.get(file) ?? []) this.changed(path);
    const expansion = expandDeriveSchema(file, this.#project, code);
    this.#consulted.set(
      file,
      expansion.consulted.filter((p) => p !== file),
    );
    return expansion.calls.length > 0 || expansion.diagnostics.length > 0 ? expansion : undefined;
  }

  /** A file changed on disk (a watcher said so): the project re-reads it if it has it. */
  changed(path: string): void {
    // Through the project, so its content hashes (which its caches are keyed by) follow.
    if (this.#project?.project.getSourceFile(path) !== undefined && existsSync(path)) this.#project.refresh(path);
  }
}
