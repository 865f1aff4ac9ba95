import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { Project, ts, type SourceFile } from 'ts-morph';
import { CompileError } from '../input/Diagnostic.ts';

/** Options of {@link createDeriveProject}. */
export interface DeriveProjectOptions {
  /** Where to look for a tsconfig.json upward, when none is named. */
  readonly cwd: string;
  /** The tsconfig to use; a named one that does not exist is an error. */
  readonly tsconfig?: string;
}

/**
 * The one long-lived ts-morph project of a run or a watch: the types behind DeriveSchema.gen<T>()
 * calls, export names, JSDoc and positions come from it. Files are added as they are asked for
 * and re-read from disk only when their text changed.
 */
export interface DeriveProject {
  readonly project: Project;
  /** The tsconfig in use, if any. */
  readonly tsconfig?: string;
  /** A file of the project (added, with what it imports, when it is not there yet). */
  sourceFile(path: string): SourceFile;
  /**
   * Adds files and what they import in one go: resolving the imports of each file alone costs a
   * new program per file, which grows with the square of the number of files.
   */
  addFiles(paths: readonly string[]): void;
  /** Brings every file the project read up to date with the disk; the paths that changed. */
  refresh(): string[];
}

function findTsconfig(from: string): string | undefined {
  for (let dir = resolve(from); ; dir = dirname(dir)) {
    const candidate = join(dir, 'tsconfig.json');
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) return undefined;
  }
}

/** Creates the project of a tsconfig (named, or the nearest one above `cwd`; strict defaults without one). */
export function createDeriveProject(options: DeriveProjectOptions): DeriveProject {
  if (options.tsconfig !== undefined && !existsSync(options.tsconfig)) {
    throw new CompileError([{ severity: 'error', file: options.tsconfig, message: 'no such tsconfig', fix: 'name an existing tsconfig.json with --tsconfig, or leave the option out to use the nearest one' }]);
  }
  const tsconfig = options.tsconfig ?? findTsconfig(options.cwd);
  const project = tsconfig
    ? new Project({ tsConfigFilePath: tsconfig, skipAddingFilesFromTsConfig: true, skipFileDependencyResolution: false })
    : new Project({ compilerOptions: { strict: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, skipLibCheck: true } });
  return {
    project,
    ...(tsconfig !== undefined ? { tsconfig } : {}),
    sourceFile(path) {
      const existing = project.getSourceFile(path);
      if (existing) return existing;
      const added = project.addSourceFileAtPath(path);
      project.resolveSourceFileDependencies();
      return added;
    },
    addFiles(paths) {
      const missing = paths.filter((p) => project.getSourceFile(p) === undefined);
      if (missing.length === 0) return;
      for (const p of missing) project.addSourceFileAtPath(p);
      project.resolveSourceFileDependencies();
    },
    refresh() {
      const changed: string[] = [];
      for (const sf of project.getSourceFiles()) {
        const path = sf.getFilePath();
        if (path.includes('/node_modules/')) continue;
        const result = sf.refreshFromFileSystemSync();
        if (result !== 0 /* FileSystemRefreshResult.NoChange */) changed.push(path);
      }
      return changed;
    },
  };
}
