import type { OpenAPIDocument, SchemaObject } from './model.ts';
import { componentName, type NameAllocator } from './names.ts';
import { schemaRef } from './schemaGen.ts';
import { childSlots, schemaSlots, type SchemaSlot } from './schemaSlots.ts';
import { stableJson } from './stableJson.ts';

/** Worth a component when repeated: an object with fields, or a union of several schemas. */
function shareable(s: SchemaObject): boolean {
  if (s.$ref !== undefined) return false;
  if (s.properties && Object.keys(s.properties).length > 0) return true;
  const union = s.oneOf ?? s.anyOf;
  return (
    Array.isArray(union) && union.length > 1 && union.some((m) => m.$ref !== undefined || m.properties !== undefined)
  );
}

/**
 * Makes sure no schema is written out twice: an inline schema equal to a component becomes a
 * `$ref` to it, and an inline object or union found more than once becomes a component of its own
 * (named by its `title`, else by where it was first used), largest first.
 */
export function shareSchemas(doc: OpenAPIDocument, hints: WeakMap<object, string>, names: NameAllocator): void {
  doc.components ??= {};
  const components = (doc.components.schemas ??= {});
  const byKey = new Map<string, string>();
  for (const [name, s] of Object.entries(components)) if (!byKey.has(stableJson(s))) byKey.set(stableJson(s), name);

  for (let round = 0; round < 10_000; round++) {
    const repeated = new Map<string, { count: number; sample: SchemaObject }>();
    const visit = (slot: SchemaSlot): void => {
      const s = slot.schema;
      if (!slot.component && shareable(s)) {
        const key = stableJson(s);
        const name = byKey.get(key);
        if (name !== undefined) {
          slot.set(schemaRef(name));
          return;
        }
        const r = repeated.get(key);
        if (r) r.count++;
        else repeated.set(key, { count: 1, sample: s });
      }
      childSlots(s).forEach(visit);
    };
    schemaSlots(doc).forEach(visit);
    let best: [string, SchemaObject] | undefined;
    for (const [key, r] of repeated) if (r.count > 1 && (!best || key.length > best[0].length)) best = [key, r.sample];
    if (!best) return;
    const [key, sample] = best;
    const name = names.take(componentName(sample.title ?? hints.get(sample) ?? 'Schema'));
    components[name] = sample;
    byKey.set(key, name);
  }
}
