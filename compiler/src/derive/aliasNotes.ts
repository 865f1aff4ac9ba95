import { ts } from './tsMorph.ts';
import { docNotes, mergeNotes, type DocNotes } from './jsdocTags.ts';
import { isDefaultLib, namedTarget, type TypeContext } from './typeNames.ts';

// TypeScript's lib aliases that keep (part of) their first argument: its notes still apply.
const narrowing = new Set(['Exclude', 'Extract', 'NonNullable']);

/**
 * The JSDoc notes of the type alias a type is written with, where the type itself lost the
 * alias: TypeScript keeps no alias on a primitive (`/** @pattern ^[a-z]+$ *\/ type Slug = string`
 * is plain `string`) nor through `Exclude<Slug, ''>`, so the schema would lose the pattern. The
 * written type node is followed instead: aliases to aliases (outer notes win), `Exclude`,
 * `Extract` and `NonNullable` to their first argument, `T | null` to `T`. Undefined when the
 * type keeps a named alias (its component carries the notes) or nothing is documented.
 */
export function aliasNotes(
  ctx: TypeContext,
  node: ts.TypeNode | undefined,
  depth = 0,
  narrowed = false,
): DocNotes | undefined {
  if (node === undefined || depth > 10) return undefined;
  if (ts.isParenthesizedTypeNode(node)) return aliasNotes(ctx, node.type, depth + 1, narrowed);
  if (ts.isUnionTypeNode(node)) {
    const data = node.types.filter((t) => !isNullish(t));
    return data.length === 1 ? aliasNotes(ctx, data[0], depth + 1, narrowed) : undefined;
  }
  if (!ts.isTypeReferenceNode(node)) return undefined;
  // A named alias keeps its notes on its component, unless `Exclude` (or the like) narrowed it to another type.
  if (!narrowed && namedTarget(ctx, ctx.checker.getTypeFromTypeNode(node)) !== undefined) return undefined;
  let symbol = ctx.checker.getSymbolAtLocation(node.typeName);
  if (symbol !== undefined && symbol.flags & ts.SymbolFlags.Alias) symbol = ctx.checker.getAliasedSymbol(symbol);
  const decl = symbol?.declarations?.find(ts.isTypeAliasDeclaration);
  if (symbol === undefined || decl === undefined) return undefined;
  if (isDefaultLib(ctx, decl)) {
    const first = node.typeArguments?.[0];
    return narrowing.has(symbol.getName()) ? aliasNotes(ctx, first, depth + 1, true) : undefined;
  }
  const own = docNotes(symbol, ctx.checker).notes;
  const under = aliasNotes(ctx, decl.type, depth + 1);
  const notes = under === undefined ? own : mergeNotes(under, own);
  return isEmpty(notes) ? undefined : notes;
}

function isNullish(node: ts.TypeNode): boolean {
  if (node.kind === ts.SyntaxKind.UndefinedKeyword) return true;
  return ts.isLiteralTypeNode(node) && node.literal.kind === ts.SyntaxKind.NullKeyword;
}

function isEmpty(notes: DocNotes): boolean {
  return Object.keys(notes).every((k) => k === 'constraints') && Object.keys(notes.constraints).length === 0;
}
