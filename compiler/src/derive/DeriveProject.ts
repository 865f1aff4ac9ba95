import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { Project, ts, type SourceFile } from './tsMorph.ts';
import { CompileError } from '../diagnostics/index.ts';
import type { DerivedComponent, DerivedSchema } from './deriveSchema.ts';
import { FileStamps } from './fileStamps.ts';
import { PackageScopes } from './packageScopes.ts';
import { ProgramRoots } from './programRoots.ts';
import { TypeCache } from './typeCache.ts';
import type { TypeContext } from './typeNames.ts';

/** How to find the compiler options: a named tsconfig, or the one found upward from `cwd`. */
export interface DeriveProjectOptions {
  /** A tsconfig to use; it must exist. */
  readonly tsconfig?: string;
  /** Where relative paths start, and where a tsconfig is looked for when none is named. */
  readonly cwd: string;
  /** Derive closed objects (`additionalProperties: false`) unless a type's JSDoc opens it. */
  readonly closedObjects?: boolean;
}

/** Options when no tsconfig is found: strict (null and undefined stay in types), modern ESM. */
export const defaultCompilerOptions: ts.CompilerOptions = {
  strict: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  skipLibCheck: true,
  allowImportingTsExtensions: true,
  noEmit: true,
};

interface Cached<T> {
  readonly versions: ReadonlyMap<string, string>;
  readonly value: T;
}

/**
 * One long-lived ts-morph `Project` per tsconfig. Files enter it on demand (and with them what
 * they import); an edit replaces one file's text and TypeScript rebuilds its program reusing
 * the rest. Results are cached by the content hashes of the files they read.
 */
export class DeriveProject {
  readonly project: Project;
  readonly cwd: string;
  /** The tsconfig in use, if any. */
  readonly tsconfig: string | undefined;
  readonly #hashes = new Map<string, string>();
  /** Each file's stat when last read from disk: refreshAll reads only what changed. */
  readonly #stamps = new FileStamps();
  readonly #expansions = new Map<string, Cached<unknown>>();
  readonly #types = new TypeCache({
    versions: (files) => this.versions(files),
    hashOf: (file) => this.hashOf(file),
    compilerFile: (file) => this.project.getSourceFile(file)?.compilerNode,
  });
  /**
   * Component name → the files whose expansions use it → where its type is declared, with the
   * declaring file's hash when the claim was made (a declaration key is a position, which an edit
   * above the declaration moves).
   */
  readonly #components = new Map<string, Map<string, { component: DerivedComponent; hash: string }>>();
  /** The programs' root files, the same across edits so TypeScript reuses the last program. */
  readonly #roots: ProgramRoots;

  constructor(
    project: Project,
    cwd: string,
    tsconfig: string | undefined,
    /** Whether derived objects are closed by default (`additionalProperties: false`). */
    readonly closedObjects = false,
  ) {
    this.project = project;
    this.cwd = cwd;
    this.tsconfig = tsconfig;
    const scopes = new PackageScopes();
    this.#roots = new ProgramRoots(project, (host) => scopes.host(host, project.getCompilerOptions()));
  }

  /** The absolute path of a file named relative to `cwd`. */
  path(file: string): string {
    return isAbsolute(file) ? resolve(file) : resolve(this.cwd, file);
  }

  /** The source file, added from disk when the project does not have it yet. */
  sourceFile(file: string): SourceFile {
    const path = this.path(file);
    return this.project.getSourceFile(path) ?? this.project.addSourceFileAtPath(path);
  }

  /**
   * The file as the current program has it, for the checker's questions about it: added from disk
   * when the project does not have it, and made a root when the program no longer reaches it.
   */
  programFile(file: string): ts.SourceFile {
    const path = this.sourceFile(file).getFilePath();
    this.#roots.require(path, this.project.getProgram().compilerObject);
    return this.project.getProgram().compilerObject.getSourceFile(path)!;
  }

  /**
   * Adds files at once. TypeScript reuses its program across edits but not across a change of
   * root files, so adding the files a run will expand together costs one rebuild, not one each.
   */
  addFiles(files: Iterable<string>): void {
    let added = false;
    for (const file of files) {
      if (this.project.getSourceFile(this.path(file)) !== undefined) continue;
      this.project.addSourceFileAtPath(this.path(file));
      added = true;
    }
    // The files they import join the project too, so a watch sees edits to them (refreshAll).
    if (added) this.project.resolveSourceFileDependencies();
  }

  /** Replaces a file's text (an editor buffer, a file changed on disk); the next derivation sees it. */
  update(file: string, text: string): void {
    const path = this.path(file);
    const existing = this.project.getSourceFile(path);
    if (existing?.getFullText() === text) return;
    // Overwritten, not edited (replaceText): an edit walks the old and new trees to keep ts-morph's
    // wrappers of the old one, which nothing here keeps across runs.
    this.project.createSourceFile(path, text, { overwrite: true });
    this.#hashes.set(path, hashText(text));
    this.#stamps.forget(path);
  }

  /** Reads a file again from disk (what a watcher calls on change). */
  refresh(file: string): void {
    this.update(file, readFileSync(this.path(file), 'utf8'));
  }

  /**
   * Reads again from disk every file of the user's the project holds whose stat changed (a watch's
   * next run; see FileStamps); files that are gone leave the project. Returns the paths that changed.
   */
  refreshAll(): string[] {
    const changed: string[] = [];
    for (const sf of this.project.getSourceFiles()) {
      const path = sf.getFilePath();
      if (path.includes('/node_modules/')) continue;
      const stat = statSync(path, { throwIfNoEntry: false });
      if (stat === undefined) {
        this.project.removeSourceFile(sf);
        this.#hashes.delete(path);
        this.#stamps.forget(path);
        changed.push(path);
        continue;
      }
      if (this.#stamps.unchanged(path, stat)) continue;
      const text = readFileSync(path, 'utf8');
      if (text !== sf.getFullText()) {
        this.update(path, text);
        changed.push(path);
      }
      this.#stamps.record(path, stat);
    }
    return changed;
  }

  /** The content hash of a file as the project has it ('' when it is not in the project). */
  hashOf(file: string): string {
    const path = this.path(file);
    const known = this.#hashes.get(path);
    if (known !== undefined) return known;
    const sf = this.project.getSourceFile(path);
    if (sf === undefined) return '';
    const hash = hashText(sf.getFullText());
    this.#hashes.set(path, hash);
    return hash;
  }

  /** TypeScript's program and checker for the current texts (rebuilt lazily after an edit). */
  context(): TypeContext {
    const program = this.project.getProgram();
    return { program: program.compilerObject, checker: program.getTypeChecker().compilerObject };
  }

  /** The hashes of `files` now, to store beside a result derived from them. */
  versions(files: Iterable<string>): Map<string, string> {
    return new Map([...files].map((f) => [f, this.hashOf(f)]));
  }

  #fresh<T>(entry: Cached<T> | undefined): T | undefined {
    if (entry === undefined) return undefined;
    for (const [file, hash] of entry.versions) if (this.hashOf(file) !== hash) return undefined;
    return entry.value;
  }

  /** A cached expansion of `file`, when none of the files it read has changed since. */
  cachedExpansion<T>(file: string): T | undefined {
    return this.#fresh(this.#expansions.get(this.path(file)) as Cached<T> | undefined);
  }

  /** The files the tsconfig includes (none without a tsconfig, or when it cannot be read). */
  configuredFiles(): string[] {
    if (this.tsconfig === undefined) return [];
    const parsed = ts.getParsedCommandLineOfConfigFile(this.tsconfig, undefined, {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: () => {},
    });
    return parsed?.fileNames ?? [];
  }

  /** Drops the stored expansion of `file`: the next one derives again (and claims its components anew). */
  forgetExpansion(file: string): void {
    this.#expansions.delete(this.path(file));
  }

  /** Stores an expansion of `file` with the files it read. */
  storeExpansion<T>(file: string, consulted: Iterable<string>, value: T): void {
    this.#expansions.set(this.path(file), { versions: this.versions(consulted), value });
  }

  /** A derived type by its key, when none of the declarations it read has changed since (typeCache.ts). */
  cachedType(key: string): DerivedSchema | undefined {
    return this.#types.get(key);
  }

  /**
   * Stores a derived type (only clean ones: diagnostics carry positions in the calling file) with
   * what it depends on, read with the checker it was derived with; returns it with every file it
   * depends on consulted.
   */
  storeType(key: string, derived: DerivedSchema, ctx: TypeContext, node: ts.Node): DerivedSchema {
    return this.#types.store(key, derived, ctx, node);
  }

  /**
   * Records the components a file's expansion uses and returns those whose name another file
   * uses for a different declaration (with that other component).
   */
  claimComponents(
    file: string,
    components: readonly DerivedComponent[],
  ): Array<{ mine: DerivedComponent; theirs: DerivedComponent }> {
    const owner = this.path(file);
    for (const users of this.#components.values()) users.delete(owner);
    const clashes: Array<{ mine: DerivedComponent; theirs: DerivedComponent }> = [];
    for (const c of components) {
      const users = this.#components.get(c.name) ?? new Map<string, { component: DerivedComponent; hash: string }>();
      // A claim made before its declaring file changed is stale: its position may have moved (a field
      // added above it), and its owner, which consulted that file, is expanded again and claims anew.
      const other = [...users.values()].find(
        (u) => u.component.declarationKey !== c.declarationKey && this.hashOf(declaringFile(u.component)) === u.hash,
      )?.component;
      if (other && !clashes.some((x) => x.mine.name === c.name)) clashes.push({ mine: c, theirs: other });
      users.set(owner, { component: c, hash: this.hashOf(declaringFile(c)) });
      this.#components.set(c.name, users);
    }
    return clashes;
  }
}

/** The file a component's type is declared in (its declaration key is `file:offset`). */
function declaringFile(c: DerivedComponent): string {
  return c.declarationKey.slice(0, c.declarationKey.lastIndexOf(':'));
}

function hashText(text: string): string {
  return createHash('sha1').update(text).digest('base64');
}

/**
 * The project for a tsconfig: the one named (which must exist), else the nearest one upward from
 * `cwd`, else strict defaults. `strictNullChecks` is always on: without it `T | null` and optional
 * properties cannot be told from `T`.
 */
export function createDeriveProject(options: DeriveProjectOptions): DeriveProject {
  const cwd = resolve(options.cwd);
  let tsconfig: string | undefined;
  if (options.tsconfig !== undefined) {
    tsconfig = isAbsolute(options.tsconfig) ? options.tsconfig : join(cwd, options.tsconfig);
    if (!existsSync(tsconfig)) {
      throw new CompileError([
        {
          severity: 'error',
          message: `tsconfig ${tsconfig} does not exist`,
          file: tsconfig,
          fix: 'name an existing tsconfig.json, or leave the option out to use the nearest one',
        },
      ]);
    }
  } else tsconfig = ts.findConfigFile(cwd, ts.sys.fileExists) ?? undefined;
  const project = tsconfig
    ? new Project({
        tsConfigFilePath: tsconfig,
        skipAddingFilesFromTsConfig: true,
        compilerOptions: { strictNullChecks: true, noEmit: true },
      })
    : new Project({ compilerOptions: defaultCompilerOptions });
  return new DeriveProject(project, cwd, tsconfig, options.closedObjects ?? false);
}
