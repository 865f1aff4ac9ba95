import { existsSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import type { Diagnostic } from '../diagnostics/index.ts';
import { debugLog } from './debugLog.ts';
import type { DiskCache } from './diskCache.ts';
import { baseFresh, DiskHashes, expansionFresh, HashMemo, type FileFacts } from './fileFacts.ts';
import type { DeriveProject, DeriveProjectOptions } from './projectFacts.ts';

/** What a run wants of a file: its imports always; its expansion and declarations when asked. */
export interface Want {
  readonly expansion: boolean;
  readonly declarations: boolean;
}

/** What the last run did: a test reads it to know a run skipped TypeScript, without timing it. */
export interface RunStats {
  /** A TypeScript program was made (a DeriveProject created or used) in the run. */
  typescript: boolean;
  /** Files read with TypeScript, in order. */
  read: string[];
  /** Files whose facts were reused (from memory or disk). */
  reused: number;
}

let loadingFacts: Promise<typeof import('./projectFacts.ts')> | undefined;

/**
 * The module that reads facts with TypeScript, imported on first use; later reads take the same
 * promise (an `import()` each time goes through the module loader's hooks again: ~10 ms a save
 * when kitgen runs from its sources).
 */
function projectFacts(): Promise<typeof import('./projectFacts.ts')> {
  return (loadingFacts ??= import('./projectFacts.ts'));
}

/** The tsconfig a run uses, found as createDeriveProject finds it (named, else the nearest `tsconfig.json` upward). */
export function findTsconfig(cwd: string, named: string | undefined): string | undefined {
  if (named !== undefined) return isAbsolute(named) ? named : join(cwd, named);
  for (let dir = cwd; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'tsconfig.json'))) return join(dir, 'tsconfig.json');
    if (dirname(dir) === dir) return undefined;
  }
}

/**
 * Each file's facts (fileFacts.ts), from memory, then from the disk cache, then read with
 * TypeScript — the DeriveProject made only when a fact is missing or stale, with only the files
 * that need it. Facts read in a run are written to disk by {@link flush} once the run succeeded.
 */
export class FactStore {
  readonly #memory = new Map<string, FileFacts>();
  readonly #dirty = new Set<string>();
  readonly #options: DeriveProjectOptions;
  readonly #disk: DiskCache | undefined;
  /** Keys disk entries together with the path: the tsconfig (and its text) and the derivation options. */
  readonly #key: string;
  #project: DeriveProject | undefined;
  /** The project whose files' stats flush has read (once per project). */
  #stamped: DeriveProject | undefined;
  /** The hashes of earlier runs, by stat: a watch's next run hashes only the files that changed. */
  readonly #memo = new HashMemo();
  #hashes = new DiskHashes();
  stats: RunStats = { typescript: false, read: [], reused: 0 };
  /** Called when files are about to be expanded anew (TypeScript's seconds ahead): what runs beside it may start. */
  beforeExpanding: (() => void) | undefined;

  constructor(
    options: DeriveProjectOptions,
    disk: DiskCache | undefined,
    /**
     * Files to put in the project when it is made, beside the first ones asked for: TypeScript
     * rebuilds its program from scratch when its root files change, so files a caller will ask
     * for one at a time (a bundler's modules) are better added at once.
     */
    readonly companions?: (project: DeriveProject) => readonly string[],
  ) {
    this.#options = options;
    this.#disk = disk;
    const tsconfig = findTsconfig(options.cwd, options.tsconfig);
    this.#key = JSON.stringify([
      tsconfig ?? null,
      tsconfig !== undefined ? this.#hashes.hash(tsconfig) : '',
      options.closedObjects === true,
    ]);
  }

  /** Starts a run: files are hashed anew, and a project kept from the last run re-reads what changed. */
  beginRun(): DiskHashes {
    this.#hashes = new DiskHashes(this.#memo);
    this.stats = { typescript: false, read: [], reused: 0 };
    this.#project?.refreshAll();
    return this.#hashes;
  }

  #fresh(path: string, facts: FileFacts | undefined, want: Want): boolean {
    if (facts === undefined || !baseFresh(facts, path, this.#hashes)) return false;
    if (want.expansion && !expansionFresh(facts, this.#hashes)) return false;
    return !want.declarations || facts.declarations !== undefined;
  }

  /** The facts of `path` if known and still true (memory first, then disk). */
  #cached(path: string, want: Want): FileFacts | undefined {
    const inMemory = this.#memory.get(path);
    if (this.#fresh(path, inMemory, want)) return inMemory;
    const onDisk = this.#disk?.read<FileFacts>('file', `${this.#key}\0${path}`);
    if (!this.#fresh(path, onDisk, want)) return undefined;
    this.#memory.set(path, onDisk!);
    return onDisk;
  }

  /**
   * The facts of each path (in order), or its syntax errors when it is to be expanded and cannot
   * be parsed. `force` reads every one with TypeScript (a run that must report what the cache hides).
   */
  async read(paths: readonly string[], want: Want, force = false): Promise<Map<string, FileFacts | Diagnostic[]>> {
    const out = new Map<string, FileFacts | Diagnostic[]>();
    const stale: string[] = [];
    for (const path of paths) {
      const hit = force ? undefined : this.#cached(path, want);
      if (hit !== undefined) {
        this.stats.reused += 1;
        out.set(path, hit);
      } else stale.push(path);
    }
    if (stale.length === 0) return out;
    if (want.expansion) this.beforeExpanding?.();
    const { readFacts, syntaxErrors } = await projectFacts();
    const project = await this.projectWith(stale);
    for (const path of stale) {
      this.stats.read.push(path);
      const syntax = want.expansion ? syntaxErrors(project, path) : [];
      if (syntax.length > 0) {
        out.set(path, syntax);
        continue;
      }
      const facts = readFacts(project, path, this.#hashes, want);
      this.#memory.set(path, facts);
      this.#dirty.add(path);
      out.set(path, facts);
    }
    // Keep the paths' order (stale ones were read after the cached ones).
    return new Map(paths.map((p) => [p, out.get(p)!]));
  }

  /** A file changed on disk (a watcher said so): it is hashed and read again, whatever its stat says. */
  changed(path: string): void {
    this.#memo.stamps.forget(path);
    if (this.#project?.project.getSourceFile(path) !== undefined && existsSync(path)) this.#project.refresh(path);
  }

  /** The TypeScript project (made on first use) with `files` in it. */
  async projectWith(files: readonly string[]): Promise<DeriveProject> {
    this.stats.typescript = true;
    if (this.#project === undefined) {
      const { createDeriveProject } = await projectFacts();
      // Two reads awaiting the import at once make one project between them.
      if (this.#project === undefined) {
        debugLog('TypeScript: creating the derivation project');
        this.#project = createDeriveProject(this.#options);
        files = [...files, ...(this.companions?.(this.#project) ?? [])];
      }
    }
    // Added together: one program rebuild, not one per file.
    this.#project.addFiles(files);
    return this.#project;
  }

  /** Lets the TypeScript project go (a session that serves one run): a later read would make a new one. */
  release(): void {
    this.#project = undefined;
  }

  /**
   * Writes the facts read since the last flush to the disk cache (after a run that succeeded).
   * The first time after the project was made, also reads its files' stats (see refreshAll): a
   * project's first refresh reads every file it holds (1,274 in a program with the runtime's
   * sources), which a watch's first save would otherwise do.
   */
  flush(): void {
    if (this.#project !== undefined && this.#project !== this.#stamped) {
      this.#project.refreshAll();
      this.#stamped = this.#project;
    }
    if (this.#disk !== undefined) {
      for (const path of this.#dirty) {
        const facts = this.#memory.get(path);
        // Facts with errors are not kept: a fresh run must report them where they are.
        if (facts && !facts.expansion?.diagnostics.some((d) => d.severity === 'error'))
          this.#disk.write('file', `${this.#key}\0${path}`, `${this.#key}\0${path}`, facts);
      }
    }
    this.#dirty.clear();
  }
}
