import type { NamedSchema, SchemaNode } from '../model/Schema.ts';

/** The keys of the named schemas a node refers to directly. */
export function refsOf(node: SchemaNode, out: Set<string> = new Set()): Set<string> {
  switch (node.kind) {
    case 'ref':
      out.add(node.target);
      break;
    case 'array':
      refsOf(node.items, out);
      for (const m of node.prefixItems ?? []) refsOf(m, out);
      break;
    case 'object':
      for (const p of node.properties) refsOf(p.schema, out);
      if (typeof node.additional === 'object') refsOf(node.additional, out);
      break;
    case 'union':
    case 'allOf':
      for (const m of node.members) refsOf(m, out);
      break;
    default:
      break;
  }
  return out;
}

/** A group of named schemas emitted together: one schema, or a recursive group sharing `$defs`. */
export interface SchemaGroup {
  readonly members: readonly NamedSchema[];
  readonly recursive: boolean;
}

/**
 * Named schemas in an order where every schema comes after those it refers to (a `const`
 * cannot be used before its declaration); schemas that refer to each other (strongly connected,
 * found with Tarjan's algorithm) form one recursive group. Ties keep declaration order.
 */
export function schemaGroups(schemas: readonly NamedSchema[]): SchemaGroup[] {
  const byKey = new Map(schemas.map((s) => [s.key, s]));
  const position = new Map(schemas.map((s, i) => [s.key, i]));
  const edges = new Map(schemas.map((s) => [s.key, [...refsOf(s.schema)].filter((k) => byKey.has(k))]));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const groups: SchemaGroup[] = [];
  let counter = 0;
  // Iterative Tarjan: large documents nest deeper than the call stack allows.
  for (const root of schemas) {
    if (index.has(root.key)) continue;
    const work: Array<{ key: string; next: number }> = [{ key: root.key, next: 0 }];
    index.set(root.key, counter);
    low.set(root.key, counter++);
    stack.push(root.key);
    onStack.add(root.key);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const targets = edges.get(frame.key)!;
      if (frame.next < targets.length) {
        const t = targets[frame.next++];
        if (!index.has(t)) {
          index.set(t, counter);
          low.set(t, counter++);
          stack.push(t);
          onStack.add(t);
          work.push({ key: t, next: 0 });
        } else if (onStack.has(t)) low.set(frame.key, Math.min(low.get(frame.key)!, index.get(t)!));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].key;
        low.set(parent, Math.min(low.get(parent)!, low.get(frame.key)!));
      }
      if (low.get(frame.key) === index.get(frame.key)) {
        const members: string[] = [];
        let k: string;
        do {
          k = stack.pop()!;
          onStack.delete(k);
          members.push(k);
        } while (k !== frame.key);
        // Declaration order within the group, by position (a filter over all schemas per group was quadratic).
        const ordered = members
          .map((m) => position.get(m)!)
          .sort((a, b) => a - b)
          .map((i) => schemas[i]);
        const recursive = members.length > 1 || edges.get(frame.key)!.includes(frame.key);
        groups.push({ members: ordered, recursive });
      }
    }
  }
  return groups;
}
