import { ts } from './tsMorph.ts';
import { pascalCase } from '../names/identifiers.ts';
import { Ref, type Ir, type IrObject } from './schemaIr.ts';
import type { Site, Walker } from './walker.ts';

/** The value of a member's required string-literal property `name`, or undefined when it has none. */
function tagOf(w: Walker, type: ts.Type, name: string): string | undefined {
  const p = w.checker.getPropertyOfType(type, name);
  if (p === undefined || p.flags & ts.SymbolFlags.Optional) return undefined;
  const pt = w.checker.getTypeOfSymbol(p);
  return pt.isStringLiteral() ? pt.value : undefined;
}

/** An object member (interface, type literal, intersection of them), not an array or tuple. */
function isObjectMember(w: Walker, type: ts.Type): boolean {
  if (type.isIntersection()) return type.types.every((t) => isObjectMember(w, t));
  return (type.flags & ts.TypeFlags.Object) !== 0 && !w.checker.isArrayType(type) && !w.checker.isTupleType(type);
}

/** The first property all members carry as a required string literal, with distinct values. */
function tagProperty(w: Walker, types: readonly ts.Type[]): { name: string; values: string[] } | undefined {
  for (const candidate of w.checker.getPropertiesOfType(types[0])) {
    const name = candidate.getName();
    const values = types.map((t) => tagOf(w, t, name));
    if (values.some((v) => v === undefined) || new Set(values).size !== values.length) continue;
    return { name, values: values as string[] };
  }
  return undefined;
}

/**
 * The name an anonymous member gets so the mapping can point at it: the union's place, then its
 * tag value (`Payment` + `card` → `PaymentCard`; `Order.payment` + `card` → `OrderPaymentCard`).
 * The place's first part is a component name or an export label and is kept as written.
 */
function memberName(site: Site, tag: string): string {
  const cut = site.where.search(/[.[]/);
  const head = cut === -1 ? site.where : site.where.slice(0, cut);
  const rest = cut === -1 ? '' : pascalCase(site.where.slice(cut));
  const base = `${head.charAt(0).toUpperCase()}${head.slice(1)}${rest}`.replace(/[^A-Za-z0-9._-]/g, '');
  return `${base}${pascalCase(tag)}`;
}

/**
 * `anyOf` + `discriminator` for a union of object members that all carry one required
 * string-literal property with distinct values. OpenAPI's mapping points at components, so a
 * member written in place (`{ kind: 'card'; last4: string }`) becomes a component named after
 * the union and its tag, as a named member already is. Undefined when the union is not tagged.
 */
export function discriminated(
  w: Walker,
  types: readonly ts.Type[],
  parts: readonly Ir[],
  site: Site,
): IrObject | undefined {
  if (!types.every((t) => isObjectMember(w, t))) return undefined;
  const tag = tagProperty(w, types);
  if (tag === undefined) return undefined;
  const names = tag.values.map((v, i) => {
    const part = parts[i];
    return part instanceof Ref ? part.name : memberName(site, v);
  });
  // Two tags spelled alike once cased (`a-b`, `a_b`) cannot both give their name: no mapping then.
  if (new Set(names).size !== names.length) return undefined;
  const refs = parts.map((part, i) => (part instanceof Ref ? part : w.hoist(types[i], names[i], part, site)));
  const mapping: IrObject = {};
  tag.values.forEach((v, i) => (mapping[v] = `#/components/schemas/${names[i]}`));
  return { anyOf: refs, discriminator: { propertyName: tag.name, mapping } };
}
