import { ts } from './tsMorph.ts';
import { pascalCase } from '../names/identifiers.ts';

/** What derivation needs from the program to classify types. */
export interface TypeContext {
  readonly checker: ts.TypeChecker;
  readonly program: ts.Program;
}

/** A type that becomes a named component: its declaring symbol, declaration and type arguments. */
export interface NamedTarget {
  readonly symbol: ts.Symbol;
  readonly declaration: ts.Declaration;
  readonly args: readonly ts.Type[];
}

/** True for declarations of TypeScript's own lib files (`lib.es2023.d.ts`, …). */
export function isDefaultLib(ctx: TypeContext, node: ts.Node): boolean {
  return ctx.program.isSourceFileDefaultLibrary(node.getSourceFile());
}

/** True for declarations that come with the platform: TypeScript's lib or Node's types (`Buffer`). */
export function isPlatformDeclaration(ctx: TypeContext, node: ts.Node): boolean {
  const sf = node.getSourceFile();
  return ctx.program.isSourceFileDefaultLibrary(sf) || /[\\/]node_modules[\\/]@types[\\/]node[\\/]/.test(sf.fileName);
}

/** The name of a platform type (`Date`, `Map`, `Uint8Array`), or undefined for user types. */
export function platformName(ctx: TypeContext, type: ts.Type): string | undefined {
  const symbol = type.getSymbol();
  const decl = symbol?.declarations?.[0];
  if (symbol === undefined || decl === undefined || !isPlatformDeclaration(ctx, decl)) return undefined;
  return symbol.getName();
}

const namedFlags = ts.SymbolFlags.Interface | ts.SymbolFlags.Class | ts.SymbolFlags.Enum;

/**
 * Whether a type is named (a component): a user's type alias, interface, class or enum — with
 * its type arguments. Aliases from TypeScript's lib (`Partial`, `Pick`, `Record`, …) and other
 * anonymous (mapped, literal) types are structural: inlined where used.
 */
export function namedTarget(ctx: TypeContext, type: ts.Type): NamedTarget | undefined {
  const alias = type.aliasSymbol;
  const aliasDecl = alias?.declarations?.[0];
  if (alias !== undefined && aliasDecl !== undefined) {
    if (isDefaultLib(ctx, aliasDecl)) return undefined;
    return { symbol: alias, declaration: aliasDecl, args: type.aliasTypeArguments ?? [] };
  }
  const symbol = type.getSymbol();
  const decl = symbol?.declarations?.[0];
  if (symbol === undefined || decl === undefined || (symbol.flags & namedFlags) === 0) return undefined;
  if (isPlatformDeclaration(ctx, decl)) return undefined;
  // An enum member's literal type carries the member's symbol; the enum itself is a union.
  if (symbol.flags & ts.SymbolFlags.EnumMember) return undefined;
  return { symbol, declaration: decl, args: typeArguments(ctx, type) };
}

/** Type arguments of a generic interface/class reference, without TypeScript's implicit `this` argument. */
export function typeArguments(ctx: TypeContext, type: ts.Type): readonly ts.Type[] {
  if (!(type.flags & ts.TypeFlags.Object) || !((type as ts.ObjectType).objectFlags & ts.ObjectFlags.Reference))
    return [];
  const ref = type as ts.TypeReference;
  const declared = ref.target.typeParameters?.length ?? 0;
  return ctx.checker.getTypeArguments(ref).slice(0, declared);
}

/**
 * The component name of a named type: its declared name, with type arguments spelled out
 * (`Page<User>` → `PageOfUser`, `Pair<A, B>` → `PairOfAAndB`), so names stay readable and valid
 * in OpenAPI (`^[a-zA-Z0-9._-]+$`).
 */
export function componentNameOf(ctx: TypeContext, target: NamedTarget): string {
  const base = target.symbol.getName();
  const args = target.args.map((a) => argumentName(ctx, a, 0));
  return sanitize(args.length > 0 ? `${base}Of${args.join('And')}` : base);
}

function sanitize(name: string): string {
  const clean = name.replace(/[^A-Za-z0-9._-]/g, '');
  return clean === '' ? 'Schema' : clean;
}

const intrinsic: ReadonlyArray<readonly [ts.TypeFlags, string]> = [
  [ts.TypeFlags.String, 'String'],
  [ts.TypeFlags.Number, 'Number'],
  [ts.TypeFlags.Boolean, 'Boolean'],
  [ts.TypeFlags.BigInt, 'BigInt'],
  [ts.TypeFlags.Null, 'Null'],
  [ts.TypeFlags.Undefined, 'Undefined'],
  [ts.TypeFlags.Void, 'Void'],
  [ts.TypeFlags.Never, 'Never'],
  [ts.TypeFlags.Any, 'Unknown'],
  [ts.TypeFlags.Unknown, 'Unknown'],
];

/** A readable word for a type used as a type argument. */
function argumentName(ctx: TypeContext, type: ts.Type, depth: number): string {
  if (depth > 4) return 'Type';
  const named = namedTarget(ctx, type);
  if (named) return componentNameOf(ctx, named);
  for (const [flag, word] of intrinsic) if (type.flags & flag) return word;
  if (type.isStringLiteral()) return pascalCase(type.value) || 'Empty';
  if (type.isNumberLiteral()) return `N${String(type.value).replace('-', 'Minus').replace('.', '_')}`;
  if (type.flags & ts.TypeFlags.BooleanLiteral) return pascalCase(ctx.checker.typeToString(type));
  if (ctx.checker.isArrayType(type))
    return `${argumentName(ctx, ctx.checker.getTypeArguments(type as ts.TypeReference)[0], depth + 1)}Array`;
  if (ctx.checker.isTupleType(type)) {
    // The elements are named too, so `Pair<['a', string]>` and `Pair<['b', number]>` stay apart.
    const elements = ctx.checker.getTypeArguments(type as ts.TypeReference).map((t) => argumentName(ctx, t, depth + 1));
    return elements.length === 0 ? 'EmptyTuple' : `TupleOf${elements.join('And')}`;
  }
  if (type.isUnion()) return type.types.map((t) => argumentName(ctx, t, depth + 1)).join('Or');
  if (type.isIntersection()) return type.types.map((t) => argumentName(ctx, t, depth + 1)).join('With');
  const alias = type.aliasSymbol;
  if (alias) {
    const args = (type.aliasTypeArguments ?? []).map((a) => argumentName(ctx, a, depth + 1));
    return `${alias.getName()}${args.length > 0 ? `Of${args.join('And')}` : ''}`;
  }
  const platform = platformName(ctx, type);
  if (platform !== undefined) return platform;
  return 'Object';
}
