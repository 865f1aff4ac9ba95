import { camelCase } from '../names/identifiers.ts';
import type { Operation } from './Api.ts';

/**
 * Puts each operation in a group, the module it is emitted in when endpoints are split: its first
 * tag (`default` without one) as a file name unique case-insensitively and clear of `schemas` and
 * `index`. Deterministic: groups are named in operation order.
 */
export function groupOperations(operations: ReadonlyArray<Omit<Operation, 'group'>>): Operation[] {
  const files = new Set<string>(['schemas', 'index']);
  const groups = new Map<string, string>();
  const groupOf = (tag: string): string => {
    let g = groups.get(tag);
    if (g === undefined) {
      const base = camelCase(tag);
      g = base;
      for (let i = 2; files.has(g.toLowerCase()); i++) g = `${base}${i}`;
      files.add(g.toLowerCase());
      groups.set(tag, g);
    }
    return g;
  };
  return operations.map((op) => ({ ...op, group: groupOf(op.tags[0] ?? 'default') }));
}
