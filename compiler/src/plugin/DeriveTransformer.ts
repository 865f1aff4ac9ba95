import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { defaultCacheDir, DiskCache } from '../codefirst/diskCache.ts';
import { FactStore } from '../codefirst/factStore.ts';
import type { FileFacts } from '../codefirst/fileFacts.ts';
import type { DerivedComponent } from '../derive/deriveSchema.ts';
import type { Diagnostic } from '../diagnostics/index.ts';
import { expandDeriveSchema, type SourceMap } from '../derive/index.ts';
import { insertionsApplied } from '../derive/insertions.ts';

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

/** The user's modules among `files` that name DeriveSchema (a bundler will ask for them, one by one). */
function derivingModules(files: readonly string[]): string[] {
  return files.filter((f) => {
    if (!isTransformable(f)) return false;
    try {
      return readFileSync(f, 'utf8').includes('DeriveSchema');
    } catch {
      return false;
    }
  });
}

/** A component a module's expansion uses, and the hash of the file declaring it when it was claimed. */
interface Claim {
  readonly component: DerivedComponent;
  readonly hash: string;
}

/** The file a component's type is declared in (its declaration key is `file:offset`). */
const declaringFile = (c: DerivedComponent) => c.declarationKey.slice(0, c.declarationKey.lastIndexOf(':'));

/** A module's calls expanded, as the transform hands it to the bundler. */
export interface TransformedModule {
  readonly code: string;
  readonly map: SourceMap | undefined;
  /** Files whose declarations the expansion read, the module first: what the bundler watches. */
  readonly consulted: readonly string[];
  readonly diagnostics: readonly Diagnostic[];
}

/** Where the transform keeps what it derived, and who hears of a damaged cache entry. */
export interface TransformCache {
  /** The cache's folder; false for none (default: `node_modules/.cache/kitgen`, as `kitgen generate`'s). */
  readonly cacheDir?: string | false;
  readonly warn?: (message: string) => void;
}

/**
 * The plugin's side of `DeriveSchema.gen<T>()`, on the code-first run's fact store: a module
 * whose text is the file's on disk takes its expansion from memory or the disk cache while every
 * file it read hashes the same, so a build after a day of dev (or a CI re-run) makes no
 * TypeScript program; otherwise one long-lived project, made on first need, derives it. Each
 * expansion re-hashes (by stat) the files it read, so an edited type in another file is seen
 * even by a bundler that reports no change (esbuild) — the stale result typia's plugins had.
 */
export class DeriveTransformer {
  readonly #tsconfig: string | undefined;
  readonly #cache: TransformCache;
  #store: FactStore | undefined;
  /**
   * The components each module's last expansion claimed, with the hash of each one's declaring
   * file then: a cached expansion must not clash with another module's claim, unless that claim
   * is stale (its declaring file changed, so the position it names may have moved).
   */
  readonly #claims = new Map<string, readonly Claim[]>();
  #queue: Promise<unknown> = Promise.resolve();

  constructor(
    tsconfig: string | undefined,
    /** Derived objects are closed by default, as `kitgen generate --closed-objects` derives them. */
    readonly closedObjects = false,
    cache: TransformCache = {},
  ) {
    this.#tsconfig = tsconfig;
    this.#cache = cache;
  }

  #storeFor(file: string): FactStore {
    if (this.#store) return this.#store;
    const cwd = dirname(file);
    const dir = this.#cache.cacheDir === undefined ? defaultCacheDir(cwd) : this.#cache.cacheDir || undefined;
    const warn = this.#cache.warn ?? ((m: string) => process.stderr.write(`kitgen: warning: ${m}\n`));
    return (this.#store = new FactStore(
      {
        cwd,
        closedObjects: this.closedObjects,
        ...(this.#tsconfig !== undefined ? { tsconfig: this.#tsconfig } : {}),
      },
      dir !== undefined ? new DiskCache(dir, warn) : undefined,
      (project) => derivingModules(project.configuredFiles()),
    ));
  }

  /**
   * Expands the calls in a module's text (as the bundler has it): `module` is undefined when it
   * has none to expand; `ms` is the expansion's own time (not the wait behind other modules).
   */
  expand(id: string, code: string): Promise<{ readonly module: TransformedModule | undefined; readonly ms: number }> {
    // One at a time: the work is TypeScript's, synchronous, and a run's file hashes are its own.
    const next = this.#queue.then(async () => {
      const started = performance.now();
      const module = await this.#expand(id, code);
      return { module, ms: performance.now() - started };
    });
    this.#queue = next.catch(() => undefined);
    return next;
  }

  async #expand(id: string, code: string): Promise<TransformedModule | undefined> {
    const file = cleanId(id);
    const store = this.#storeFor(file);
    const disk = store.beginRun();
    const fresh = (claim: Claim) => disk.hash(declaringFile(claim.component)) === claim.hash;
    if (disk.text(file) === code) {
      const facts = (await store.read([file], { expansion: true, declarations: false })).get(file)!;
      if (Array.isArray(facts)) return { code, map: undefined, consulted: [file], diagnostics: facts };
      const expansion = (facts as FileFacts).expansion!;
      if (!this.#clashes(file, expansion.components, fresh)) {
        this.#claims.set(
          file,
          expansion.components.map((c) => ({
            component: c,
            hash: expansion.consulted[declaringFile(c)] ?? disk.hash(declaringFile(c)),
          })),
        );
        store.flush();
        if (expansion.calls === 0 && expansion.diagnostics.length === 0) return undefined;
        return {
          ...insertionsApplied(code, expansion.code, expansion.insertions, file),
          consulted: Object.keys(expansion.consulted),
          diagnostics: expansion.diagnostics,
        };
      }
    }
    // Text only the bundler has (an unsaved buffer, another plugin's output), or a name another
    // module claims: derived in the project, which knows every module's claims and reports a clash.
    const derive = await store.projectWith([file]);
    for (const [other, claims] of this.#claims)
      if (other !== file)
        derive.claimComponents(
          other,
          claims.filter(fresh).map((c) => c.component),
        );
    derive.forgetExpansion(file);
    const expansion = expandDeriveSchema(file, derive, code);
    this.#claims.set(
      file,
      expansion.components.map((c) => ({ component: c, hash: disk.hash(declaringFile(c)) })),
    );
    return expansion.calls.length > 0 || expansion.diagnostics.length > 0 ? expansion : undefined;
  }

  /** A file changed on disk (a watcher said so): the next expansion that read it reads it again. */
  changed(path: string): void {
    this.#store?.changed(path);
  }

  /** True when a component of `file` has its name claimed (freshly) by another module for another declaration. */
  #clashes(file: string, components: readonly DerivedComponent[], fresh: (claim: Claim) => boolean): boolean {
    for (const [other, claimed] of this.#claims) {
      if (other === file) continue;
      for (const c of components)
        if (
          claimed.some(
            (o) => o.component.name === c.name && o.component.declarationKey !== c.declarationKey && fresh(o),
          )
        )
          return true;
    }
    return false;
  }
}
