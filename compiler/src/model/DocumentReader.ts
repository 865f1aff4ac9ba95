import { pointerParts, type Diagnostics } from '../diagnostics/index.ts';

/** A plain JSON object of the document. */
export type Json = Record<string, unknown>;

/** True for a non-null, non-array object. */
export function isObject(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A value of the document together with the pointer it was found at. */
export interface Located<T = unknown> {
  readonly value: T;
  readonly pointer: string;
}

/**
 * Reads values of one (bundled) document by JSON pointer and follows internal `$ref`s, with
 * problems reported to the diagnostics rather than thrown.
 */
export class DocumentReader {
  readonly #memo = new Map<string, unknown>();

  constructor(
    readonly document: Json,
    readonly diagnostics: Diagnostics,
  ) {}

  /**
   * Reads something defined once and referred to many times (a component response, parameter
   * or request body) only once: `read` runs for the first use of `pointer` under `kind`.
   */
  once<T>(kind: string, pointer: string, read: () => T): T {
    const key = `${kind} ${pointer}`;
    if (this.#memo.has(key)) return this.#memo.get(key) as T;
    const value = read();
    this.#memo.set(key, value);
    return value;
  }

  /** The value at a pointer (`#/components/schemas/Pet` or `/components/...`), or undefined. */
  get(pointer: string): unknown {
    let node: unknown = this.document;
    for (const part of pointerParts(pointer.replace(/^#/, ''))) {
      if (Array.isArray(node)) node = node[Number(part)];
      else if (isObject(node) && Object.prototype.hasOwnProperty.call(node, part)) node = node[part];
      else return undefined;
    }
    return node;
  }

  /** The value a chain of `$ref`s ends at, without reporting anything (undefined when it ends nowhere). */
  peek(value: unknown): unknown {
    let current = value;
    for (let hops = 0; isObject(current) && typeof current.$ref === 'string'; hops++) {
      const target = this.refPointer(current.$ref);
      if (target === undefined || hops > 64) return undefined;
      current = this.get(target);
    }
    return current;
  }

  /** The pointer a `$ref` names (URI-decoded), or undefined for a reference into another file. */
  refPointer(ref: string): string | undefined {
    if (!ref.startsWith('#')) return undefined;
    try {
      return decodeURIComponent(ref.slice(1));
    } catch {
      return ref.slice(1);
    }
  }

  /**
   * Follows `$ref`s until a value that is not a reference; reports a missing target or a loop
   * at `pointer` and returns undefined then. A target missing from this document is a warning:
   * real documents often refer to a component that was renamed or never written, and the rest
   * of the document is still sound, so the caller leaves out what the reference names. A
   * reference into another file (not bundled) or a loop is an error.
   */
  deref(value: unknown, pointer: string): Located | undefined {
    let current: Located = { value, pointer };
    const seen = new Set<string>();
    while (isObject(current.value) && typeof current.value.$ref === 'string') {
      const ref = current.value.$ref;
      const target = this.refPointer(ref);
      if (target === undefined) {
        this.diagnostics.error(current.pointer + '/$ref', `cannot resolve $ref "${ref}": references into other files must be bundled`);
        return undefined;
      }
      if (seen.has(target)) {
        this.diagnostics.error(current.pointer + '/$ref', `$ref "${ref}" refers to itself`);
        return undefined;
      }
      seen.add(target);
      const next = this.get(target);
      if (next === undefined) {
        this.diagnostics.warn(current.pointer + '/$ref', `cannot resolve $ref "${ref}": nothing at ${target || '/'}; it is left out`);
        return undefined;
      }
      current = { value: next, pointer: target };
    }
    return current;
  }
}
