import { componentName, type NameAllocator } from './names.ts';
import { childSchemas, isObj, type Src } from './schemaShapes.ts';
import { stableJson } from './stableJson.ts';
import { ConfigErrors, configError } from '../errors/catalogue.ts';

/** Each named schema among `sources` (an `$id`, or a `$defs` entry under its key), in the order met. */
export function schemaIdEntries(sources: readonly unknown[]): Array<readonly [string, Src]> {
  const out: Array<readonly [string, Src]> = [];
  const seen = new Set<object>();
  const visit = (s: unknown, defKey?: string): void => {
    if (!isObj(s) || seen.has(s)) return;
    seen.add(s);
    const id = typeof s.$id === 'string' ? s.$id : defKey;
    if (id !== undefined) out.push([id, s]);
    if (isObj(s.$defs)) for (const [k, d] of Object.entries(s.$defs)) visit(d, k);
    childSchemas(s).forEach((c) => visit(c));
  };
  sources.forEach((s) => visit(s));
  return out;
}

/**
 * Copies of one schema (a derived type at each place it is used) are written alike, keys in the
 * same order: their plain JSON text, made natively, settles most comparisons before the sorted
 * one. Kept per schema object across describings when the caller keeps texts too (an incremental
 * describer, whose schemas are not changed once made).
 */
const keptPlainTexts = new WeakMap<object, string | null>();

/**
 * The user's named schemas of every list of entries (see {@link schemaIdEntries}), the first copy
 * of each kept, their component names reserved in `names`. Two copies under one `$id` must be the
 * same schema. `kept` keeps each copy's text across calls, made once however often it is compared.
 */
export function mergeSchemaIds(
  lists: Iterable<ReadonlyArray<readonly [string, Src]>>,
  names: NameAllocator,
  kept?: WeakMap<object, string>,
): Map<string, Src> {
  const texts = kept ?? new WeakMap<object, string>();
  const plainTexts = kept !== undefined ? keptPlainTexts : new WeakMap<object, string | null>();
  const byId = new Map<string, Src>();
  const text = (o: object): string => {
    let t = texts.get(o);
    if (t === undefined) texts.set(o, (t = stableJson(o)));
    return t;
  };
  const plain = (o: object): string | null => {
    let t = plainTexts.get(o);
    if (t === undefined) {
      try {
        t = JSON.stringify(o);
      } catch {
        t = null; // a bigint: only the sorted text says
      }
      plainTexts.set(o, t);
    }
    return t;
  };
  const same = (a: object, b: object): boolean => {
    const p = plain(a);
    return (p !== null && p === plain(b)) || text(a) === text(b);
  };
  for (const list of lists)
    for (const [id, s] of list) {
      const known = byId.get(id);
      if (known === undefined) {
        byId.set(id, s);
        names.reserve(componentName(id));
      } else if (known !== s && !same(known, s)) throw configError(ConfigErrors.OPENAPI_DUPLICATE_SCHEMA_ID, id);
    }
  return byId;
}

/** The user's named schemas among `sources` (see {@link mergeSchemaIds}). */
export function schemaIds(sources: readonly unknown[], names: NameAllocator): Map<string, Src> {
  return mergeSchemaIds([schemaIdEntries(sources)], names);
}
