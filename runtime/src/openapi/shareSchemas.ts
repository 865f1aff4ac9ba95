import type { OpenAPIDocument, SchemaObject } from './model.ts';
import { componentName, type NameAllocator } from './names.ts';
import { schemaRef } from './schemaShapes.ts';
import { forEachChildSchema, forEachSchemaSlot } from './schemaSlots.ts';
import { shareable } from './settledSchemas.ts';
import { stableJson } from './stableJson.ts';

/** Outlines of recorded schemas, which are frozen (see settledSchemas): made once each. */
const outlines = new WeakMap<object, string>();

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
 * (named by its `title`, else by where it was first used), largest first. `recorded` holds
 * schemas known to have nothing shareable below them (see settledSchemas), whose inside is not walked.
 */
export function shareSchemas(
  doc: OpenAPIDocument,
  hints: WeakMap<object, string>,
  names: NameAllocator,
  recorded?: WeakSet<object>,
): void {
  doc.components ??= {};
  const components = (doc.components.schemas ??= {});
  const byKey = new Map<string, string>();
  // The components there from the start are few compared with the schemas looked up, and a text
  // is made only for those whose outline a looked-up schema has (the first of equal ones keeps its name).
  const pending = new Map<string, Array<[string, SchemaObject]>>();
  const outlineOf = (s: SchemaObject): string => {
    if (recorded?.has(s) !== true) return outline(s);
    let o = outlines.get(s);
    if (o === undefined) outlines.set(s, (o = outline(s)));
    return o;
  };
  for (const [name, s] of Object.entries(components)) {
    const group = outlineOf(s);
    const list = pending.get(group);
    if (list) list.push([name, s]);
    else pending.set(group, [[name, s]]);
  }
  const componentNamed = (s: SchemaObject, key: string): string | undefined => {
    const group = outlineOf(s);
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

  // A schema with nothing shareable below it is never rewritten: the first round marks those it
  // meets, and later rounds neither walk their inside nor make their text again.
  const settled = new WeakSet<object>();
  const texts = new WeakMap<object, string>();
  const isSettled = (s: object) => settled.has(s) || recorded?.has(s) === true;
  const textOf = (s: SchemaObject, known: boolean): string => {
    if (!known) return stableJson(s);
    let text = texts.get(s);
    if (text === undefined) texts.set(s, (text = stableJson(s)));
    return text;
  };

  for (let round = 0; round < 10_000; round++) {
    const repeated = new Map<string, { count: number; sample: SchemaObject }>();
    // Each round walks every schema of the document: the walk makes no object per schema. True
    // when the schema or one below it is shareable.
    const visit = (holder: Record<string, unknown>, at: string, component: boolean): boolean => {
      const s = holder[at] as SchemaObject;
      const known = isSettled(s);
      const share = shareable(s);
      if (!component && share) {
        const key = textOf(s, known);
        const name = componentNamed(s, key);
        if (name !== undefined) {
          holder[at] = schemaRef(name);
          return true;
        }
        const r = repeated.get(key);
        if (r) r.count++;
        else repeated.set(key, { count: 1, sample: s });
      }
      if (known) return share;
      const outer = below;
      below = false;
      forEachChildSchema(s, visitChild);
      const inside = below;
      below = outer;
      if (!inside) settled.add(s);
      return inside || share;
    };
    // Whether a schema visited under the current one so far is (or holds) a shareable one.
    let below = false;
    const visitChild = (holder: Record<string, unknown>, key: string): void => {
      if (visit(holder, key, false)) below = true;
    };
    forEachSchemaSlot(doc, visit);
    let best: [string, SchemaObject] | undefined;
    for (const [key, r] of repeated) if (r.count > 1 && (!best || key.length > best[0].length)) best = [key, r.sample];
    if (!best) return;
    const [key, sample] = best;
    const name = names.take(componentName(sample.title ?? hints.get(sample) ?? 'Schema'));
    components[name] = sample;
    byKey.set(key, name);
  }
}
