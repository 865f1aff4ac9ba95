import MagicString, { type SourceMap } from 'magic-string';
import { Node, SyntaxKind, type CallExpression, type SourceFile } from 'ts-morph';
import { codeFrame } from '../input/codeFrame.ts';
import type { Diagnostic } from '../input/Diagnostic.ts';
import type { DeriveProject } from './DeriveProject.ts';
import { deriveSchema, type DerivedSchema } from './deriveSchema.ts';

/** Where a named type is declared. */
export interface ComponentPlace {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly length: number;
}

/** One expanded call. */
export interface DerivedCall {
  readonly line: number;
  readonly column: number;
  /** The type argument as written. */
  readonly typeText: string;
  readonly schema: DerivedSchema;
}

/** What expanding a file gives: the code and its source map, the calls, the files read, the problems. */
export interface Expansion {
  readonly code: string;
  readonly map: SourceMap;
  readonly calls: readonly DerivedCall[];
  /** The file itself and every file whose declarations the derivations read (to watch, and to invalidate caches). */
  readonly consulted: readonly string[];
  /** Where each component (named type) the calls derived is declared, by name: two places for one name is an error across files too. */
  readonly components: ReadonlyMap<string, ComponentPlace>;
  readonly diagnostics: readonly Diagnostic[];
}

/** True when a `X.gen` callee's `X` is the runtime's `DeriveSchema` (followed through import aliases), not any object of that name. */
function isDeriveSchemaGen(call: CallExpression): boolean {
  const callee = call.getExpression();
  if (!Node.isPropertyAccessExpression(callee) || callee.getName() !== 'gen') return false;
  let symbol = callee.getExpression().getSymbol();
  if (symbol?.isAlias()) symbol = symbol.getAliasedSymbol() ?? symbol;
  if (symbol?.getName() !== 'DeriveSchema') return false;
  return (symbol.getDeclarations() ?? []).some((d) => {
    const path = d.getSourceFile().getFilePath();
    return path.includes('/@kitgen/runtime/') || /\/runtime\/(?:src|dist)\/schema\/DeriveSchema\.(?:d\.)?ts$/.test(path);
  });
}

/** The name of the export a call is under (`showPetById`), for the path in messages. */
function exportLabel(call: CallExpression): string | undefined {
  const declaration = call.getFirstAncestorByKind(SyntaxKind.VariableDeclaration);
  return declaration?.getName();
}

function placed(sf: SourceFile, node: Node, message: string, fix: string): Diagnostic {
  const { line, column } = sf.getLineAndColumnAtPos(node.getStart());
  return { severity: 'error', file: sf.getFilePath(), line, column, frame: codeFrame(sf.getFullText(), line, column, node.getWidth()), message, fix };
}

interface Cached {
  readonly text: string;
  readonly expansion: Expansion;
  /** Texts of the consulted files when derived. */
  readonly inputs: ReadonlyMap<string, string>;
}

const caches = new WeakMap<DeriveProject, Map<string, Cached>>();

/**
 * The one expansion function (kitgen generate, the build plugins and the Node loader call it), of
 * a file as on disk or of the `source` given: every `DeriveSchema.gen<T>()` call becomes `DeriveSchema.gen<T>(<schema of T>)`, the
 * schema as one line of JSON, the rest of the text unchanged; with a source map. Cached per file
 * and invalidated when the file or any file its types came from changes.
 */
export function expandDeriveSchema(file: string, project: DeriveProject, source?: string): Expansion {
  const sf = project.sourceFile(file);
  // A bundler hands the text it has (perhaps not yet saved); the project takes it as the file's.
  if (source !== undefined && source !== sf.getFullText()) sf.replaceWithText(source);
  const text = sf.getFullText();
  let cache = caches.get(project);
  if (!cache) caches.set(project, (cache = new Map()));
  const hit = cache.get(file);
  if (hit && hit.text === text && [...hit.inputs].every(([path, t]) => project.project.getSourceFile(path)?.getFullText() === t)) return hit.expansion;

  const checker = project.project.getTypeChecker().compilerObject;
  const out = new MagicString(text);
  const calls: DerivedCall[] = [];
  const consulted = new Set<string>([sf.getFilePath()]);
  const diagnostics: Diagnostic[] = [];
  const components = new Map<string, ComponentPlace>();
  for (const call of sf.getDescendantsOfKind(SyntaxKind.CallExpression)) {
    if (!isDeriveSchemaGen(call)) continue;
    if (call.getArguments().length > 0) continue; // already expanded
    const [typeArg] = call.getTypeArguments();
    if (typeArg === undefined) {
      diagnostics.push(placed(sf, call, 'DeriveSchema.gen() needs the type to derive', 'write DeriveSchema.gen<YourType>()'));
      continue;
    }
    const label = exportLabel(call);
    const derived = deriveSchema(typeArg.getType(), typeArg, typeArg.getText(), checker);
    for (const d of derived.diagnostics) diagnostics.push(label !== undefined ? { ...d, message: d.message.replace('cannot derive a schema for ', `cannot derive a schema for ${label} → `) } : d);
    for (const c of derived.consulted) consulted.add(c);
    for (const [name, node] of derived.components) {
      const dsf = node.getSourceFile();
      const { line: l, column: c } = dsf.getLineAndColumnAtPos(node.getStart());
      const other = components.get(name);
      if (other === undefined) components.set(name, { file: dsf.getFilePath(), line: l, column: c, length: Node.hasName(node) ? node.getNameNode().getWidth() : 1 });
      else if (other.file !== dsf.getFilePath() || other.line !== l) {
        diagnostics.push(placed(dsf, Node.hasName(node) ? node.getNameNode() : node, `two types are named ${name}: this one and the one in ${other.file}:${other.line}; a component name must be unique`, 'rename one of them'));
      }
    }
    const { line, column } = sf.getLineAndColumnAtPos(call.getStart());
    calls.push({ line, column, typeText: typeArg.getText(), schema: derived.schema });
    out.appendLeft(call.getEnd() - 1, JSON.stringify(derived.schema));
  }
  const expansion: Expansion = { code: out.toString(), map: out.generateMap({ hires: true, source: file, includeContent: true }), calls, consulted: [...consulted], components, diagnostics };
  const inputs = new Map([...consulted].filter((p) => p !== sf.getFilePath()).map((p) => [p, project.project.getSourceFile(p)?.getFullText() ?? '']));
  cache.set(file, { text, expansion, inputs });
  return expansion;
}
