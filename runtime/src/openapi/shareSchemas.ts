import type { OpenAPIDocument, SchemaObject } from './model.ts';
import { componentName, type NameAllocator } from './names.ts';
import { schemaRef } from './schemaShapes.ts';
import { forEachChildSchema, schemaSlots } from './schemaSlots.ts';
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

/** What two schemas with the same text share, cheap to read: their keys and their properties' names. */
function outline(s: SchemaObject): string {
  return `${written(s)}|${s.properties !== null && typeof s.properties === 'object' ? written(s.properties) : ''}`;
}

/** The keys JSON text has of an object (none whose value it leaves out), sorted. */
function written(o: object): string {
  return Object.entries(o)
    .filter(([, v]) => v !== undefined && typeof v !== 'function' && typeof v !== 'symbol')
    .map(([k]) => k)
    .sort()
    .join(',');
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
  // The components there from the start are few compared with the schemas looked up, and a text
  // is made only for those whose outline a looked-up schema has (the first of equal ones keeps its name).
  const pending = new Map<string, Array<[string, SchemaObject]>>();
  for (const [name, s] of Object.entries(components)) {
    const group = outline(s);
    const list = pending.get(group);
    if (list) list.push([name, s]);
    else pending.set(group, [[name, s]]);
  }
  const componentNamed = (s: SchemaObject, key: string): string | undefined => {
    const group = outline(s);
    const list = pending.get(group);
    if (list) {
      pending.delete(group);
      for (const [name, c] of list) {
        const k = stableJson(c);
        if (!byKey.has(k)) byKey.set(k, name);
      }
    }
    return byKey.get(key);
  };

  for (let round = 0; round < 10_000; round++) {
    const repeated = new Map<string, { count: number; sample: SchemaObject }>();
    // Each round walks every schema of the document: the walk makes no object per schema.
    const visit = (s: SchemaObject, component: boolean, set: (s: SchemaObject) => void): void => {
      if (!component && shareable(s)) {
        const key = stableJson(s);
        const name = componentNamed(s, key);
        if (name !== undefined) {
          set(schemaRef(name));
          return;
        }
        const r = repeated.get(key);
        if (r) r.count++;
        else repeated.set(key, { count: 1, sample: s });
      }
      forEachChildSchema(s, visitChild);
    };
    const visitChild = (holder: Record<string, unknown>, key: string): void =>
      visit(holder[key] as SchemaObject, false, (replacement) => (holder[key] = replacement));
    for (const slot of schemaSlots(doc)) visit(slot.schema, slot.component, slot.set);
    let best: [string, SchemaObject] | undefined;
    for (const [key, r] of repeated) if (r.count > 1 && (!best || key.length > best[0].length)) best = [key, r.sample];
    if (!best) return;
    const [key, sample] = best;
    const name = names.take(componentName(sample.title ?? hints.get(sample) ?? 'Schema'));
    components[name] = sample;
    byKey.set(key, name);
  }
}
