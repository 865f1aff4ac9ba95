// Reading a file's facts with TypeScript (ts-morph): loaded only when some file's cached facts do
// not hold, so a run that finds every fact in the cache never loads the compiler's TypeScript.
import { ts } from '../derive/tsMorph.ts';
import { diagnosticAtText, type Diagnostic } from '../diagnostics/index.ts';
import {
  createDeriveProject,
  expandDeriveSchema,
  type DeriveProject,
  type DeriveProjectOptions,
} from '../derive/index.ts';
import { fileDeclarations, type FileDeclarations } from './exportDocs.ts';
import type { DiskHashes, ExpansionFacts, FileFacts, ImportLink } from './fileFacts.ts';
import { unlistedLoad } from './moduleVersions.ts';

export { createDeriveProject, type DeriveProject, type DeriveProjectOptions };

/** A relative module specifier: the user's own module (a package, the runtime included, is not). */
const relative = /^\.\.?\//;

/** A file's syntax errors (only these: kitgen never asks for a full type-check of the user's program). */
export function syntaxErrors(project: DeriveProject, file: string): Diagnostic[] {
  const sf = project.sourceFile(file);
  const text = sf.getFullText();
  return project.project
    .getProgram()
    .compilerObject.getSyntacticDiagnostics(sf.compilerNode)
    .map((d) => {
      const { line, character } = sf.compilerNode.getLineAndCharacterOfPosition(d.start ?? 0);
      const message = ts.flattenDiagnosticMessageText(d.messageText, ' ');
      return diagnosticAtText(
        { file, text, line: line + 1, column: character + 1, length: d.length ?? 1 },
        'error',
        `syntax error: ${message} (TS${d.code})`,
        'fix the syntax; `tsc --noEmit` reports it too',
      );
    });
}

/** The relative imports and re-exports of a file, resolved as TypeScript resolves them. */
function importsOf(project: DeriveProject, file: string): ImportLink[] {
  const sf = project.sourceFile(file);
  const links: ImportLink[] = [];
  for (const d of [...sf.getImportDeclarations(), ...sf.getExportDeclarations()]) {
    const spec = d.getModuleSpecifierValue();
    if (spec === undefined || !relative.test(spec)) continue;
    const target = d.getModuleSpecifierSourceFile();
    links.push({
      target: target?.getFilePath() ?? null,
      typeOnly: d.isTypeOnly(),
      external: target !== undefined && (target.isDeclarationFile() || target.isInNodeModules()),
    });
  }
  return links;
}

/** A file's facts read from the project: its imports, and (when asked) its expansion and declarations. */
export function readFacts(
  project: DeriveProject,
  file: string,
  disk: DiskHashes,
  want: { readonly expansion: boolean; readonly declarations: boolean },
): FileFacts {
  // Its imports and declarations are read with the checker: the file must be in its program.
  project.programFile(file);
  const text = project.sourceFile(file).getFullText();
  let expansion: ExpansionFacts | undefined;
  let declarations: FileDeclarations | undefined;
  if (want.expansion) {
    const e = expandDeriveSchema(file, project);
    expansion = {
      consulted: Object.fromEntries(e.consulted.map((c) => [c, disk.hash(c)])),
      code: e.code,
      calls: e.calls.length,
      diagnostics: e.diagnostics,
      components: e.components,
      insertions: e.insertions,
    };
  }
  if (want.declarations) declarations = fileDeclarations(project.sourceFile(file));
  return {
    hash: disk.hash(file),
    imports: importsOf(project, file),
    mentionsDerive: text.includes('DeriveSchema'),
    dynamicLoad: unlistedLoad.test(text),
    ...(expansion ? { expansion } : {}),
    ...(declarations ? { declarations } : {}),
  };
}
