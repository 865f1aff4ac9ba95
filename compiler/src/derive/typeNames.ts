import type { Node, Symbol as MorphSymbol, Type } from 'ts-morph';

const libFile = (path: string) => path.includes('/node_modules/typescript/lib/') || /\/lib\.[\w.]+\.d\.ts$/.test(path) || path.includes('/node_modules/@types/node/');

/** True when every declaration of a symbol is in TypeScript's or Node's own declarations. */
export function isLibSymbol(symbol: MorphSymbol | undefined): boolean {
  const decls = symbol?.getDeclarations() ?? [];
  return decls.length > 0 && decls.every((d) => libFile(d.getSourceFile().getFilePath()));
}

/** True when a symbol is declared in the user's code (not TypeScript's lib or a package). */
export function isUserSymbol(symbol: MorphSymbol | undefined): boolean {
  const decls = symbol?.getDeclarations() ?? [];
  return decls.length > 0 && decls.every((d) => !d.getSourceFile().getFilePath().includes('/node_modules/'));
}

const pascal = (text: string) =>
  text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join('');

/** A readable name for a type used as a type argument: `User`, `String`, `UserArray`, `Cat`. */
function argumentName(type: Type, at: Node): string {
  const named = componentName(type, at);
  if (named !== undefined) return named;
  if (type.isArray()) return `${argumentName(type.getArrayElementTypeOrThrow(), at)}Array`;
  if (type.isLiteral()) return pascal(String(type.getLiteralValue())) || 'Literal';
  return pascal(type.getText(at)) || 'Type';
}

/**
 * The component name of a type declared by the user (an interface, class, enum or type alias), or
 * undefined for anonymous and library types (mapped results like `Omit<Pet, 'id'>` are inlined).
 * Generic instances read as words: `Page<User>` → `PageOfUser`, `Pair<A, B>` → `PairOfAAndB`.
 */
export function componentName(type: Type, at: Node): string | undefined {
  const alias = type.getAliasSymbol();
  if (alias !== undefined && isUserSymbol(alias)) {
    const args = type.getAliasTypeArguments();
    return args.length === 0 ? alias.getName() : `${alias.getName()}Of${args.map((a) => argumentName(a, at)).join('And')}`;
  }
  const symbol = type.getSymbol();
  if (symbol === undefined || !isUserSymbol(symbol)) return undefined;
  if (!(type.isInterface() || type.isClass() || type.isEnum() || (type.isObject() && symbol.getName() !== '__type' && symbol.getName() !== '__object'))) return undefined;
  if (symbol.getName().startsWith('__')) return undefined;
  const args = type.getTypeArguments();
  return args.length === 0 ? symbol.getName() : `${symbol.getName()}Of${args.map((a) => argumentName(a, at)).join('And')}`;
}
