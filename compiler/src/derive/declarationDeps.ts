// The declarations a derivation depends on, found with the checker: every name written in the
// type (and, transitively, in each declaration a name resolves to) is resolved as TypeScript
// resolves it — through imports and re-exports, into interfaces, aliases, enums, classes, `typeof`
// targets, functions whose return types are inferred — and the top-level statement holding each
// declaration is recorded with its text's hash (unitTable). Whatever decides a name's meaning is in
// the text of some recorded statement or in the scope of a recorded file, so a derivation whose
// statements and scopes all read as before derives the same schema. Anything not understood — a
// name that resolves to nothing, a `let` whose type flows from other statements, a package's file,
// a module used as a value — falls back to the whole file's hash.
import { ts } from './tsMorph.ts';
import { topStatement, unitTable } from './declarationUnits.ts';
import type { TypeContext } from './typeNames.ts';

/** What a derivation read: statements by file and key (with their hashes), files' scopes, whole files. */
export interface DeclarationDeps {
  /** File → statement key → the statement's hash. */
  readonly units: ReadonlyMap<string, ReadonlyMap<string, string>>;
  /** File → the hash of its scope. */
  readonly scopes: ReadonlyMap<string, string>;
  /** Files depended on as a whole (checked by their content hash). */
  readonly wholes: ReadonlySet<string>;
}

type Target =
  | { readonly unit: ts.Statement }
  | { readonly whole: ts.SourceFile }
  | { readonly scope: ts.SourceFile }
  | { readonly module: ts.SourceFile };

/** Names with a symbol but no declaration that mean the same in every program. */
const intrinsic = new Set(['undefined', 'globalThis', 'arguments']);

/** A file that is not the user's own: a package's (its hash stands for all of it). */
function external(program: ts.Program, sf: ts.SourceFile): boolean {
  return program.isSourceFileFromExternalLibrary(sf) || /[\\/]node_modules[\\/]/.test(sf.fileName);
}

function contains(outer: ts.Node, inner: ts.Node): boolean {
  return inner.getSourceFile() === outer.getSourceFile() && inner.pos >= outer.pos && inner.end <= outer.end;
}

/** The module specifier of the import or re-export an alias is declared by. */
function moduleSpecifierOf(decl: ts.Node): ts.Expression | undefined {
  for (let n: ts.Node | undefined = decl; n !== undefined && !ts.isSourceFile(n); n = n.parent) {
    if (ts.isImportDeclaration(n) || ts.isExportDeclaration(n)) return n.moduleSpecifier;
    if (ts.isImportEqualsDeclaration(n))
      return ts.isExternalModuleReference(n.moduleReference) ? n.moduleReference.expression : undefined;
  }
  return undefined;
}

/** A name that is a declaration's own name (it resolves to nothing outside the declaration). */
function isDeclarationName(id: ts.Identifier): boolean {
  return (id.parent as { readonly name?: ts.Node } | undefined)?.name === id;
}

/** The `const` of `as const` (TypeScript reads it as a type named `const`). */
function isConstAssertion(id: ts.Identifier): boolean {
  return id.text === 'const' && ts.isTypeReferenceNode(id.parent) && ts.isAssertionExpression(id.parent.parent);
}

/**
 * Finds the dependencies of derivations in one program (one checker): each statement's direct
 * dependencies are resolved once per program.
 */
export class DependencyReader {
  readonly #direct = new Map<ts.Statement, Target[] | null>();

  constructor(readonly ctx: TypeContext) {}

  /**
   * What a type written at `root` depends on; undefined when some part could not be followed (the
   * caller then relies on the whole files' hashes). The root's own imports are not recorded: the
   * caller keys its cache by the type's fully qualified text, which already names what they resolve to.
   */
  closure(root: ts.Node): DeclarationDeps | undefined {
    const units = new Map<string, Map<string, string>>();
    const scopes = new Map<string, string>();
    const wholes = new Set<string>();
    const seen = new Set<ts.Node>();
    const queue = this.#targets(root, true);
    if (queue === null) return undefined;
    while (queue.length > 0) {
      const t = queue.pop()!;
      if ('whole' in t) wholes.add(t.whole.fileName);
      else if ('scope' in t) scopes.set(t.scope.fileName, unitTable(t.scope).scope);
      else if ('module' in t) {
        if (seen.has(t.module)) continue;
        seen.add(t.module);
        if (external(this.ctx.program, t.module)) {
          wholes.add(t.module.fileName);
          continue;
        }
        scopes.set(t.module.fileName, unitTable(t.module).scope);
        // A name found through `export * from` depends on every module the stars reach.
        for (const s of t.module.statements) {
          if (!ts.isExportDeclaration(s) || s.exportClause !== undefined || s.moduleSpecifier === undefined) continue;
          const target = this.#moduleFile(s.moduleSpecifier);
          if (target === undefined) return undefined;
          queue.push({ module: target });
        }
      } else {
        if (seen.has(t.unit)) continue;
        seen.add(t.unit);
        const sf = t.unit.getSourceFile();
        const table = unitTable(sf);
        const key = table.keys.get(t.unit)!;
        let mine = units.get(sf.fileName);
        if (mine === undefined) units.set(sf.fileName, (mine = new Map()));
        mine.set(key, table.units.get(key)!.hash);
        // The statement's names resolve through its file's top-level names and imports.
        scopes.set(sf.fileName, table.scope);
        let direct = this.#direct.get(t.unit);
        if (direct === undefined) this.#direct.set(t.unit, (direct = this.#targets(t.unit, false)));
        if (direct === null) return undefined;
        queue.push(...direct);
      }
    }
    return { units, scopes, wholes };
  }

  #moduleFile(specifier: ts.Expression): ts.SourceFile | undefined {
    const symbol = this.ctx.checker.getSymbolAtLocation(specifier);
    return symbol?.declarations?.find(ts.isSourceFile);
  }

  /** The direct dependencies of the names written in `node`; null when one cannot be followed. */
  #targets(node: ts.Node, root: boolean): Target[] | null {
    const out: Target[] = [];
    const visit = (n: ts.Node): boolean => {
      if (ts.isIdentifier(n)) return this.#resolve(n, node, root, out);
      // A property's name is reached through the type of what is left of the dot.
      if (ts.isPropertyAccessExpression(n)) return visit(n.expression);
      return ts.forEachChild(n, (c) => (visit(c) ? undefined : true)) !== true;
    };
    return visit(node) ? out : null;
  }

  #resolve(id: ts.Identifier, within: ts.Node, root: boolean, out: Target[]): boolean {
    const { checker } = this.ctx;
    const symbols = [checker.getSymbolAtLocation(id)];
    if (ts.isShorthandPropertyAssignment(id.parent)) symbols.push(checker.getShorthandAssignmentValueSymbol(id.parent));
    for (const found of symbols) {
      if (found === undefined) {
        if (isDeclarationName(id)) continue;
        return false;
      }
      if (!this.#declarations(found, within, root, out, id)) return false;
    }
    return true;
  }

  #declarations(found: ts.Symbol, within: ts.Node, root: boolean, out: Target[], id: ts.Identifier): boolean {
    const { checker, program } = this.ctx;
    let symbol = found;
    const hops = new Set<ts.Symbol>();
    while (symbol.flags & ts.SymbolFlags.Alias && !hops.has(symbol)) {
      hops.add(symbol);
      for (const d of symbol.declarations ?? []) {
        if (root || contains(within, d)) continue;
        out.push({ scope: d.getSourceFile() });
        const spec = moduleSpecifierOf(d);
        const target = spec === undefined ? undefined : this.#moduleFile(spec);
        if (spec !== undefined && target === undefined) return false;
        if (target !== undefined) out.push({ module: target });
      }
      symbol = checker.getImmediateAliasedSymbol(symbol) ?? checker.getAliasedSymbol(symbol);
    }
    const decls = symbol.declarations ?? [];
    if (decls.length === 0) return intrinsic.has(id.text) || isDeclarationName(id) || isConstAssertion(id);
    for (const decl of decls) {
      const sf = decl.getSourceFile();
      if (program.isSourceFileDefaultLibrary(sf) || contains(within, decl)) continue;
      const stmt = topStatement(decl);
      if (external(program, sf) || stmt === undefined) {
        out.push({ whole: sf });
        continue;
      }
      // A `let`'s type at a use flows from assignments in other statements: the whole file.
      if (ts.isVariableStatement(stmt) && !(stmt.declarationList.flags & ts.NodeFlags.Const)) {
        out.push({ whole: sf });
        continue;
      }
      out.push({ unit: stmt });
    }
    return true;
  }
}
