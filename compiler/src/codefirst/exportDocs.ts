import { Node, type SourceFile, type VariableDeclaration } from '../derive/tsMorph.ts';
import type { ExportDocs } from './describeProtocol.ts';

/** Where something is in a source file (1-based line and column). */
export interface SourcePlace {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  /** Length of the marked text, for code frames. */
  readonly length: number;
}

/** What the compiler knows of a file's endpoint declarations from its source. */
export interface FileDeclarations {
  /** JSDoc of each exported variable, by export name. */
  readonly docs: Record<string, ExportDocs>;
  /** Where each exported variable is declared, by export name. */
  readonly places: Record<string, SourcePlace>;
  /** Variables holding an Endpoint that the file does not export. */
  readonly unexported: ReadonlyArray<{ readonly name: string; readonly place: SourcePlace }>;
}

function placeOf(node: Node): SourcePlace {
  const sf = node.getSourceFile();
  const { line, column } = sf.getLineAndColumnAtPos(node.getStart());
  return { file: sf.getFilePath(), line, column, length: node.getWidth() };
}

/** The JSDoc of a declaration: its first paragraph is the summary, the whole text the description when longer. */
function docsOf(declaration: VariableDeclaration): ExportDocs {
  const statement = declaration.getVariableStatement();
  const text = (statement?.getJsDocs() ?? [])
    .map((d) => d.getDescription().trim())
    .filter(Boolean)
    .join('\n\n');
  if (text === '') return {};
  const [first] = text.split(/\n\s*\n/);
  const summary = first.replace(/\s*\n\s*/g, ' ').trim();
  return text.trim() === first.trim() ? { summary } : { summary, description: text };
}

/** True when a declaration's type is the runtime's Endpoint (by the class name, whichever copy of the runtime). */
function holdsEndpoint(declaration: VariableDeclaration): boolean {
  const symbol = declaration.getType().getSymbol() ?? declaration.getType().getAliasSymbol();
  return symbol?.getName() === 'EndpointImpl';
}

/**
 * Reads a file's variable declarations: the JSDoc and place of each export (the export name
 * becomes the operationId, the JSDoc the summary and description), and the Endpoint variables it
 * does not export (which kitgen cannot see, so it says so).
 */
export function fileDeclarations(source: SourceFile): FileDeclarations {
  const docs: Record<string, ExportDocs> = {};
  const places: Record<string, SourcePlace> = {};
  const exported = new Set<VariableDeclaration>();
  for (const [name, declarations] of source.getExportedDeclarations()) {
    for (const d of declarations) {
      if (!Node.isVariableDeclaration(d) || d.getSourceFile() !== source) continue;
      exported.add(d);
      docs[name] = docsOf(d);
      places[name] = placeOf(d.getNameNode());
    }
  }
  const unexported: Array<{ name: string; place: SourcePlace }> = [];
  for (const statement of source.getVariableStatements()) {
    for (const d of statement.getDeclarations()) {
      if (exported.has(d) || !holdsEndpoint(d)) continue;
      unexported.push({ name: d.getName(), place: placeOf(d.getNameNode()) });
    }
  }
  return { docs, places, unexported };
}
