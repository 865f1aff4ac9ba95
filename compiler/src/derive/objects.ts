import { ts } from 'ts-morph';
import { docNotes } from './jsdocTags.ts';
import type { Ir, IrObject } from './schemaIr.ts';
import { platformName } from './typeNames.ts';
import type { Site, Walker } from './walker.ts';

/** The markers agreed with the runtime: it hydrates them into its own Date and bytes schemas. */
export const dateMarker = (): IrObject => ({ type: 'string', format: 'date-time', 'x-kitgen-date': true });
export const bytesMarker = (): IrObject => ({ 'x-kitgen-bytes': true });

const unsupported: Readonly<Record<string, { what: string; fix: string }>> = {
  Map: { what: 'a Map', fix: 'use Record<string, V> (JSON objects have string keys), or an array of entries' },
  ReadonlyMap: { what: 'a ReadonlyMap', fix: 'use Record<string, V> (JSON objects have string keys), or an array of entries' },
  WeakMap: { what: 'a WeakMap', fix: 'use Record<string, V>' },
  Set: { what: 'a Set', fix: 'use an array (V[])' },
  ReadonlySet: { what: 'a ReadonlySet', fix: 'use an array (V[])' },
  WeakSet: { what: 'a WeakSet', fix: 'use an array (V[])' },
  Promise: { what: 'a Promise', fix: 'derive the schema of the value it resolves to' },
  PromiseLike: { what: 'a Promise', fix: 'derive the schema of the value it resolves to' },
};

const objectLike = ts.SymbolFlags.Interface | ts.SymbolFlags.Class;

/** The name of a built-in class or interface (`Date`, `Map`), not of a lib mapped type such as `Partial<T>`. */
function platformObject(w: Walker, type: ts.Type): string | undefined {
  return (type.getSymbol()?.flags ?? 0) & objectLike ? platformName(w.ctx, type) : undefined;
}

/** Arrays, tuples, platform types (Date, bytes) and plain objects. */
export function objectShape(w: Walker, type: ts.Type, site: Site): Ir {
  const { checker } = w;
  if (checker.isArrayType(type)) {
    const [item] = checker.getTypeArguments(type as ts.TypeReference);
    return { type: 'array', items: w.visit(item, { ...site, where: `${site.where}[]`, optional: false }) };
  }
  if (checker.isTupleType(type)) return tupleShape(w, type as ts.TupleTypeReference, site);
  const platform = platformObject(w, type);
  if (platform !== undefined) {
    if (platform === 'Date') return dateMarker();
    if (platform === 'Uint8Array' || platform === 'Buffer') return bytesMarker();
    const known = unsupported[platform];
    if (known) return w.fail(site, `${known.what} (${w.text(type)}) has no JSON form`, known.fix);
    return w.fail(site, `${platform} (a built-in object) has no JSON form`, 'use a plain data type (an interface of JSON values)');
  }
  if (checker.getSignaturesOfType(type, ts.SignatureKind.Call).length > 0) {
    return w.fail(site, `a function type (${w.text(type)}) has no JSON form`, 'remove it from the data type, or derive from an interface of its data fields');
  }
  if (checker.getSignaturesOfType(type, ts.SignatureKind.Construct).length > 0) {
    return w.fail(
      site,
      `a class or constructor type (${w.text(type)}) has no JSON form`,
      'derive the instance type (the class name as a type), not typeof the class',
    );
  }
  return plainObject(w, type, site);
}

/** The schema of a property's declared type node when it has one (so problems point at it). */
function propertyNode(decl: ts.Declaration | undefined, fallback: ts.Node): ts.Node {
  if (decl === undefined) return fallback;
  if ((ts.isPropertySignature(decl) || ts.isPropertyDeclaration(decl)) && decl.type) return decl.type;
  return ts.getNameOfDeclaration(decl) ?? decl;
}

function plainObject(w: Walker, type: ts.Type, site: Site): Ir {
  const { checker } = w;
  const properties: IrObject = {};
  const required: string[] = [];
  for (const p of checker.getPropertiesOfType(type)) {
    // Symbol-keyed properties are not written by JSON.stringify (brands use them too).
    if (p.escapedName.toString().startsWith('__@') || p.escapedName.toString().startsWith('__#')) continue;
    const name = p.getName();
    const decl = p.declarations?.[0];
    w.consult(decl);
    const at: Site = { node: propertyNode(decl, site.node), where: `${site.where}.${name}`, trail: site.trail, optional: true };
    if (p.flags & ts.SymbolFlags.Method) {
      const signature = w.text(checker.getTypeOfSymbol(p));
      w.fail(at, `a method (${name}: ${signature}) has no JSON form`, 'derive from an interface of the data fields only (or Omit the methods)');
      continue;
    }
    if (decl && ts.isPropertyDeclaration(decl) && decl.name && ts.isPrivateIdentifier(decl.name)) continue;
    const propertyType = checker.getTypeOfSymbol(p);
    const { notes, problems } = docNotes(p, checker);
    for (const problem of problems) w.fail(at, problem.message, `write @${problem.tag} as the JSDoc of ${name} expects it`);
    properties[name] = w.visit(propertyType, at, notes);
    const optional = (p.flags & ts.SymbolFlags.Optional) !== 0 || includesUndefined(propertyType);
    if (!optional) required.push(name);
  }
  const out: IrObject = { type: 'object' };
  if (Object.keys(properties).length > 0) out.properties = properties;
  if (required.length > 0) out.required = required;
  const index = checker.getIndexInfosOfType(type).find((i) => i.keyType.flags & (ts.TypeFlags.String | ts.TypeFlags.Number));
  if (index !== undefined) {
    const value = index.type;
    out.additionalProperties =
      value.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown) ? true : w.visit(value, { ...site, where: `${site.where}[string]`, optional: false });
  }
  return out;
}

/** True for `T | undefined` (a property that may be left out: JSON.stringify drops undefined). */
export function includesUndefined(type: ts.Type): boolean {
  if (type.flags & ts.TypeFlags.Undefined) return true;
  return type.isUnion() && type.types.some((t) => t.flags & ts.TypeFlags.Undefined);
}

/**
 * A tuple in TypeBox's form (`Type.Tuple`): `items` as a list, `additionalItems` false (or the
 * rest element's schema), `minItems` the required elements and `maxItems` all of them.
 */
function tupleShape(w: Walker, type: ts.TupleTypeReference, site: Site): Ir {
  const flags = type.target.elementFlags;
  const elements = w.checker.getTypeArguments(type);
  const items: Ir[] = [];
  let rest: Ir | undefined;
  let minItems = 0;
  for (let i = 0; i < elements.length; i++) {
    const at: Site = { ...site, where: `${site.where}[${i}]`, optional: (flags[i] & ts.ElementFlags.Optional) !== 0 };
    if (flags[i] & ts.ElementFlags.Variadic)
      return w.fail(at, `a variadic tuple element (${w.text(type)}) has no JSON Schema form`, 'use a fixed tuple or an array');
    if (flags[i] & ts.ElementFlags.Rest) {
      if (i !== elements.length - 1)
        return w.fail(at, `a tuple with elements after its rest element (${w.text(type)}) has no JSON Schema form`, 'put the rest element last');
      rest = w.visit(elements[i], at);
      continue;
    }
    items.push(w.visit(elements[i], at));
    if (flags[i] & ts.ElementFlags.Required) minItems = i + 1;
  }
  const out: IrObject = { type: 'array', items, additionalItems: rest ?? false, minItems };
  if (rest === undefined) out.maxItems = items.length;
  return out;
}

/**
 * An intersection: a branded primitive (`string & { __brand: 'Id' }`) is the primitive; object
 * types merge into one object (TypeScript's own view of the members' properties); anything
 * else is `allOf`.
 */
export function intersectionShape(w: Walker, type: ts.IntersectionType, site: Site): Ir {
  const primitive = ts.TypeFlags.StringLike | ts.TypeFlags.NumberLike | ts.TypeFlags.BooleanLike | ts.TypeFlags.BigIntLike;
  const primitives = type.types.filter((t) => t.flags & primitive);
  if (primitives.length === 1) return w.visit(primitives[0], site);
  const special = (t: ts.Type) =>
    w.checker.isArrayType(t) || w.checker.isTupleType(t) || platformObject(w, t) !== undefined || !(t.flags & ts.TypeFlags.Object);
  if (!type.types.some(special)) return plainObject(w, type, site);
  return { allOf: type.types.map((t) => w.visit(t, site)) };
}
