import type { OperationObject, SchemaObject } from './model.ts';
import { forEachChildSchema, forEachOperationSlot } from './schemaSlots.ts';

/** Worth a component when repeated: an object with fields, or a union of several schemas. */
export function shareable(s: SchemaObject): boolean {
  if (s.$ref !== undefined) return false;
  if (s.properties && Object.keys(s.properties).length > 0) return true;
  const union = s.oneOf ?? s.anyOf;
  return (
    Array.isArray(union) && union.length > 1 && union.some((m) => m.$ref !== undefined || m.properties !== undefined)
  );
}

/**
 * Marks, in `settled`, each schema of the tree under `root` that has no shareable schema below
 * it: sharing never rewrites such a schema (it only replaces shareable ones, in their holders),
 * so a walk may skip its inside and a recorded copy may be handed out again as it is. With
 * `freeze`, each one is frozen through and through (a record handed out must stay as recorded).
 * True when the tree holds a shareable schema (the root included).
 */
export function markSettled(root: SchemaObject, settled: WeakSet<object>, freeze: boolean): boolean {
  if (settled.has(root)) return shareable(root);
  let below = false;
  forEachChildSchema(root, (holder, key) => {
    if (markSettled(holder[key] as SchemaObject, settled, freeze)) below = true;
  });
  if (!below) {
    settled.add(root);
    if (freeze) deepFreeze(root);
  }
  return below || shareable(root);
}

/**
 * Marks (and freezes) the parts of a recorded operation object that nothing after its replay
 * writes: all but the operation itself (`security` may be set on it) and the holders of schemas
 * sharing may replace or that are copied (not settled, or shareable), with the objects above
 * them. Its schemas must have been marked by {@link markSettled} first.
 */
export function markSettledOperation(op: OperationObject, settled: WeakSet<object>): void {
  const slots = new Set<object>();
  const holders = new Set<object>();
  forEachOperationSlot(op, (holder, key) => {
    const schema = holder[key] as SchemaObject;
    slots.add(schema);
    if (!settled.has(schema) || shareable(schema)) holders.add(holder);
  });
  // Bottom up, each object once: an object met on two paths is live if anything under it is.
  const live = new Map<object, boolean>();
  const isLive = (o: object): boolean => {
    const known = live.get(o);
    if (known !== undefined) return known;
    live.set(o, true);
    let found = holders.has(o);
    for (const v of Object.values(o))
      if (typeof v === 'object' && v !== null && !slots.has(v) && isLive(v)) found = true;
    live.set(o, found);
    return found;
  };
  isLive(op);
  for (const [o, found] of live)
    if (!found && o !== op) {
      settled.add(o);
      deepFreeze(o);
    }
}

/** Freezes plain objects and arrays all the way down (other objects, e.g. typed arrays, are left as they are). */
function deepFreeze(value: unknown): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
  const proto = Object.getPrototypeOf(value) as unknown;
  if (!Array.isArray(value) && proto !== Object.prototype && proto !== null) return;
  Object.freeze(value);
  for (const v of Object.values(value)) deepFreeze(v);
}
