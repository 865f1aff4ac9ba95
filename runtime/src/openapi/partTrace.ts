import type { OperationObject, SchemaObject } from './model.ts';
import type { Src } from './schemaShapes.ts';

/**
 * What converting one endpoint asked of the document-wide state, in order, with what it got: a
 * replay that gets the same answers rebuilds the endpoint's part of the document exactly.
 * A `component` or `case` event with a `body` claimed the name (and wrote that body); without one
 * it found the name already claimed.
 */
export type PartEvent =
  | { readonly kind: 'component'; readonly id: string; readonly name: string; body?: SchemaObject }
  | {
      readonly kind: 'case';
      readonly key: string;
      readonly name: string;
      readonly caseName?: string;
      readonly unionHint?: string;
      body?: SchemaObject;
    }
  | { readonly kind: 'byId'; readonly key: string; readonly found: Src | undefined }
  | { readonly kind: 'error'; readonly name: string }
  | { readonly kind: 'security'; readonly scheme: 'basic' | 'bearer' };

/** One endpoint's recorded part: its operation object and events, copies no later step rewrites. */
export interface OperationPart {
  readonly operationId: string;
  readonly op: OperationObject;
  readonly events: readonly PartEvent[];
  /** The names proposed for the copies' inline schemas (see shareSchemas). */
  readonly hints: WeakMap<object, string>;
}

/**
 * Copies a tree of plain objects and arrays, carrying each object's hint from `from` to `to`.
 * `memo` keeps an object met twice one object in the copy, as sharing rewrites it in place.
 * An object in `kept` (frozen, nothing sharing could rewrite) is handed out as it is.
 */
export function copyTree<T>(
  value: T,
  memo: Map<object, object>,
  from: WeakMap<object, string>,
  to: WeakMap<object, string>,
  kept?: WeakSet<object>,
): T {
  if (typeof value !== 'object' || value === null) return value;
  if (kept?.has(value)) {
    const hint = from.get(value);
    if (hint !== undefined) to.set(value, hint);
    return value;
  }
  const known = memo.get(value);
  if (known !== undefined) return known as T;
  let out: Record<string, unknown> | unknown[];
  if (Array.isArray(value)) {
    out = new Array<unknown>(value.length);
    memo.set(value, out);
    for (let i = 0; i < value.length; i++) out[i] = copyTree(value[i], memo, from, to, kept);
  } else {
    if (Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null) return value;
    out = {};
    memo.set(value, out);
    for (const k of Object.keys(value)) {
      const v = copyTree((value as Record<string, unknown>)[k], memo, from, to, kept);
      // An own `__proto__` key (an example's field) stays a key, not the copy's prototype.
      if (k === '__proto__')
        Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
      else out[k] = v;
    }
  }
  const hint = from.get(value);
  if (hint !== undefined) to.set(out, hint);
  return out as T;
}
