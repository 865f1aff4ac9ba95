import { existsSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';
import MagicString from 'magic-string';
import { ts } from 'ts-morph';

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

/**
 * The text of `fromFile` as it must read when it lives at `toFile`: every relative module
 * specifier (imports, re-exports, `import()`, `import type`) points at the same file as before, or
 * at the moved copy of another moved file (`moved`: source path → new path).
 */
export function relocateImports(
  code: string,
  fromFile: string,
  toFile: string,
  moved: ReadonlyMap<string, string>,
): string {
  const source = ts.createSourceFile(fromFile, code, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const out = new MagicString(code);
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
    out.overwrite(literal.getStart(source) + 1, literal.getEnd() - 1, next);
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
