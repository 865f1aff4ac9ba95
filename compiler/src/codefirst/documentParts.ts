// The OpenAPI document of endpoint definition files as parts: one per path item, one per
// component, one per other top-level field, each already written as `JSON.stringify(document,
// null, 2)` writes it at its depth. The loading thread writes the parts that changed since its last
// answer; the compiler keeps the others and joins them into `openapi.json`. So an edit neither
// sends the whole document across threads, nor parses it, nor pretty-prints it again.

/** Where a part sits: its keys from the document's root (`['paths', '/pets']`, `['info']`). */
export type PartPath = readonly string[];

/** One part: where it sits, and its value as `JSON.stringify(value, null, 2)`, indented for its depth. */
export type DocumentPart = readonly [path: PartPath, text: string];

/** A part in an answer of the loading thread: its text, or null for the text of the last answer. */
export type PartChange = readonly [path: PartPath, text: string | null];

/** The objects written field by field: the root, `paths`, `components` and each of its sections. */
function isSplit(path: PartPath): boolean {
  return (
    path.length === 0 ||
    (path.length === 1 && (path[0] === 'paths' || path[0] === 'components')) ||
    (path.length === 2 && path[0] === 'components')
  );
}

/** What JSON text leaves out of an object (a field whose value is one of these is not written). */
const omitted = (v: unknown) => v === undefined || typeof v === 'function' || typeof v === 'symbol';

/** A plain object with at least one field JSON text writes: `{}` and arrays are written whole. */
function hasFields(v: unknown): v is Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v) || 'toJSON' in v) return false;
  for (const key in v) if (Object.hasOwn(v, key) && !omitted((v as Record<string, unknown>)[key])) return true;
  return false;
}

/** The part's text at its depth: nested lines indented as the whole document's pretty text has them. */
function textAt(value: unknown, depth: number): string {
  const text = JSON.stringify(value, null, 2);
  return depth === 0 ? text : text.replaceAll('\n', `\n${'  '.repeat(depth)}`);
}

/** The key a part is kept by (path items and component names hold no NUL). */
export const partKey = (path: PartPath): string => path.join('\0');

/** Marks in a fingerprint where an object or array opens and closes, and a value JSON text writes by its own rules. */
const objectOpens = Symbol('{');
const arrayOpens = Symbol('[');
const closes = Symbol('}');
const written = Symbol('toJSON');

/** A part as last written: its fingerprint (see PartWriter) and its text. */
interface LastPart {
  readonly fingerprint: readonly unknown[];
  readonly text: string;
}

/**
 * The loading thread's side: writes each part of a document, and tells, of each, whether its
 * text changed since the last document (only the changed ones' texts cross the thread). A part is
 * compared by its fingerprint first: its plain values in JSON text's order, with each value that
 * is frozen through and through (the runtime's settled schemas, shared by one describing and the
 * next) standing for itself. Equal fingerprints write equal texts, so most parts are neither
 * written nor compared as text; a part whose fingerprint differs is written, and sent when its
 * text differs.
 */
export class PartWriter {
  #last = new Map<string, LastPart>();
  readonly #deepFrozen = new WeakSet<object>();
  /** Frozen values a fingerprint took as they are in the last call (for the debug log). */
  reused = 0;
  /** Parts whose text the last call wrote (the others had the fingerprint of their last text). */
  textsWritten = 0;

  #isDeepFrozen(v: object): boolean {
    if (this.#deepFrozen.has(v)) return true;
    if (!Object.isFrozen(v)) return false;
    for (const child of Object.values(v))
      if (typeof child === 'object' && child !== null && !this.#isDeepFrozen(child)) return false;
    this.#deepFrozen.add(v);
    return true;
  }

  /**
   * Appends a value's fingerprint to `out`: a prefix-free reading of the value, so two values with
   * equal fingerprints (compared item by item with ===) have equal JSON texts. A frozen value cannot
   * change, so the same object is the same text.
   */
  #fingerprint(value: unknown, out: unknown[]): void {
    if (typeof value !== 'object' || value === null) {
      out.push(value);
      return;
    }
    if (this.#isDeepFrozen(value)) {
      this.reused += 1;
      out.push(value);
      return;
    }
    if (Array.isArray(value)) {
      out.push(arrayOpens);
      for (const item of value) {
        if (omitted(item)) out.push(null);
        else this.#fingerprint(item, out);
      }
      out.push(closes);
      return;
    }
    const proto = Object.getPrototypeOf(value) as unknown;
    if ((proto !== Object.prototype && proto !== null) || 'toJSON' in value) {
      out.push(written, JSON.stringify(value));
      return;
    }
    out.push(objectOpens);
    for (const key of Object.keys(value)) {
      const v = (value as Record<string, unknown>)[key];
      if (omitted(v)) continue;
      out.push(key);
      this.#fingerprint(v, out);
    }
    out.push(closes);
  }

  #fingerprintOf(value: unknown): unknown[] {
    const out: unknown[] = [];
    this.#fingerprint(value, out);
    return out;
  }

  /**
   * The document's parts in document order, with the text of those that changed since the last
   * call; with `keep` false, every part's text, and nothing kept to compare the next call with.
   */
  changes(document: object, keep = true): PartChange[] {
    const next = new Map<string, LastPart>();
    const changes: PartChange[] = [];
    this.reused = 0;
    this.textsWritten = 0;
    const visit = (value: unknown, path: string[]) => {
      if (isSplit(path) && hasFields(value)) {
        for (const key of Object.keys(value)) if (!omitted(value[key])) visit(value[key], [...path, key]);
        return;
      }
      if (!keep) {
        this.textsWritten += 1;
        changes.push([path, textAt(value, path.length)]);
        return;
      }
      const key = partKey(path);
      const last = this.#last.get(key);
      const fingerprint = this.#fingerprintOf(value);
      if (last !== undefined && sameItems(last.fingerprint, fingerprint)) {
        next.set(key, last);
        changes.push([path, null]);
        return;
      }
      this.textsWritten += 1;
      const text = textAt(value, path.length);
      next.set(key, { fingerprint, text: last?.text === text ? last.text : text });
      changes.push([path, last?.text === text ? null : text]);
    };
    visit(document, []);
    this.#last = next;
    return changes;
  }
}

/** Whether two fingerprints hold the same items in the same order. */
function sameItems(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * An answer's changes as they cross the thread: the texts that changed, by index, and every
 * part's place only when the places are not the last answer's (a first answer, a path or a
 * component added or gone). A save sends two texts, not eight thousand places to clone twice.
 */
export interface PackedChanges {
  /** Every part's place in order; absent when they are the last answer's. */
  readonly paths?: readonly PartPath[];
  /** The parts whose text changed: their index and text. */
  readonly texts: ReadonlyArray<readonly [index: number, text: string]>;
}

/** The loading thread's side of {@link PackedChanges}: remembers the places of its last answer. */
export class ChangePacker {
  #paths: readonly PartPath[] | undefined;

  /** The changes of one answer, packed against the last answer packed. */
  pack(changes: readonly PartChange[]): PackedChanges {
    const paths = changes.map(([path]) => path);
    const last = this.#paths;
    const moved = last === undefined || last.length !== paths.length || paths.some((p, i) => !samePath(p, last[i]));
    this.#paths = paths;
    const texts: Array<readonly [number, string]> = [];
    changes.forEach(([, text], i) => {
      if (text !== null) texts.push([i, text]);
    });
    return moved ? { paths, texts } : { texts };
  }
}

function samePath(a: PartPath, b: PartPath): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The compiler's side: the texts of the last answer, completed with the next answer's changes. */
export class PartReader {
  #texts = new Map<string, string>();
  /** The last answer's parts and their keys, which an answer whose places did not move starts from. */
  #parts: readonly DocumentPart[] | undefined;
  #keys: readonly string[] = [];

  /** Every part of the answer, with the texts the unchanged ones had in the last one. */
  apply(changes: readonly PartChange[]): DocumentPart[] {
    const next = new Map<string, string>();
    const keys: string[] = [];
    const parts = changes.map(([path, text]): DocumentPart => {
      const key = partKey(path);
      const full = text ?? this.#texts.get(key);
      // The thread answers every request in order, so a part it calls unchanged was in the last answer.
      if (full === undefined) throw new Error(`kitgen bug: the part ${JSON.stringify(path)} was not sent before`);
      next.set(key, full);
      keys.push(key);
      return [path, full];
    });
    this.#texts = next;
    this.#parts = parts;
    this.#keys = keys;
    return parts;
  }

  /** {@link apply} for an answer packed by {@link ChangePacker}. */
  applyPacked(packed: PackedChanges): DocumentPart[] {
    if (packed.paths !== undefined) {
      const texts = new Map(packed.texts);
      return this.apply(packed.paths.map((path, i): PartChange => [path, texts.get(i) ?? null]));
    }
    const last = this.#parts;
    if (last === undefined) throw new Error('kitgen bug: an answer without places came first');
    // The same places: the last parts (their place arrays too) with the changed texts put in.
    const parts = last.slice();
    for (const [i, text] of packed.texts) {
      if (i >= parts.length) throw new Error(`kitgen bug: the part ${i} of ${parts.length} changed`);
      parts[i] = [parts[i][0], text];
      this.#texts.set(this.#keys[i], text);
    }
    this.#parts = parts;
    return parts;
  }
}

/** The document the parts are of, as an object (each part's text parsed). */
export function partsDocument(parts: readonly DocumentPart[]): Record<string, unknown> {
  if (parts.length === 1 && parts[0][0].length === 0) return JSON.parse(parts[0][1]) as Record<string, unknown>;
  const document: Record<string, unknown> = {};
  for (const [path, text] of parts) {
    let at = document;
    for (const key of path.slice(0, -1)) at = (at[key] ??= {}) as Record<string, unknown>;
    at[path[path.length - 1]] = JSON.parse(text);
  }
  return document;
}

/** The value of one top-level field, parsing only its part (undefined when the document has none, or it is split). */
export function topLevelField(parts: readonly DocumentPart[], key: string): unknown {
  const part = parts.find(([path]) => path.length === 1 && path[0] === key);
  return part === undefined ? undefined : JSON.parse(part[1]);
}
