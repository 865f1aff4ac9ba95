import { diagnosticAtText } from '../diagnostics/index.ts';
import MagicString, { type SourceMap } from 'magic-string';
import { ts } from './tsMorph.ts';
import { aliasNotes } from './aliasNotes.ts';
import { deriveCompilerType, type DerivedComponent, type DerivedSchema, type Json } from './deriveSchema.ts';
import type { DeriveProject } from './DeriveProject.ts';
import { diagnosticAt, type DeriveDiagnostic } from './errors.ts';
import { genCalls, isDeriveSchema, rootLabel } from './findCalls.ts';
import type { Insertion } from './insertions.ts';
import { SharedSchemas } from './sharedSchemas.ts';

export type { SourceMap } from 'magic-string';

/** One expanded `DeriveSchema.gen<T>()` call. */
export interface DerivedCall {
  readonly file: string;
  /** 1-based position of the call. */
  readonly line: number;
  readonly column: number;
  /** The type argument as written (`Pet`, `Page<User>`). */
  readonly typeText: string;
  /** The root type's component name when it is named. */
  readonly name?: string;
  /** The label diagnostics start from (the export the call is in). */
  readonly root: string;
  readonly schema: Json;
}

/** The result of expanding one file. */
export interface Expansion {
  /** The file with every call expanded (byte-identical elsewhere). */
  readonly code: string;
  /** A v3 source map (hires) from `code` to the file; undefined when nothing changed. */
  readonly map: SourceMap | undefined;
  readonly calls: readonly DerivedCall[];
  /** Files whose declarations the expansion read, the file itself first: what a watcher watches. */
  readonly consulted: readonly string[];
  readonly diagnostics: readonly DeriveDiagnostic[];
  /** The named types the expansion made components of: a cache that skips the expansion checks their names against other files' with them. */
  readonly components: readonly DerivedComponent[];
  /** Where the derived schemas went, in offset order: with `code`, enough to rebuild `map` (insertions.ts). */
  readonly insertions: readonly Insertion[];
}

/**
 * Expands every `DeriveSchema.gen<T>()` of a file: the call becomes `DeriveSchema.gen<T>(<a
 * reference to the derived JSON Schema>)`, which the runtime hydrates; each distinct schema is
 * written once, at the end of the file (sharedSchemas.ts). The one function `kitgen generate`,
 * the build plugin and the Node loader all call, on the file as the project has it or on the
 * `source` given; results are cached until a file they read changes. A call with a problem is left
 * as it is (it throws at run time) and the problem is reported.
 */
export function expandDeriveSchema(file: string, project: DeriveProject, source?: string): Expansion {
  // A bundler hands the text it has (perhaps not yet saved); the project takes it as the file's.
  if (source !== undefined) project.update(file, source);
  const cached = project.cachedExpansion<Expansion>(file);
  if (cached !== undefined) return cached;
  const sf = project.sourceFile(file).compilerNode;
  const path = sf.fileName;
  const text = sf.getFullText();
  const candidates = text.includes('gen') ? genCalls(sf) : [];
  if (candidates.length === 0) {
    const plain: Expansion = {
      code: text,
      map: undefined,
      calls: [],
      consulted: [path],
      diagnostics: [],
      components: [],
      insertions: [],
    };
    project.storeExpansion(path, [path], plain);
    project.claimComponents(path, []);
    return plain;
  }
  // The program was rebuilt for the current texts: take the file's node from it, not the stale one.
  const current = project.programFile(path);
  const ctx = project.context();
  const ms = new MagicString(text);
  const calls: DerivedCall[] = [];
  const consulted = new Set<string>([path]);
  const diagnostics: DeriveDiagnostic[] = [];
  const components: DerivedComponent[] = [];
  const insertions: Insertion[] = [];
  const shared = new SharedSchemas(text, path);
  for (const call of genCalls(current)) {
    const target = (call.expression as ts.PropertyAccessExpression).expression;
    if (!isDeriveSchema(ctx.checker, target)) continue;
    if (call.arguments.length > 0) continue; // already expanded (or given its schema by hand)
    const root = rootLabel(call);
    const typeNode = call.typeArguments?.[0];
    if (typeNode === undefined) {
      diagnostics.push(
        diagnosticAt(
          { node: call, path: root },
          'DeriveSchema.gen() has no type argument: there is no type to derive a schema from',
          'write DeriveSchema.gen<YourType>()',
        ),
      );
      continue;
    }
    const type = ctx.checker.getTypeFromTypeNode(typeNode);
    const derived = derivedFor(project, ctx, type, typeNode, root);
    derived.consulted.forEach((f) => consulted.add(f));
    components.push(...derived.components);
    diagnostics.push(...derived.diagnostics);
    if (derived.diagnostics.some((d) => d.severity === 'error')) continue;
    const { line, character } = current.getLineAndCharacterOfPosition(call.getStart(current));
    calls.push({
      file: path,
      line: line + 1,
      column: character + 1,
      typeText: typeNode.getText(current),
      ...(derived.name ? { name: derived.name } : {}),
      root,
      schema: derived.schema,
    });
    // Inserted just before the closing parenthesis, on the call's own line, so no other line moves;
    // the schema itself goes once into the declaration appended at the end.
    const reference = shared.reference(derived.schema, JSON.stringify(derived.schema));
    ms.appendLeft(call.getEnd() - 1, reference);
    insertions.push([call.getEnd() - 1, reference.length]);
  }
  const declaration = shared.declaration(text);
  if (declaration !== '') {
    ms.appendLeft(text.length, declaration);
    insertions.push([text.length, declaration.length]);
  }
  for (const { mine, theirs } of project.claimComponents(path, components)) {
    const user = calls.find((c) => c.schema !== null && JSON.stringify(c.schema).includes(`"$id":"${mine.name}"`));
    const message = `two different types are named ${mine.name}: ${mine.declaredAt} and ${theirs.declaredAt} (component names must be unique across the project)`;
    const fix = 'rename one of them (the component name is the declared name)';
    diagnostics.push(
      user
        ? diagnosticAtText(
            { file: path, text, line: user.line, column: user.column, length: 'DeriveSchema.gen'.length },
            'error',
            message,
            fix,
          )
        : { severity: 'error', message, file: path, fix },
    );
  }
  const changed = ms.hasChanged();
  const result: Expansion = {
    code: changed ? ms.toString() : text,
    map: changed ? ms.generateMap({ hires: true, source: path, file: path, includeContent: true }) : undefined,
    calls,
    consulted: [path, ...[...consulted].filter((f) => f !== path).sort()],
    diagnostics,
    components,
    insertions: insertions.sort((a, b) => a[0] - b[0]),
  };
  project.storeExpansion(path, result.consulted, result);
  return result;
}

/** A type's derivation, from the project's cache when the files it read are unchanged. */
function derivedFor(
  project: DeriveProject,
  ctx: ReturnType<DeriveProject['context']>,
  type: ts.Type,
  node: ts.TypeNode,
  root: string,
): DerivedSchema {
  const declared =
    (type.aliasSymbol ?? type.getSymbol())?.declarations?.[0]?.getSourceFile().fileName ??
    node.getSourceFile().fileName;
  // A primitive alias's notes are read from the type as written (`Slug` is plain `string` to TypeScript).
  const notes = aliasNotes(ctx, node);
  const key = `${declared}\u0000${typeKey(ctx.checker, type)}${notes === undefined ? '' : `\u0000${JSON.stringify(notes)}`}`;
  const hit = project.cachedType(key);
  if (hit !== undefined) return hit;
  return project.storeType(
    key,
    deriveCompilerType(ctx, type, node, { root, closedObjects: project.closedObjects }),
    ctx,
    node,
  );
}

/**
 * What tells a type from the others of its file in the cache's keys. A named type without type
 * arguments (a non-generic alias, interface or class: most calls) is its symbol's qualified name,
 * which costs nothing; `typeToString` searches the scopes for an accessible name, ~1 ms a call
 * with a fresh checker, which every edit has.
 */
function typeKey(checker: ts.TypeChecker, type: ts.Type): string {
  const alias = type.aliasSymbol;
  if (alias !== undefined) {
    if ((type.aliasTypeArguments?.length ?? 0) === 0) return `\u0001${checker.getFullyQualifiedName(alias)}`;
  } else if (type.flags & ts.TypeFlags.Object) {
    const objectFlags = (type as ts.ObjectType).objectFlags;
    const symbol = type.getSymbol();
    if (
      symbol !== undefined &&
      objectFlags & (ts.ObjectFlags.Interface | ts.ObjectFlags.Class) &&
      (type as ts.InterfaceType).typeParameters === undefined
    )
      return `\u0001${checker.getFullyQualifiedName(symbol)}`;
  }
  return checker.typeToString(
    type,
    undefined,
    ts.TypeFormatFlags.UseFullyQualifiedType | ts.TypeFormatFlags.NoTruncation,
  );
}
