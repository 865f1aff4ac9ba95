import type { Diagnostics } from '../diagnostics/index.ts';
import type { PendingSchema } from './SchemaConverter.ts';

/**
 * Breaks loops of named schemas that are nothing but a `$ref` to each other (A → B → A, or
 * A → A): no value is ever described, and the only TypeScript for them (`type A = B; type B = A`)
 * is rejected (TS2456). Each schema of the loop is read as any value, with a warning at it naming
 * the loop by JSON pointers: such a loop is found in published documents whose users cannot fix
 * them, and the rest of the document is still sound. Recursion through any structure (an object's
 * property, an array's items, a union or `allOf` member, `additionalProperties`) is not a loop.
 */
export function breakRefLoops(named: ReadonlyMap<string, PendingSchema>, diagnostics: Diagnostics): void {
  const broken = new Set<string>();
  for (const start of named.values()) {
    const chain: PendingSchema[] = [];
    let at: PendingSchema | undefined = start;
    while (at?.schema?.kind === 'ref' && !chain.includes(at)) {
      chain.push(at);
      at = named.get(at.schema.target);
    }
    if (at === undefined || !chain.includes(at)) continue;
    const loop = chain.slice(chain.indexOf(at));
    if (loop.some((s) => broken.has(s.key))) continue;
    const path = [...loop, loop[0]].map((s) => `#${s.pointer}`).join(' → ');
    for (const s of loop) {
      broken.add(s.key);
      const { target: _target, kind: _kind, ...notes } = s.schema as { target: string; kind: 'ref' };
      s.schema = { kind: 'any', ...notes };
      diagnostics.warn(
        `${s.pointer}/$ref`,
        `this schema is only a $ref in a loop of $refs (${path}): it describes no value; it is read as any value`,
      );
    }
  }
}
