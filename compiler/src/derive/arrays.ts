import { ts } from './tsMorph.ts';
import type { Ir, IrObject } from './schemaIr.ts';
import type { Site, Walker } from './walker.ts';

/** True for `T | undefined` (and `void`): a value JSON.stringify leaves out of an object. */
export function includesUndefined(type: ts.Type): boolean {
  const absent = ts.TypeFlags.Undefined | ts.TypeFlags.Void;
  if (type.flags & absent) return true;
  return type.isUnion() && type.types.some((t) => t.flags & absent);
}

/**
 * The array type an interface or class extends (`interface Tags extends Array<Tag> {}`), looked
 * for through its whole `extends` chain; JSON.stringify writes such a value as a plain array.
 */
export function arrayBase(
  checker: ts.TypeChecker,
  type: ts.Type,
  seen = new Set<ts.Type>(),
): ts.TypeReference | undefined {
  const target = (type as ts.TypeReference).target ?? type;
  if (
    !(target.flags & ts.TypeFlags.Object) ||
    !((target as ts.ObjectType).objectFlags & ts.ObjectFlags.ClassOrInterface) ||
    seen.has(target)
  ) {
    return undefined;
  }
  seen.add(target);
  for (const base of checker.getBaseTypes(type as ts.InterfaceType)) {
    if (checker.isArrayType(base)) return base as ts.TypeReference;
    const deeper = arrayBase(checker, base, seen);
    if (deeper !== undefined) return deeper;
  }
  return undefined;
}

/**
 * An array element: `undefined` cannot be read as "may be absent" there, because JSON.stringify
 * writes an undefined element as `null`, which a schema without null would then refuse.
 */
function element(w: Walker, type: ts.Type, site: Site): Ir {
  if (includesUndefined(type)) {
    return w.fail(
      site,
      `undefined (in ${w.text(type)}) has no JSON form here`,
      'JSON writes an undefined array element as null: use null in the element type (T | null)',
    );
  }
  return w.visit(type, site);
}

/** `T[]`, `ReadonlyArray<T>` or an interface extending one: `{ type: 'array', items }`. */
export function arrayShape(w: Walker, array: ts.TypeReference, site: Site): IrObject {
  const [item] = w.checker.getTypeArguments(array);
  return { type: 'array', items: element(w, item, { node: site.node, where: `${site.where}[]`, trail: site.trail }) };
}

/**
 * A tuple in TypeBox's form (`Type.Tuple`): `items` as a list, `additionalItems` false (or the
 * rest element's schema), `minItems` the required elements and `maxItems` all of them.
 */
export function tupleShape(w: Walker, type: ts.TupleTypeReference, site: Site): Ir {
  const flags = type.target.elementFlags;
  const elements = w.checker.getTypeArguments(type);
  const items: Ir[] = [];
  let rest: Ir | undefined;
  let minItems = 0;
  for (let i = 0; i < elements.length; i++) {
    const at: Site = { node: site.node, where: `${site.where}[${i}]`, trail: site.trail };
    if (flags[i] & ts.ElementFlags.Variadic)
      return w.fail(
        at,
        `a variadic tuple element (${w.text(type)}) has no JSON Schema form`,
        'use a fixed tuple or an array',
      );
    if (flags[i] & ts.ElementFlags.Rest) {
      if (i !== elements.length - 1)
        return w.fail(
          at,
          `a tuple with elements after its rest element (${w.text(type)}) has no JSON Schema form`,
          'put the rest element last',
        );
      rest = element(w, elements[i], at);
      continue;
    }
    // An optional element may be left off the end, so its `undefined` means "absent".
    items.push(flags[i] & ts.ElementFlags.Optional ? w.visit(elements[i], at) : element(w, elements[i], at));
    if (flags[i] & ts.ElementFlags.Required) minItems = i + 1;
  }
  // JSON Schema wants at least one schema in a list of `items`: no fixed element is an array's bounds, or its rest element.
  if (items.length === 0) return rest === undefined ? { type: 'array', maxItems: 0 } : { type: 'array', items: rest };
  const out: IrObject = { type: 'array', items, additionalItems: rest ?? false, minItems };
  if (rest === undefined) out.maxItems = items.length;
  return out;
}
