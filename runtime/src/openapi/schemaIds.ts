import { componentName, type NameAllocator } from './names.ts';
import { childSchemas, isObj, type Src } from './schemaShapes.ts';
import { stableJson } from './stableJson.ts';
import { ConfigErrors, configError } from '../errors/catalogue.ts';

/**
 * The user's named schemas among `sources` (each `$id`, and each `$defs` entry under its key), the
 * first copy of each kept, their component names reserved in `names`. Two copies under one `$id`
 * must be the same schema.
 */
export function schemaIds(sources: readonly unknown[], names: NameAllocator): Map<string, Src> {
  const byId = new Map<string, Src>();
  const seen = new Set<object>();
  // The same schema under one $id in many endpoints' sources: each copy's text is made once, not once per comparison.
  const texts = new WeakMap<object, string>();
  const text = (o: object): string => {
    let t = texts.get(o);
    if (t === undefined) texts.set(o, (t = stableJson(o)));
    return t;
  };
  const visit = (s: unknown, defKey?: string): void => {
    if (!isObj(s) || seen.has(s)) return;
    seen.add(s);
    const id = typeof s.$id === 'string' ? s.$id : defKey;
    if (id !== undefined) {
      const known = byId.get(id);
      if (known && known !== s && text(known) !== text(s))
        throw configError(ConfigErrors.OPENAPI_DUPLICATE_SCHEMA_ID, id);
      if (!known) {
        byId.set(id, s);
        names.reserve(componentName(id));
      }
    }
    if (isObj(s.$defs)) for (const [k, d] of Object.entries(s.$defs)) visit(d, k);
    childSchemas(s).forEach((c) => visit(c));
  };
  sources.forEach((s) => visit(s));
  return byId;
}
