import * as Engine from 'typebox/schema';
import type { XSchema, XStack } from 'typebox/schema';
import { resolveRef, type Resolved } from './resolveRef.ts';

// The TypeBox stacks of one failure walk, shared. Entering a schema with an `$id` makes TypeBox
// build a new stack: URLs parsed, and the schema's whole subtree searched for dynamic anchors.
// A walk along a value of a recursive schema enters the same `$id`s at every level, and each
// time the stack is new (it lists the `$id`s passed), so that work would be repeated per level.
// Stacks that agree on what locates a `$ref` (root, lexical schema, the three bases, the
// resource flags and entries) are taken as one here, and the next stack of each (stack,
// schema) pair is made once per walk. The `$id`s passed and the dynamic anchors, which only
// `$dynamicRef` and `$recursiveRef` read, are those of the first path that reached the stack:
// schemas using those keywords are explained by TypeBox's own error list (firstFailure.ts).

/** Stacks for one walk: `next` enters a schema, `ref` follows a `$ref`. */
export interface WalkStacks {
  next(stack: XStack, schema: XSchema): XStack;
  ref(stack: XStack, ref: Record<string, unknown>): Resolved;
}

const ids = new WeakMap<object, number>();
let lastId = 0;
const idOf = (o: object | undefined): number => {
  if (o === undefined) return 0;
  let id = ids.get(o);
  if (id === undefined) ids.set(o, (id = ++lastId));
  return id;
};

/** False when TypeBox's NextStack would return `stack` itself (a superset of its own test). */
function mayMoveStack(stack: XStack, schema: XSchema): boolean {
  if (typeof schema !== 'object' || schema === null) return false;
  return (
    '$id' in schema ||
    '$dynamicAnchor' in schema ||
    '$recursiveAnchor' in schema ||
    stack.resourceEntries.has(schema as never)
  );
}

/** A fresh set of shared stacks for one walk. */
export function walkStacks(): WalkStacks {
  const canonical = new Map<string, XStack>();
  const entered = new Map<XStack, Map<XSchema, XStack>>();
  const canon = (stack: XStack): XStack => {
    const key = [
      idOf(stack.schema as object),
      idOf(stack.lexicalSchema as object),
      idOf(stack.resourceEntries),
      stack.lexicalBase,
      stack.resourceBase,
      stack.referenceBase,
      stack.useResourceBaseForReference,
      stack.pendingResource,
      stack.enteredResource,
    ].join('\u0000');
    const known = canonical.get(key);
    if (known !== undefined) return known;
    canonical.set(key, stack);
    return stack;
  };
  return {
    next: (stack, schema) => {
      if (!mayMoveStack(stack, schema)) return stack;
      let bySchema = entered.get(stack);
      if (bySchema === undefined) entered.set(stack, (bySchema = new Map()));
      let known = bySchema.get(schema);
      if (known === undefined) {
        const next = Engine.NextStack(stack, schema);
        bySchema.set(schema, (known = next === stack ? stack : canon(next)));
      }
      return known;
    },
    ref: (stack, ref) => {
      const resolved = resolveRef(stack, ref);
      return resolved.stack === stack ? resolved : { schema: resolved.schema, stack: canon(resolved.stack) };
    },
  };
}
