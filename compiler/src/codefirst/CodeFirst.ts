import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CompileError, type Diagnostic } from '../diagnostics/index.ts';
import { debugLog, lapTimer } from './debugLog.ts';
import type { DescribeResult, EndpointFound, ExportDocs } from './describeProtocol.ts';
import { defaultCacheDir, DiskCache, hashText } from './diskCache.ts';
import { EndpointLoader } from './EndpointLoader.ts';
import { resolveEndpointFiles } from './endpointFiles.ts';
import { partsDocument, topLevelField } from './documentParts.ts';
import { DocumentBytes, joinParts } from './documentText.ts';
import type { Insertion } from '../derive/insertions.ts';
import type { SourcePlace } from './exportDocs.ts';
import { FactStore, type RunStats } from './factStore.ts';
import { componentClash, type FileFacts } from './fileFacts.ts';
import { describeFailureDiagnostic, loadFailureDiagnostic, placedDiagnostic } from './failureDiagnostics.ts';
import { collectGarbage } from './collectGarbage.ts';
import { moduleVersions } from './moduleVersions.ts';
import { packageInfo } from './packageInfo.ts';
import { TextHashes } from './textHashes.ts';
import { relocationMemo, type RelocationMemo } from './relocatedCopies.ts';

/** Options of a code-first run. */
export interface CodeFirstOptions {
  /** A `.ts` file or a glob of endpoint definition files. */
  readonly input: string;
  readonly cwd: string;
  /** The tsconfig (default: the nearest one above the first file). */
  readonly tsconfig?: string;
  /** Derived objects without an index signature are closed (`additionalProperties: false`). */
  readonly closedObjects?: boolean;
  /** Title and version of the document (default: the nearest package.json's name and version). */
  readonly title?: string;
  readonly version?: string;
  /** The cache's folder; false for none (default: see defaultCacheDir, `node_modules/.cache/kitgen`). */
  readonly cacheDir?: string | false;
  /** Hears of cache entries that cannot be read (default: stderr). */
  readonly warn?: (message: string) => void;
  /**
   * The session serves one run (`kitgen generate` without `--watch`): its TypeScript project is let
   * go once every file is read, so the memory is free again while the modules load and are described.
   */
  readonly once?: boolean;
}

/** The expanded files of a run, known before its modules are loaded: what the copies are made of. */
export interface ExpandedFiles {
  /** The endpoint definition files, absolute. */
  readonly files: readonly string[];
  /** Each file's text with its DeriveSchema.gen<T>() calls expanded: the endpoint files, and the user's modules they import that call it too. */
  readonly expanded: ReadonlyMap<string, string>;
  /** Where each expanded text holds its derived schemas (derive's insertions.ts). */
  readonly insertions: ReadonlyMap<string, readonly Insertion[]>;
  /** Where the session keeps the copies' relocated texts (relocatedCopies.ts). */
  readonly relocation: RelocationMemo;
}

/** What reading endpoint definition files gives. */
export interface CodeFirstResult extends ExpandedFiles {
  /** The OpenAPI document of the exported endpoints (`OpenAPIGen.fromEndpoints`), parsed when first read. */
  readonly document: Record<string, unknown>;
  /** `JSON.stringify(document, null, 2)`, joined from the parts of the document kept across runs. */
  readonly documentJson: string;
  /** {@link documentJson} and `suffix` as UTF-8 chunks (each part's kept across runs while it is unchanged), and as one string when asked. */
  documentText(suffix: string): { readonly chunks: readonly Uint8Array[]; text(): string };
  /** One top-level field of the document (`info`), without parsing the rest. */
  documentField(key: string): unknown;
  readonly endpoints: readonly EndpointFound[];
  readonly warnings: readonly Diagnostic[];
  /** Every file the derivations read (to watch). */
  readonly consulted: readonly string[];
}

/** A run's files read: the expanded ones in order, and each one's facts. */
interface Gathered {
  /** The endpoint files, then the user's modules they import that call DeriveSchema.gen<T>() too. */
  readonly order: readonly string[];
  readonly facts: Map<string, FileFacts | Diagnostic[]>;
}

/** How long a session waits, idle, before writing the last run's cache entries. */
const cacheWriteDelayMs = 1000;
/**
 * The described document's entry (megabytes of parts for a large project, ~0.3 s to write) waits
 * for a longer pause than the files' facts: written a second after each save, it often delayed
 * the next save's run, and it serves only the next process (the session keeps recent documents).
 */
const documentWriteDelayMs = 8000;
/** How many recent documents a session keeps in memory: an edit undone finds its document here. */
const recentDocuments = 4;

/**
 * Endpoint definition files → OpenAPI document: expands every `DeriveSchema.gen<T>()` (ts-morph,
 * one long-lived project), loads the modules on the loader thread, and describes their exported
 * endpoints with the runtime's `OpenAPIGen` — the runtime's builder is the one meaning of an
 * endpoint. What is read of each file is kept by its content hash, in memory (a `--watch` session)
 * and on disk (diskCache.ts): a run derives again only the files whose hash (or a hash of a file
 * their types come from) changed, loads again only the modules an edit reached, and a run whose
 * modules are all as before takes the document from the cache — no TypeScript, no loading thread.
 */
export class CodeFirstSession {
  readonly #options: CodeFirstOptions;
  #store: FactStore | undefined;
  readonly #loader = new EndpointLoader();
  #disk: DiskCache | undefined | null = null;
  #relocation: RelocationMemo | undefined;
  /** The document's bytes per part, kept across runs: a save encodes the parts it changed. */
  readonly #documentBytes = new DocumentBytes();
  /** The expanded texts' hashes, kept for the next run: the modules' versions and the copies' keys both use them. */
  readonly #hashes = new TextHashes(hashText);
  /** The cache entries of the last run, written when the session is idle or closes (see #deferWrite). */
  readonly #pending = {
    facts: { write: undefined as (() => void) | undefined, timer: undefined as NodeJS.Timeout | undefined },
    document: { write: undefined as (() => void) | undefined, timer: undefined as NodeJS.Timeout | undefined },
  };
  /** The latest descriptions and what each was asked with, the newest last. */
  readonly #recent: Array<{ readonly key: string; readonly result: DescribeResult }> = [];
  /** What the last run did (TypeScript used, files read and reused, whether the loading thread ran). */
  stats: RunStats & { described: boolean; imported: readonly string[] } = {
    typescript: false,
    read: [],
    reused: 0,
    described: false,
    imported: [],
  };

  constructor(options: CodeFirstOptions) {
    this.#options = options;
  }

  #cache(first: string): DiskCache | undefined {
    if (this.#disk !== null) return this.#disk;
    const dir =
      this.#options.cacheDir === undefined ? defaultCacheDir(dirname(first)) : this.#options.cacheDir || undefined;
    const warn = this.#options.warn ?? ((m: string) => process.stderr.write(`kitgen: warning: ${m}\n`));
    this.#disk = dir === undefined ? undefined : new DiskCache(dir, warn);
    return this.#disk;
  }

  /** The endpoint files and the deriving modules they import, BFS in import order, with their facts. */
  async #gather(store: FactStore, files: readonly string[], force: boolean): Promise<Gathered> {
    const facts = await store.read(files, { expansion: true, declarations: true }, force);
    const seen = new Set<string>(files);
    const helpers: string[] = [];
    const queue = [...files];
    while (queue.length > 0) {
      const f = facts.get(queue.shift()!);
      if (f === undefined || Array.isArray(f)) continue;
      // Relative imports only (a package, the runtime included, is not the user's module), type-only ones too.
      for (const link of f.imports) {
        if (link.target === null || link.external || seen.has(link.target)) continue;
        seen.add(link.target);
        const base = (await store.read([link.target], { expansion: false, declarations: false }, force)).get(
          link.target,
        )!;
        if (Array.isArray(base)) continue;
        queue.push(link.target);
        if (!base.mentionsDerive) {
          facts.set(link.target, base);
          continue;
        }
        helpers.push(link.target);
        facts.set(
          link.target,
          (await store.read([link.target], { expansion: true, declarations: false }, force)).get(link.target)!,
        );
      }
    }
    return { order: [...files, ...helpers], facts };
  }

  /**
   * Reads the files now (after a change, only what changed is derived again). `whileLoading` is
   * handed the expanded files once the loading thread has them, so work that needs only those (the
   * copies) runs on this thread while that one loads and describes.
   */
  async describe(whileLoading?: (files: ExpandedFiles) => void): Promise<CodeFirstResult> {
    const lap = lapTimer();
    const files = await resolveEndpointFiles(this.#options.input, this.#options.cwd);
    const store = (this.#store ??= new FactStore(
      {
        cwd: dirname(files[0]),
        ...(this.#options.tsconfig !== undefined ? { tsconfig: this.#options.tsconfig } : {}),
        ...(this.#options.closedObjects === true ? { closedObjects: true } : {}),
      },
      this.#cache(files[0]),
    ));
    // A run that expands files will load them: the loading thread starts while TypeScript works.
    store.beforeExpanding = () => this.#loader.warm();
    const disk = store.beginRun();
    let gathered = await this.#gather(store, files, false);
    const read = (g: Gathered) =>
      g.order.map((f) => g.facts.get(f)).filter((f): f is FileFacts => f !== undefined && !Array.isArray(f));
    // Names two files' types alike from facts read apart: derive again in one project, which reports it where a fresh run does.
    if (componentClash(read(gathered))) gathered = await this.#gather(store, files, true);
    debugLog(
      () => `files ${files.length}, facts read ${store.stats.read.length}, reused ${store.stats.reused} ${lap()}`,
    );
    const errors: Diagnostic[] = [];
    const warnings: Diagnostic[] = [];
    const expanded = new Map<string, string>();
    const insertions = new Map<string, readonly Insertion[]>();
    const sources: Record<string, string> = {};
    const docs: Record<string, Record<string, ExportDocs>> = {};
    const places = new Map<string, SourcePlace>();
    const consulted = new Set<string>();
    for (const file of gathered.order) {
      const isInput = files.includes(file);
      const facts = gathered.facts.get(file)!;
      if (Array.isArray(facts)) {
        errors.push(...facts);
        continue;
      }
      const result = facts.expansion!;
      if (!isInput && result.calls === 0) continue;
      // A bad type used by several calls is reported once, at its declaration.
      for (const d of result.diagnostics) {
        const list = d.severity === 'error' ? errors : warnings;
        if (!list.some((o) => o.file === d.file && o.line === d.line && o.column === d.column)) list.push(d);
      }
      for (const c of Object.keys(result.consulted)) consulted.add(c);
      expanded.set(file, result.code);
      insertions.set(file, result.insertions);
      sources[pathToFileURL(file).href] = result.code;
      if (!isInput) continue;
      const declarations = facts.declarations!;
      docs[file] = declarations.docs;
      for (const [name, place] of Object.entries(declarations.places)) places.set(`${file}#${name}`, place);
      for (const u of declarations.unexported) {
        warnings.push(
          placedDiagnostic(
            u.place,
            file,
            'warning',
            `endpoint "${u.name}" is not exported, so it is not described (kitgen reads the exported endpoints)`,
            `export it: export const ${u.name} = …`,
            disk.text(file),
          ),
        );
      }
    }
    if (errors.length > 0) throw new CompileError([...errors, ...warnings]);
    const pkg = await packageInfo(files[0]);
    const { versions, complete } = await this.#versions(store, gathered, files, expanded);
    const once = this.#options.once === true;
    if (once) store.release();
    const request = {
      files,
      sources,
      versions,
      title: this.#options.title ?? pkg.name ?? 'API',
      version: this.#options.version ?? pkg.version ?? '0.0.0',
      docs,
      ...(once ? { once } : {}),
    };
    // The same modules (every one versioned, no version changed) with the same docs describe the
    // same document: an edit that changed no expansion (a comment, a type no call reads) skips the loading thread.
    const key = complete ? JSON.stringify([files, versions, request.title, request.version, docs]) : undefined;
    debugLog(() => `versions ${lap()}`);
    let result = key !== undefined ? this.#recent.find((r) => r.key === key)?.result : undefined;
    // One entry per set of endpoint files, written over by the next document: the cache stays the size of the project.
    const slot = JSON.stringify([files, this.#options.closedObjects === true]);
    result ??= key !== undefined ? this.#disk?.read<DescribeResult>('describe', slot, hashText(key)) : undefined;
    this.stats = { ...store.stats, described: result === undefined, imported: [] };
    const relocation = (this.#relocation ??= relocationMemo(this.#disk ?? undefined, this.#hashes));
    if (result === undefined) {
      const described = this.#loader.describe(request);
      // The TypeScript program let go above is garbage: collected while the thread loads the modules, so
      // the pages return to the system before the thread's heap grows (its heap is its own, not this one).
      if (once) {
        collectGarbage();
        debugLog(() => `garbage collected ${lap()}`);
      }
      whileLoading?.({ files, expanded, insertions, relocation });
      result = await described;
      this.stats = { ...this.stats, imported: this.#loader.lastImported };
    } else whileLoading?.({ files, expanded, insertions, relocation });
    debugLog(() => `describe ${this.stats.described ? 'loaded the modules' : 'from the cache'} ${lap()}`);
    if (key !== undefined && result.kind === 'described') {
      const known = this.#recent.findIndex((r) => r.key === key);
      if (known !== -1) this.#recent.splice(known, 1);
      this.#recent.push({ key, result });
      if (this.#recent.length > recentDocuments) this.#recent.shift();
    }
    if (result.kind === 'load-failed')
      throw new CompileError([loadFailureDiagnostic(result.failure, files), ...warnings]);
    if (result.kind === 'describe-failed')
      throw new CompileError([describeFailureDiagnostic(result.failure, result.endpoints, places), ...warnings]);
    if (result.endpoints.length === 0) {
      throw new CompileError([
        {
          severity: 'error',
          file: this.#options.input,
          message: 'no exported Endpoint found',
          fix: 'export the endpoints: export const getPet = Endpoint(RoutePattern.GET(…))…',
        },
        ...warnings,
      ]);
    }
    const describedNow = this.stats.described;
    this.#deferWrite('facts', () => store.flush(), cacheWriteDelayMs);
    if (key !== undefined && describedNow)
      this.#deferWrite(
        'document',
        () => this.#disk?.write('describe', slot, hashText(key), result),
        documentWriteDelayMs,
      );
    const parts = result.parts;
    const documentBytes = this.#documentBytes;
    let document: Record<string, unknown> | undefined;
    let json: string | undefined;
    return {
      get document() {
        return (document ??= partsDocument(parts));
      },
      // Concatenated, not joined: emitOpenAPI puts it in the output, and openapi.json is written from documentText.
      get documentJson() {
        return (json ??= documentBytes.concat(parts));
      },
      documentText: (suffix) => ({
        chunks: documentBytes.chunks(parts, suffix),
        text: () => joinParts(parts) + suffix,
      }),
      documentField: (key) => topLevelField(parts, key),
      files,
      expanded,
      insertions,
      endpoints: result.endpoints,
      warnings,
      consulted: [...consulted],
      relocation,
    };
  }

  /** Each module's version (moduleVersions.ts), the facts of the modules the endpoint files load at run time read first. */
  async #versions(
    store: FactStore,
    gathered: Gathered,
    files: readonly string[],
    expanded: ReadonlyMap<string, string>,
  ) {
    const facts = new Map<string, FileFacts>();
    for (const [path, f] of gathered.facts) if (!Array.isArray(f)) facts.set(path, f);
    const queue = [...files];
    while (queue.length > 0) {
      const f = facts.get(queue.pop()!)!;
      for (const link of f.imports) {
        if (link.typeOnly || link.target === null || link.external || facts.has(link.target)) continue;
        const read = (await store.read([link.target], { expansion: false, declarations: false })).get(link.target)!;
        // A module that does not parse loads as badly at run time: the loading thread says where.
        if (Array.isArray(read)) continue;
        facts.set(link.target, read);
        queue.push(link.target);
      }
    }
    return moduleVersions((p) => facts.get(p)!, files, expanded, this.#hashes);
  }

  /**
   * Writes the cache entries of the last run once the session has been idle a while (or closes):
   * in a watch, hashing and writing the whole document after every save would be a good part of
   * the save's time, and only the last state matters to the next cold run.
   */
  #deferWrite(kind: 'facts' | 'document', write: () => void, delayMs: number): void {
    const pending = this.#pending[kind];
    clearTimeout(pending.timer);
    pending.write = write;
    pending.timer = setTimeout(() => this.#flushWrites(kind), delayMs);
    pending.timer.unref();
  }

  #flushWrites(kind: 'facts' | 'document'): void {
    const pending = this.#pending[kind];
    clearTimeout(pending.timer);
    const write = pending.write;
    pending.write = undefined;
    write?.();
  }

  /** Writes what the cache is owed, then stops the loader thread. */
  async close(): Promise<void> {
    this.#flushWrites('facts');
    this.#flushWrites('document');
    await this.#loader.close();
  }
}
