// A file cut into the parts a derivation can depend on: its top-level statements, each known by a
// key that survives edits of the other statements (`interface Item1`, the second `function f`),
// and its scope — what a name written in it resolves through (its top-level names, its imports and
// re-exports, whether it is a module). Syntax only: the tables are read again, without a checker,
// to tell whether a cached derivation still holds after an edit.
import { createHash } from 'node:crypto';
import { ts } from './tsMorph.ts';

/** One top-level statement: where its text starts (leading comments and JSDoc included) and its hash. */
export interface Unit {
  readonly start: number;
  readonly end: number;
  readonly hash: string;
}

/** A file's top-level statements by key, and the hash of its scope. */
export interface UnitTable {
  readonly units: ReadonlyMap<string, Unit>;
  readonly scope: string;
  /** Each statement's key, by statement. */
  readonly keys: ReadonlyMap<ts.Statement, string>;
}

const tables = new WeakMap<ts.SourceFile, UnitTable>();

function hashText(text: string): string {
  return createHash('sha1').update(text).digest('base64');
}

/** A statement's key before numbering: its kind and the names it declares. */
function baseKey(s: ts.Statement, sf: ts.SourceFile): string {
  if (ts.isVariableStatement(s)) return `${s.kind}:${s.declarationList.declarations.map((d) => d.name.getText(sf))}`;
  const name = (s as { readonly name?: ts.Node }).name;
  return `${s.kind}:${name === undefined ? '' : name.getText(sf)}`;
}

/** Statements whose text decides what other names resolve to: imports, re-exports, augmentations. */
function shapesScope(s: ts.Statement): boolean {
  return (
    ts.isImportDeclaration(s) ||
    ts.isImportEqualsDeclaration(s) ||
    ts.isExportDeclaration(s) ||
    ts.isExportAssignment(s) ||
    (ts.isModuleDeclaration(s) && !ts.isIdentifier(s.name)) ||
    (ts.isModuleDeclaration(s) && s.name.text === 'global')
  );
}

/** The unit table of a source file (kept per parsed file: an unchanged file is not cut again). */
export function unitTable(sf: ts.SourceFile): UnitTable {
  const known = tables.get(sf);
  if (known !== undefined) return known;
  const units = new Map<string, Unit>();
  const keys = new Map<ts.Statement, string>();
  const scope: string[] = [ts.isExternalModule(sf) ? 'module' : 'script'];
  const text = sf.text;
  for (const s of sf.statements) {
    const base = baseKey(s, sf);
    let key = base;
    for (let n = 1; units.has(key); n++) key = `${base}#${n}`;
    const start = s.getFullStart();
    const end = s.getEnd();
    units.set(key, { start, end, hash: hashText(text.slice(start, end)) });
    keys.set(s, key);
    scope.push(shapesScope(s) ? `${key}=${text.slice(s.getStart(sf), end)}` : key);
  }
  const table: UnitTable = { units, scope: hashText(scope.join('\n')), keys };
  tables.set(sf, table);
  return table;
}

/** The top-level statement a node is in (undefined for the source file itself). */
export function topStatement(node: ts.Node): ts.Statement | undefined {
  let n = node;
  while (n.parent !== undefined && !ts.isSourceFile(n.parent)) n = n.parent;
  return n.parent !== undefined ? (n as ts.Statement) : undefined;
}
