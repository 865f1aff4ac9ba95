import { pointerJoin } from '../diagnostics/index.ts';
import { isObject, type DocumentReader, type Json } from './DocumentReader.ts';

/**
 * Where an allOf member declares the property `name`: the pointer of its schema, through `$ref`s
 * and nested allOfs. A `required` list beside an allOf (`allOf: [Project], required: [name]`)
 * names fields its members declare; the extra member it becomes gives each the schema a member
 * declares, so the fields keep their type and conversion (an int64 stays a bigint) instead of
 * reading as values of any kind.
 */
export function allOfMemberProperty(
  reader: DocumentReader,
  raw: Json,
  pointer: string,
  name: string,
  depth = 0,
): string | undefined {
  if (depth > 16 || !Array.isArray(raw.allOf)) return undefined;
  for (let i = 0; i < raw.allOf.length; i++) {
    let at = pointerJoin(pointer, 'allOf', i);
    let member: unknown = raw.allOf[i];
    // A chain of `$ref`s to the member's own schema.
    for (let hops = 0; isObject(member) && typeof member.$ref === 'string' && hops < 8; hops++) {
      const target = reader.refPointer(member.$ref);
      if (target === undefined) break;
      at = target;
      member = reader.get(target);
    }
    if (!isObject(member)) continue;
    if (isObject(member.properties) && Object.prototype.hasOwnProperty.call(member.properties, name))
      return pointerJoin(at, 'properties', name);
    const nested = allOfMemberProperty(reader, member, at, name, depth + 1);
    if (nested !== undefined) return nested;
  }
  return undefined;
}
