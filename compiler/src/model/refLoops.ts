import type { Diagnostics } from '../diagnostics/index.ts';
import type { PendingSchema } from './SchemaConverter.ts';

/**
 * Reports named schemas that are nothing but a `$ref` to each other in a loop (A → B → A): no
 * value is ever described, and the only TypeScript for them (`type A = B; type B = A`) is
 * rejected (TS2456). An error at each schema of the loop, naming the loop by JSON pointers.
 * Recursion through any structure (an object's property, an array's items, a union or
 * `allOf` member, `additionalProperties`) is sound and is not reported.
 */
export function reportRefCycles(named: ReadonlyMap<string, PendingSchema>, diagnostics: Diagnostics): void {
  const reported = new Set<string>();
  for (const start of named.values()) {
    const chain: PendingSchema[] = [];
    let at: PendingSchema | undefined = start;
    while (at?.schema?.kind === 'ref' && !chain.includes(at)) {
      chain.push(at);
      at = named.get(at.schema.target);
    }
    if (at === undefined || !chain.includes(at)) continue;
    const loop = chain.slice(chain.indexOf(at));
    if (loop.some((s) => reported.has(s.key))) continue;
    const path = [...loop, loop[0]].map((s) => `#${s.pointer}`).join(' → ');
    for (const s of loop) {
      reported.add(s.key);
      diagnostics.error(
        `${s.pointer}/$ref`,
        `this schema is only a $ref in a loop of $refs (${path}): it describes no value, and no type can be written for it; give one schema of the loop a structure (type, properties, items…) or remove the loop`,
      );
    }
  }
}
