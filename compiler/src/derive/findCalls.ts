import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ts } from './tsMorph.ts';

/** The package whose `DeriveSchema` export is expanded. */
export const runtimePackage = '@kitgen/runtime';
const exportName = 'DeriveSchema';

/** A `X.gen<…>(…)` call found by syntax alone; whether `X` is the runtime's DeriveSchema is checked later. */
export function genCalls(sf: ts.SourceFile): ts.CallExpression[] {
  const out: ts.CallExpression[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'gen'
    )
      out.push(node);
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

const packageNames = new Map<string, string | undefined>();

/** The `name` of the package.json nearest above a file. */
function packageNameOf(file: string): string | undefined {
  const dir = dirname(file);
  if (packageNames.has(dir)) return packageNames.get(dir);
  const manifest = join(dir, 'package.json');
  let name: string | undefined;
  if (existsSync(manifest)) {
    try {
      name = (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name;
    } catch {
      name = undefined;
    }
  } else if (dirname(dir) !== dir) name = packageNameOf(dir);
  packageNames.set(dir, name);
  return name;
}

const moduleOf = (decl: ts.Declaration): string | undefined => {
  const from = ts.isImportSpecifier(decl)
    ? decl.parent.parent.parent
    : ts.isExportSpecifier(decl)
      ? decl.parent.parent
      : ts.isNamespaceImport(decl)
        ? decl.parent.parent
        : undefined;
  const specifier =
    from && (ts.isImportDeclaration(from) || ts.isExportDeclaration(from)) ? from.moduleSpecifier : undefined;
  return specifier && ts.isStringLiteral(specifier) ? specifier.text : undefined;
};

/** True when an import/export specifier (`{ DeriveSchema as D }`) brings in the runtime's export. */
function importsIt(decl: ts.Declaration): boolean {
  if (!ts.isImportSpecifier(decl) && !ts.isExportSpecifier(decl)) return false;
  return moduleOf(decl) === runtimePackage && (decl.propertyName ?? decl.name).text === exportName;
}

/**
 * Whether the object of a `.gen` call is the runtime's `DeriveSchema`, by the checker: import
 * aliases (renamed, re-exported, `import * as kit`) are followed to the declaration, which must
 * be the runtime package's export. A local value that happens to be called DeriveSchema is not it.
 * When the runtime in reach predates the export, the import from '@kitgen/runtime' decides.
 */
export function isDeriveSchema(checker: ts.TypeChecker, expr: ts.Expression): boolean {
  let symbol = checker.getSymbolAtLocation(expr);
  if (symbol === undefined) {
    // `kit.DeriveSchema` where the module has no such export (yet): trust the namespace import.
    if (!ts.isPropertyAccessExpression(expr) || expr.name.text !== exportName) return false;
    const ns = checker.getSymbolAtLocation(expr.expression);
    return (ns?.declarations ?? []).some((d) => ts.isNamespaceImport(d) && moduleOf(d) === runtimePackage);
  }
  for (let hops = 0; hops < 20 && symbol.flags & ts.SymbolFlags.Alias; hops++) {
    if ((symbol.declarations ?? []).some(importsIt)) return true;
    const next: ts.Symbol | undefined = checker.getImmediateAliasedSymbol(symbol);
    if (next === undefined || next === symbol) return false;
    symbol = next;
  }
  if (symbol.getName() !== exportName) return false;
  return (symbol.declarations ?? []).some((d) => packageNameOf(d.getSourceFile().fileName) === runtimePackage);
}

/** The label of a call's derivation: the variable (export) or function it is in, else `file:line`. */
export function rootLabel(call: ts.Node): string {
  for (let node: ts.Node | undefined = call.parent; node !== undefined; node = node.parent) {
    if (
      (ts.isVariableDeclaration(node) || ts.isFunctionDeclaration(node) || ts.isClassDeclaration(node)) &&
      node.name &&
      ts.isIdentifier(node.name)
    ) {
      return node.name.text;
    }
  }
  const sf = call.getSourceFile();
  return `${sf.fileName.replace(/^.*[\\/]/, '')}:${sf.getLineAndCharacterOfPosition(call.getStart(sf)).line + 1}`;
}
