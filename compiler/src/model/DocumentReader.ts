import { followRefs, refPointer, valueAt, type Diagnostics } from '../diagnostics/index.ts';

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
    return valueAt(this.document, pointer);
  }

  /** The value a chain of `$ref`s ends at, without reporting anything (undefined when it ends nowhere). */
  peek(value: unknown): unknown {
    const end = followRefs(this.document, value, '');
    return 'stop' in end ? undefined : end.value;
  }

  /** The pointer a `$ref` names (URI-decoded), or undefined for a reference into another file. */
  refPointer(ref: string): string | undefined {
    return refPointer(ref);
  }

  /**
   * Follows `$ref`s until a value that is not a reference; reports a missing target or a loop
   * at `pointer` and returns undefined then. A target missing from this document is a warning:
   * real documents often refer to a component that was renamed or never written, and the rest
   * of the document is still sound, so the caller leaves out what the reference names. A
   * reference into another file (not bundled) or a loop is an error.
   */
  deref(value: unknown, pointer: string): Located | undefined {
    const end = followRefs(this.document, value, pointer, Number.POSITIVE_INFINITY);
    if (!('stop' in end)) return end;
    const at = end.at + '/$ref';
    if (end.stop === 'external')
      this.diagnostics.error(at, `cannot resolve $ref "${end.ref}": references into other files must be bundled`);
    else if (end.stop === 'loop') this.diagnostics.error(at, `$ref "${end.ref}" refers to itself`);
    else this.diagnostics.warn(at, `cannot resolve $ref "${end.ref}": nothing at ${end.target || '/'}; it is left out`);
    return undefined;
  }
}
