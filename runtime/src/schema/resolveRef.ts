import * as Engine from 'typebox/schema';
import type { XRef, XStack } from 'typebox/schema';

// `$ref` resolution for the failure walk, remembered. TypeBox's interpreted resolver finds a
// `$ref`'s target by walking the whole schema (every key of every node, URL parsing at each
// `$id`), so a walk that meets a `$ref` at every level of a value costs the value's size times
// the schema's. What decides a target is fixed for a given `$ref` node, base URIs and root, so
// the target is looked up once for each such combination and reused.
//
// Only resolutions that leave the stack as it was (beside marking a resource pending) are
// remembered, and only when nothing on the path taken could change the answer: the target
// carries its own `$id`, or the reference stays in its resource. Legacy resource entries and
// references into the middle of another resource are resolved by TypeBox every time.

/** What TypeBox's Resolve.Ref answers: the target (when found) and the stack to go on with. */
export interface Resolved {
  readonly schema: unknown;
  readonly stack: XStack;
}

interface Entry {
  readonly root: unknown;
  readonly refRoot: unknown;
  readonly referenceBase: string;
  readonly resourceBase: string;
  readonly target: unknown;
}

const remembered = new WeakMap<object, Entry[]>();

const hasId = (schema: unknown) =>
  typeof schema === 'object' && schema !== null && typeof (schema as { $id?: unknown }).$id === 'string';

/** True when resolving changed nothing in the stack but its pending-resource mark. */
function leavesStack(before: XStack, after: XStack): boolean {
  for (const key of Object.keys(after) as (keyof XStack)[])
    if (key !== 'pendingResource' && after[key] !== before[key]) return false;
  return true;
}

/** The target of the `$ref` node `ref` reached with `stack`, as TypeBox's Resolve.Ref answers it. */
export function resolveRef(stack: XStack, ref: Record<string, unknown>): Resolved {
  const text = ref.$ref as string;
  const refRoot = text.startsWith('#') || stack.enteredResource ? stack.lexicalSchema : stack.schema;
  const entries = remembered.get(ref);
  const hit = entries?.find(
    (e) =>
      e.root === stack.schema &&
      e.refRoot === refRoot &&
      e.referenceBase === stack.referenceBase &&
      e.resourceBase === stack.resourceBase,
  );
  if (hit) return { schema: hit.target, stack: stack.pendingResource ? stack : { ...stack, pendingResource: true } };
  const resolved = Engine.Resolve.Ref(stack, ref as unknown as XRef) as Resolved;
  const found = typeof resolved.schema === 'object' && resolved.schema !== null;
  const settled = hasId(resolved.schema) || (text.startsWith('#') && stack.referenceBase === stack.resourceBase);
  if (found && settled && leavesStack(stack, resolved.stack)) {
    const entry = {
      root: stack.schema,
      refRoot,
      referenceBase: stack.referenceBase,
      resourceBase: stack.resourceBase,
      target: resolved.schema,
    };
    if (entries) entries.push(entry);
    else remembered.set(ref, [entry]);
  }
  return resolved;
}
