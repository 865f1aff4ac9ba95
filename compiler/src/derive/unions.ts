import { ts } from './tsMorph.ts';
import { discriminated } from './discriminator.ts';
import { nullable, type Ir, type IrObject } from './schemaIr.ts';
import type { Site, Walker } from './walker.ts';

/** A literal value of a union member (string, number or boolean literal, enum members included). */
export type Literal = string | number | boolean;

/** The value of a literal type, or undefined when the type is not one. */
export function literalValue(w: Walker, type: ts.Type): Literal | undefined {
  if (type.isStringLiteral() || type.isNumberLiteral()) return type.value;
  if (type.flags & ts.TypeFlags.BooleanLiteral) return w.text(type) === 'true';
  if (type.flags & ts.TypeFlags.Enum) return enumInitializer(type);
  return undefined;
}

/** An enum member TypeScript gives no literal type (`C = true as any`): the value its initializer writes. */
function enumInitializer(type: ts.Type): Literal | undefined {
  const e = initializerOf(type);
  if (e === undefined) return undefined;
  if (e.kind === ts.SyntaxKind.TrueKeyword) return true;
  if (e.kind === ts.SyntaxKind.FalseKeyword) return false;
  if (ts.isStringLiteralLike(e)) return e.text;
  if (ts.isNumericLiteral(e)) return Number(e.text);
  return undefined;
}

function initializerOf(type: ts.Type): ts.Expression | undefined {
  const decl = type.getSymbol()?.valueDeclaration;
  let e = decl !== undefined && ts.isEnumMember(decl) ? decl.initializer : undefined;
  while (
    e !== undefined &&
    (ts.isAsExpression(e) || ts.isParenthesizedExpression(e) || ts.isTypeAssertionExpression(e))
  )
    e = e.expression;
  return e;
}

/** True for an enum member initialized with `null` (`E = null`), whose value JSON writes as null. */
export function isNullEnumMember(type: ts.Type): boolean {
  return (type.flags & ts.TypeFlags.Enum) !== 0 && initializerOf(type)?.kind === ts.SyntaxKind.NullKeyword;
}

/** `enum`: one JSON type when the values share it (`integer` when every number is whole), else typeless. */
export function literalSchema(values: readonly Literal[]): IrObject {
  const kinds = new Set(values.map((v) => typeof v));
  if (kinds.size !== 1) return { enum: [...values] };
  const [kind] = kinds;
  const type = kind === 'number' ? (values.every((v) => Number.isInteger(v)) ? 'integer' : 'number') : kind;
  return { type, enum: [...values] };
}

/**
 * The members of a union as written, where TypeScript kept that: `Kind | null` keeps the alias
 * `Kind` (its `origin`), so a named literal union stays a named schema.
 */
function members(type: ts.UnionType): ts.Type[] {
  const origin = (type as ts.UnionType & { origin?: ts.Type }).origin;
  const listed = origin !== undefined && origin.isUnion() ? origin.types : type.types;
  return listed.flatMap((t) =>
    t.isUnion() &&
    t.aliasSymbol === undefined &&
    !(t.flags & ts.TypeFlags.EnumLiteral) &&
    !(t.flags & ts.TypeFlags.Boolean)
      ? members(t)
      : [t],
  );
}

/** TypeScript orders union members by creation; an alias's members keep the order they are written in. */
function inDeclaredOrder(w: Walker, type: ts.UnionType, list: ts.Type[]): ts.Type[] {
  const decl = type.aliasSymbol?.declarations?.[0];
  if (decl === undefined || !ts.isTypeAliasDeclaration(decl) || !ts.isUnionTypeNode(decl.type)) return list;
  const written = decl.type.types.map((n) => w.checker.getTypeFromTypeNode(n));
  const boolean = written.indexOf(w.checker.getBooleanType());
  const rank = (t: ts.Type) => {
    const i = written.indexOf(t);
    if (i !== -1) return i;
    return t.flags & ts.TypeFlags.BooleanLiteral && boolean !== -1 ? boolean : written.length;
  };
  return [...list].sort((a, b) => rank(a) - rank(b));
}

/** Enum members grouped back into their enum when all of them are present (`Color | null`). */
function regroupEnums(w: Walker, list: ts.Type[], union: ts.Type): ts.Type[] {
  const byEnum = new Map<ts.EnumDeclaration, ts.Type[]>();
  for (const t of list) {
    const decl = t.getSymbol()?.valueDeclaration;
    if (t.flags & ts.TypeFlags.EnumLiteral && !t.isUnion() && decl && ts.isEnumMember(decl)) {
      byEnum.set(decl.parent, [...(byEnum.get(decl.parent) ?? []), t]);
    }
  }
  let out = list;
  for (const [decl, found] of byEnum) {
    if (found.length !== decl.members.length) continue;
    const whole = w.checker.getTypeAtLocation(decl.name);
    if (whole === union) continue; // the enum's own body
    out = out.filter((t) => !found.includes(t));
    out.push(whole);
  }
  return out;
}

/**
 * A union: `undefined` (and `void`) means "may be absent" and is dropped — an object leaves such
 * a property out, and array elements refuse it before they get here; `null` makes it nullable
 * (`anyOf [x, null]`), literals become one `enum`, object members tagged by a common literal
 * property become `anyOf` + `discriminator` (its mapping names each member's component).
 */
export function unionShape(w: Walker, type: ts.UnionType, site: Site): Ir {
  let list = inDeclaredOrder(w, type, members(type));
  const hasNull = list.some((t) => t.flags & ts.TypeFlags.Null);
  list = list.filter((t) => !(t.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined | ts.TypeFlags.Void)));
  // `boolean` is `true | false` to TypeScript.
  const bools = list.filter((t) => t.flags & ts.TypeFlags.BooleanLiteral && !(t.flags & ts.TypeFlags.EnumLiteral));
  if (bools.length === 2) {
    const at = list.indexOf(bools[0]);
    list = list.flatMap((t, i) => (i === at ? [w.checker.getBooleanType()] : bools.includes(t) ? [] : [t]));
  }
  list = regroupEnums(w, list, type);
  const literals = list.filter((t) => literalValue(w, t) !== undefined);
  const others = list.filter((t) => literalValue(w, t) === undefined);
  const parts: Ir[] = [];
  if (others.length === 0 && literals.length > 0) parts.push(literalSchema(literals.map((t) => literalValue(w, t)!)));
  else {
    for (const kind of ['string', 'number', 'boolean']) {
      const values = literals.map((t) => literalValue(w, t)!).filter((v) => typeof v === kind);
      if (values.length > 0) parts.push(literalSchema(values));
    }
    parts.push(...others.map((t) => w.visit(t, site)));
  }
  let out: Ir;
  if (parts.length === 0)
    out = w.fail(site, `the union ${w.text(type)} has no member with a JSON form`, 'give the property a data type');
  else if (parts.length === 1) out = parts[0];
  else out = (literals.length === 0 ? discriminated(w, others, parts, site) : undefined) ?? { anyOf: parts };
  return hasNull ? nullable(out) : out;
}
