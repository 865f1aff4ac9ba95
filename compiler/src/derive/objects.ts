import { ts } from './tsMorph.ts';
import { aliasNotes } from './aliasNotes.ts';
import { arrayBase, arrayShape, includesUndefined, tupleShape } from './arrays.ts';
import { docNotes, mergeNotes } from './jsdocTags.ts';
import { withNotes, type Ir, type IrObject } from './schemaIr.ts';
import { platformName } from './typeNames.ts';
import type { Site, Walker } from './walker.ts';

/** The markers agreed with the runtime: it hydrates them into its own Date and bytes schemas. */
export const dateMarker = (): IrObject => ({ type: 'string', format: 'date-time', 'x-kitgen-date': true });
export const bytesMarker = (): IrObject => ({ 'x-kitgen-bytes': true });

const unsupported: Readonly<Record<string, { what: string; fix: string }>> = {
  Map: { what: 'a Map', fix: 'use Record<string, V> (JSON objects have string keys), or an array of entries' },
  ReadonlyMap: {
    what: 'a ReadonlyMap',
    fix: 'use Record<string, V> (JSON objects have string keys), or an array of entries',
  },
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

/** Built-in classes JSON.stringify writes as text: URL has `toJSON`; a RegExp is sent as its source. */
const asText: Readonly<Record<string, IrObject>> = {
  URL: { type: 'string', format: 'uri' },
  RegExp: { type: 'string', format: 'regex' },
};

/** Arrays, tuples, platform types (Date, bytes, URL) and plain objects. */
export function objectShape(w: Walker, type: ts.Type, site: Site): Ir {
  const { checker } = w;
  if (checker.isArrayType(type)) return arrayShape(w, type as ts.TypeReference, site);
  if (checker.isTupleType(type)) return tupleShape(w, type as ts.TupleTypeReference, site);
  const platform = platformObject(w, type);
  if (platform !== undefined) {
    if (platform === 'Date') return dateMarker();
    if (platform === 'Uint8Array' || platform === 'Buffer') return bytesMarker();
    const text = asText[platform];
    if (text !== undefined) return { ...text };
    const known = unsupported[platform];
    if (known) return w.fail(site, `${known.what} (${w.text(type)}) has no JSON form`, known.fix);
    return w.fail(
      site,
      `${platform} (a built-in object) has no JSON form`,
      'use a plain data type (an interface of JSON values)',
    );
  }
  const array = arrayBase(checker, type);
  if (array !== undefined) return arrayShape(w, array, site);
  if (checker.getSignaturesOfType(type, ts.SignatureKind.Call).length > 0) {
    return w.fail(
      site,
      `a function type (${w.text(type)}) has no JSON form`,
      'remove it from the data type, or derive from an interface of its data fields',
    );
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

/**
 * Members that are behaviour, not data: methods (of a class's prototype, or an interface's
 * method signatures) and a class's accessors, which JSON.stringify does not write.
 */
function isBehaviour(p: ts.Symbol): boolean {
  if (p.flags & ts.SymbolFlags.Method) return true;
  if (!(p.flags & ts.SymbolFlags.Accessor)) return false;
  return (p.declarations ?? []).some(
    (d) => (ts.isGetAccessorDeclaration(d) || ts.isSetAccessorDeclaration(d)) && ts.isClassLike(d.parent),
  );
}

/** The schema of a property that must be absent: no value is valid (TypeBox's `Never`). */
const absent = (): IrObject => ({ not: {} });

/**
 * A property whose only value is one JSON.stringify leaves out: `undefined` (also what `?: never`
 * becomes), or `void` reached through a type argument (`Result<void>`). `void` written as the
 * property's own type stays an error: it is a function's result, most likely a mistake.
 */
function isAbsent(type: ts.Type, decl: ts.Declaration | undefined): boolean {
  if (type.flags & ts.TypeFlags.Undefined) return true;
  if (!(type.flags & ts.TypeFlags.Void)) return false;
  const node = decl && (ts.isPropertySignature(decl) || ts.isPropertyDeclaration(decl)) ? decl.type : undefined;
  return node === undefined || node.kind !== ts.SyntaxKind.VoidKeyword;
}

function plainObject(w: Walker, type: ts.Type, site: Site): Ir {
  const { checker } = w;
  const properties: IrObject = {};
  const required: string[] = [];
  for (const p of checker.getPropertiesOfType(type)) {
    // Symbol-keyed properties are not written by JSON.stringify (brands use them too).
    if (p.escapedName.toString().startsWith('__@') || p.escapedName.toString().startsWith('__#')) continue;
    if (isBehaviour(p)) continue;
    const name = p.getName();
    const decl = p.declarations?.[0];
    w.consult(decl);
    if (decl && ts.isPropertyDeclaration(decl) && decl.name && ts.isPrivateIdentifier(decl.name)) continue;
    const propertyType = checker.getTypeOfSymbol(p);
    const { notes, problems } = propertyNotes(w, p, decl);
    const at: Site = {
      node: propertyNode(decl, site.node),
      where: `${site.where}.${name}`,
      trail: site.trail,
      // `@additionalProperties` on a property closes (or opens) the object type written in place there.
      ...(notes.additionalProperties !== undefined ? { closed: !notes.additionalProperties } : {}),
    };
    for (const problem of problems)
      w.fail(at, problem.message, `write @${problem.tag} as the JSDoc of ${name} expects it`);
    const none = isAbsent(propertyType, decl);
    properties[name] = none ? withNotes(absent(), notes) : w.visit(propertyType, at, notes);
    const optional = none || (p.flags & ts.SymbolFlags.Optional) !== 0 || includesUndefined(propertyType);
    if (!optional) required.push(name);
  }
  const out: IrObject = { type: 'object' };
  if (Object.keys(properties).length > 0) out.properties = properties;
  if (required.length > 0) out.required = required;
  const index = checker
    .getIndexInfosOfType(type)
    .find((i) => i.keyType.flags & (ts.TypeFlags.String | ts.TypeFlags.Number));
  if (index !== undefined) out.additionalProperties = indexValue(w, index.type, site);
  else if (site.closed ?? w.closedObjects) out.additionalProperties = false;
  return out;
}

/** A property's JSDoc notes over those of the documented alias its type is written with. */
function propertyNotes(w: Walker, p: ts.Symbol, decl: ts.Declaration | undefined): ReturnType<typeof docNotes> {
  const own = docNotes(p, w.checker);
  const typeNode = decl && (ts.isPropertySignature(decl) || ts.isPropertyDeclaration(decl)) ? decl.type : undefined;
  const alias = aliasNotes(w.ctx, typeNode);
  return alias === undefined ? own : { notes: mergeNotes(alias, own.notes), problems: own.problems };
}

/**
 * `additionalProperties` of an index signature: any value (`true`), none (`false`, for
 * `Record<string, never>`), or the value's schema. A key may be absent, so `undefined` in the
 * value's type (`Partial<Record<string, V>>`) is dropped.
 */
function indexValue(w: Walker, value: ts.Type, site: Site): Ir {
  if (value.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return true;
  if (value.flags & (ts.TypeFlags.Never | ts.TypeFlags.Undefined | ts.TypeFlags.Void)) return false;
  return w.visit(value, { node: site.node, where: `${site.where}[string]`, trail: site.trail });
}

/**
 * An intersection: a branded primitive (`string & { __brand: 'Id' }`) is the primitive; object
 * types merge into one object (TypeScript's own view of the members' properties); anything
 * else is `allOf`.
 */
export function intersectionShape(w: Walker, type: ts.IntersectionType, site: Site): Ir {
  const primitive =
    ts.TypeFlags.StringLike | ts.TypeFlags.NumberLike | ts.TypeFlags.BooleanLike | ts.TypeFlags.BigIntLike;
  const primitives = type.types.filter((t) => t.flags & primitive);
  if (primitives.length === 1) return w.visit(primitives[0], site);
  const special = (t: ts.Type) =>
    w.checker.isArrayType(t) ||
    w.checker.isTupleType(t) ||
    platformObject(w, t) !== undefined ||
    !(t.flags & ts.TypeFlags.Object);
  if (!type.types.some(special)) return plainObject(w, type, site);
  return { allOf: type.types.map((t) => w.visit(t, site)) };
}
