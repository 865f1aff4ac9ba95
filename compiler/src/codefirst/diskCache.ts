// The code-first cache on disk: what a run learnt of each file (its expansion, declarations and
// imports) and the document the last runs described, so a later process that finds the same
// inputs skips TypeScript (and the loading thread) for them. Entries are JSON files named by a hash
// of what they are keyed by, written whole (a temporary file renamed), each carrying a hash of its
// own body: a torn or edited entry is ignored with a warning, never trusted.
import { createHash } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Bumped whenever what an entry holds changes shape: older entries are then never read. */
const formatVersion = 4;

/** sha1 of a text, base64url (the same hash the derivation keeps of a file's text). */
export function hashText(text: string): string {
  return createHash('sha1').update(text).digest('base64url');
}

function packageVersion(url: URL): string {
  try {
    const p = JSON.parse(readFileSync(fileURLToPath(url), 'utf8')) as { version?: unknown };
    return typeof p.version === 'string' ? p.version : '?';
  } catch {
    return '?';
  }
}

/**
 * The compiler's and the runtime's sources, by path, size and modification time, when kitgen
 * runs from them (its own repository, its tests): an edit to kitgen under the same version then
 * changes every key, so a test never reads what older code derived. Empty for a built kitgen.
 * Taken once per process: the code a process runs is the code it loaded, whatever is edited on
 * disk meanwhile (in a shared checkout, another edit between two runs of one test would
 * otherwise make the second miss).
 */
function sourceStamp(): string {
  return (stamp ??= readSourceStamp());
}

let stamp: string | undefined;

function readSourceStamp(): string {
  if (!import.meta.url.endsWith('.ts')) return '';
  const roots = [new URL('../', import.meta.url), new URL('../../../runtime/src/', import.meta.url)].map((u) =>
    fileURLToPath(u),
  );
  const hash = createHash('sha1');
  const walk = (dir: string): void => {
    let names: string[];
    try {
      names = readdirSync(dir).sort();
    } catch {
      return;
    }
    for (const name of names) {
      const path = join(dir, name);
      const s = statSync(path);
      if (s.isDirectory()) walk(path);
      else hash.update(`${path}\0${s.size}\0${s.mtimeMs}\0`);
    }
  };
  for (const root of roots) walk(root);
  return `; sources ${hash.digest('base64url')}`;
}

/**
 * What every key includes: the cache's format, kitgen's version and the runtime's (the runtime
 * describes the endpoints), and when kitgen runs from its sources, their {@link sourceStamp}.
 */
function toolVersions(): string {
  let runtime = '?';
  try {
    runtime = packageVersion(new URL('../package.json', import.meta.resolve('@kitgen/runtime')));
  } catch {
    // No runtime resolvable from kitgen: the loading thread will say so.
  }
  return `kitgen-cache ${formatVersion}; kitgen ${packageVersion(new URL('../../../package.json', import.meta.url))}; runtime ${runtime}${sourceStamp()}`;
}

/**
 * Where the cache lives for a project whose files start at `from`: `node_modules/.cache/kitgen/`
 * of the nearest folder upward that has a `node_modules` (where npm, Babel, ESLint and Vite keep
 * theirs; deleted with the dependencies), else the system's temporary folder. `KITGEN_CACHE_DIR`
 * names another folder; `KITGEN_CACHE=off` turns the cache off (undefined).
 */
export function defaultCacheDir(from: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (/^(?:off|0|false|no)$/i.test(env.KITGEN_CACHE ?? '')) return undefined;
  if (env.KITGEN_CACHE_DIR) return env.KITGEN_CACHE_DIR;
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'node_modules'))) return join(dir, 'node_modules', '.cache', 'kitgen');
    if (dirname(dir) === dir) return join(tmpdir(), 'kitgen-cache');
  }
}

/** A folder of JSON entries; each read checks the entry's own hash. */
export class DiskCache {
  readonly dir: string;
  readonly #versions = toolVersions();
  readonly #warn: (message: string) => void;
  /** Warned about once each: a corrupt entry is reported, then written over. */
  readonly #warned = new Set<string>();

  /**
   * `dir` is the cache's root (see {@link defaultCacheDir}); `warn` hears of entries that cannot be
   * read; `area` is the folder under it that this cache's entries live in.
   */
  constructor(dir: string, warn: (message: string) => void, area = 'codefirst') {
    this.dir = join(dir, area);
    this.#warn = warn;
  }

  #path(kind: string, slot: string): string {
    const name = hashText(`${this.#versions}\0${kind}\0${slot}`);
    return join(this.dir, kind, `${name}.json`);
  }

  /**
   * The entry stored in `kind`/`slot` when it was stored for `key`, or undefined (absent, for
   * another key, from another version, or corrupt: then with a warning). One slot holds one
   * entry (a file's, a project's), written over by the next: the cache does not grow with edits.
   */
  read<T>(kind: string, slot: string, key: string = slot): T | undefined {
    const path = this.#path(kind, slot);
    // A slot's entry is usually for another key after an edit (the document's is megabytes):
    // its head names the key, so such an entry is passed over without reading, hashing and parsing it.
    if (storedForAnotherKey(path, key)) return undefined;
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch {
      return undefined;
    }
    const newline = text.indexOf('\n');
    const body = text.slice(newline + 1);
    let value: { key?: unknown; value?: T } | undefined;
    try {
      if (newline === -1 || text.slice(0, newline) !== hashText(body))
        throw new Error('its hash does not match its content');
      value = JSON.parse(body) as { key?: unknown; value?: T };
      // Another state of the slot's inputs (or two slots of one name) is not this one.
      if (value.key !== key) return undefined;
    } catch (error) {
      if (!this.#warned.has(path)) {
        this.#warned.add(path);
        this.#warn(
          `the cache entry ${path} is damaged (${(error as Error).message}); it is ignored and will be written again`,
        );
      }
      return undefined;
    }
    return value.value;
  }

  /** Stores an entry in a slot for `key`; a cache that cannot be written (read-only folder, full disk) is skipped silently: the run does not need it. */
  write(kind: string, slot: string, key: string, value: unknown): void {
    const path = this.#path(kind, slot);
    const body = JSON.stringify({ key, value });
    try {
      mkdirSync(dirname(path), { recursive: true });
      // Written beside, then renamed: a reader in another process never sees half an entry.
      const temp = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
      writeFileSync(temp, `${hashText(body)}\n${body}`);
      renameSync(temp, path);
    } catch {
      // Nothing to do: the next run derives again.
    }
  }
}

/** How much of an entry is read to learn its key (a key is a hash or a file's path and options). */
const headBytes = 4096;

/**
 * True when the entry at `path` is well-formed at its head (`<hash>\n{"key":"…",`) and stored for
 * a key other than `key`. Anything else (absent, another shape, a key longer than the head) is
 * left to the full read, which reports a damaged entry.
 */
function storedForAnotherKey(path: string, key: string): boolean {
  let head: string;
  try {
    const fd = openSync(path, 'r');
    try {
      const buffer = Buffer.alloc(headBytes);
      head = buffer.toString('utf8', 0, readSync(fd, buffer, 0, headBytes, 0));
    } finally {
      closeSync(fd);
    }
  } catch {
    return false;
  }
  const newline = head.indexOf('\n');
  if (newline === -1) return false;
  const stored = /^\{"key":("(?:[^"\\]|\\.)*"),/.exec(head.slice(newline + 1));
  return stored !== null && stored[1] !== JSON.stringify(key);
}
