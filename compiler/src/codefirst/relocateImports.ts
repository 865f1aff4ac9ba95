import { existsSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';
import MagicString from 'magic-string';
import { ts } from '../derive/tsMorph.ts';
import type { Insertion } from '../derive/insertions.ts';

/** A relative specifier from `fromDir` to `target` (`./x.js`, `../api/x.js`), in POSIX form. */
function specifierTo(fromDir: string, target: string): string {
  const rel = relative(fromDir, target).split(sep).join('/');
  return rel.startsWith('.') ? rel : `./${rel}`;
}

/** The TypeScript file a relative specifier names (`./pets.js` may be `./pets.ts`). */
function sourceOf(specifierPath: string): string {
  if (existsSync(specifierPath)) return specifierPath;
  for (const [js, tsExt] of [
    ['.js', '.ts'],
    ['.mjs', '.mts'],
    ['.cjs', '.cts'],
    ['.jsx', '.tsx'],
  ] as const) {
    if (specifierPath.endsWith(js) && existsSync(specifierPath.slice(0, -js.length) + tsExt))
      return specifierPath.slice(0, -js.length) + tsExt;
  }
  return specifierPath;
}

/** The text before an expansion: `code` without the texts `insertions` put into it. */
function withoutInsertions(code: string, insertions: readonly Insertion[]): string {
  let text = '';
  let at = 0;
  let shift = 0;
  for (const [offset, length] of insertions) {
    text += code.slice(at, offset + shift);
    at = offset + shift + length;
    shift += length;
  }
  return text + code.slice(at);
}

/**
 * The text of `fromFile` as it must read when it lives at `toFile`: every relative module
 * specifier (imports, re-exports, `import()`, `import type`) points at the same file as before, or
 * at the moved copy of another moved file (`moved`: source path → new path).
 *
 * With `insertions` (where an expansion put its derived schemas into `code`), only the text
 * before the expansion is parsed, often a tenth of the size, and each specifier's place is
 * carried over the insertions before it: no specifier is ever inside an inserted schema.
 */
export function relocateImports(
  code: string,
  fromFile: string,
  toFile: string,
  moved: ReadonlyMap<string, string>,
  insertions: readonly Insertion[] = [],
): string {
  const parsed = insertions.length > 0 ? withoutInsertions(code, insertions) : code;
  const source = ts.createSourceFile(fromFile, parsed, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const out = new MagicString(code);
  // Insertions are in offset order and specifiers are visited in text order: one pass over both.
  let passed = 0;
  let shift = 0;
  const expandedAt = (pos: number) => {
    // A text inserted at a specifier's own offset goes before it (the expansion appends at its left).
    while (passed < insertions.length && insertions[passed][0] <= pos) shift += insertions[passed++][1];
    return pos + shift;
  };
  const rewrite = (literal: ts.StringLiteralLike) => {
    const spec = literal.text;
    if (!spec.startsWith('./') && !spec.startsWith('../')) return;
    const target = resolve(dirname(fromFile), spec);
    const real = sourceOf(target);
    const movedTo = moved.get(real);
    let next: string;
    if (movedTo !== undefined) {
      // Keep the specifier's extension style: './pets.js' of a moved './pets.ts' stays '.js'.
      const ext = spec.match(/\.[cm]?[jt]sx?$/)?.[0] ?? '';
      next = specifierTo(dirname(toFile), movedTo.replace(/\.[cm]?tsx?$/, '') + ext);
    } else next = specifierTo(dirname(toFile), target);
    const start = expandedAt(literal.getStart(source));
    out.overwrite(start + 1, start + literal.getEnd() - literal.getStart(source) - 1, next);
  };
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteralLike(node.moduleSpecifier)
    )
      rewrite(node.moduleSpecifier);
    else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    )
      rewrite(node.arguments[0]);
    else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteralLike(node.argument.literal)
    )
      rewrite(node.argument.literal);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out.toString();
}
