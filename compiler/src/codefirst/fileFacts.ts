// What a code-first run needs to know of each of the user's files, in a form that outlives the
// TypeScript program it was read with: kept in memory by a session, on disk by DiskCache. A fact
// is reused while the files it was read from hash the same; otherwise projectFacts.ts reads it
// again with TypeScript.
import { readFileSync, statSync } from 'node:fs';
import type { Diagnostic } from '../diagnostics/index.ts';
import type { DerivedComponent } from '../derive/deriveSchema.ts';
import { FileStamps } from '../derive/fileStamps.ts';
import type { Insertion } from '../derive/insertions.ts';
import { hashText } from './diskCache.ts';
import type { FileDeclarations } from './exportDocs.ts';

/** One relative import or re-export of a file. */
export interface ImportLink {
  /** The source file it resolves to; null when TypeScript finds none (a `.json`, a `.js` without allowJs). */
  readonly target: string | null;
  /** `import type`/`export type`: erased, never loaded. */
  readonly typeOnly: boolean;
  /** The target is a declaration file or a package's: not one of the user's modules. */
  readonly external: boolean;
}

/** A file's `DeriveSchema.gen<T>()` calls expanded (the part of derive's Expansion a run uses). */
export interface ExpansionFacts {
  /** Every file the expansion read (the file first) with its hash then. */
  readonly consulted: Readonly<Record<string, string>>;
  readonly code: string;
  readonly calls: number;
  readonly diagnostics: readonly Diagnostic[];
  readonly components: readonly DerivedComponent[];
  /** Where `code` holds the derived schemas (see derive's insertions.ts): a bundler's source map is rebuilt from them. */
  readonly insertions: readonly Insertion[];
}

/** What is known of one file at one content hash. */
export interface FileFacts {
  readonly hash: string;
  readonly imports: readonly ImportLink[];
  /** The text names DeriveSchema (an imported module that may call it). */
  readonly mentionsDerive: boolean;
  /** The text may load a module no import declaration names (`import(x)`, `require(x)`). */
  readonly dynamicLoad: boolean;
  /** Read when the file is an endpoint file or a module of the user's that mentions DeriveSchema. */
  readonly expansion?: ExpansionFacts;
  /** Read for endpoint files (JSDoc, places, unexported endpoints); valid with the expansion. */
  readonly declarations?: FileDeclarations;
}

/** The hashes a session has read, by the files' stats then (see FileStamps): a later run reuses them. */
export class HashMemo {
  readonly stamps = new FileStamps();
  readonly hashes = new Map<string, string>();
}

/**
 * The hash of each file's text on disk now ('' for a file that cannot be read), each file read
 * once per run; with a memo, a file whose stat shows it as last read is not read again.
 */
export class DiskHashes {
  readonly #hashes = new Map<string, string>();
  readonly #texts = new Map<string, string | undefined>();

  constructor(readonly memo?: HashMemo) {}

  /** The text of `path` now (undefined when it cannot be read). */
  text(path: string): string | undefined {
    if (!this.#texts.has(path)) {
      let text: string | undefined;
      try {
        text = readFileSync(path, 'utf8');
      } catch {
        text = undefined;
      }
      this.#texts.set(path, text);
    }
    return this.#texts.get(path);
  }

  /** The hash of `path` now. */
  hash(path: string): string {
    let h = this.#hashes.get(path);
    if (h !== undefined) return h;
    const stat = this.memo === undefined ? undefined : statSync(path, { throwIfNoEntry: false });
    if (stat !== undefined && this.memo!.stamps.unchanged(path, stat)) h = this.memo!.hashes.get(path);
    if (h === undefined) {
      // The stat stands for the text only when the text is read after it.
      const readNow = !this.#texts.has(path);
      const text = this.text(path);
      h = text === undefined ? '' : hashText(text);
      if (stat !== undefined && text !== undefined && readNow) {
        this.memo!.stamps.record(path, stat);
        this.memo!.hashes.set(path, h);
      }
    }
    this.#hashes.set(path, h);
    return h;
  }
}

/** True when the file and what its imports resolve to are as the facts were read. */
export function baseFresh(facts: FileFacts, path: string, disk: DiskHashes): boolean {
  if (disk.hash(path) !== facts.hash) return false;
  // A new file can change what an unresolved specifier names: such facts are read again each time.
  return facts.imports.every((i) => i.target !== null && disk.hash(i.target) !== '');
}

/** True when the expansion (and declarations) still hold: every file it read hashes the same. */
export function expansionFresh(facts: FileFacts, disk: DiskHashes): boolean {
  if (facts.expansion === undefined) return false;
  return Object.entries(facts.expansion.consulted).every(([file, hash]) => disk.hash(file) === hash);
}

/** The components of the facts a clash check last saw: each name's declarations, counted. */
interface ClashIndex {
  facts: Set<FileFacts>;
  readonly names: Map<string, Map<string, number>>;
  /** How many names have more than one declaration. */
  clashes: number;
}

let lastIndex: ClashIndex | undefined;

function count(index: ClashIndex, facts: FileFacts, by: 1 | -1): void {
  for (const c of facts.expansion?.components ?? []) {
    let keys = index.names.get(c.name);
    if (keys === undefined) index.names.set(c.name, (keys = new Map()));
    const before = keys.size;
    const n = (keys.get(c.declarationKey) ?? 0) + by;
    if (n === 0) keys.delete(c.declarationKey);
    else keys.set(c.declarationKey, n);
    if (before < 2 && keys.size >= 2) index.clashes += 1;
    if (before >= 2 && keys.size < 2) index.clashes -= 1;
    if (keys.size === 0) index.names.delete(c.name);
  }
}

/**
 * Two files' expansions that name different declarations alike: the run must derive afresh to
 * report it where a fresh run does. A watch asks after each save with the same facts but the few
 * read again (~10,000 components at 1,000 endpoints): only the facts that came or went since the
 * last call are counted.
 */
export function componentClash(all: Iterable<FileFacts>): boolean {
  const now = new Set(all);
  const index = (lastIndex ??= { facts: new Set(), names: new Map(), clashes: 0 });
  for (const f of index.facts) if (!now.has(f)) count(index, f, -1);
  for (const f of now) if (!index.facts.has(f)) count(index, f, 1);
  index.facts = now;
  return index.clashes > 0;
}
