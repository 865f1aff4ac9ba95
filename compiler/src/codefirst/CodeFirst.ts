import { readFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createDeriveProject, expandDeriveSchema, type DeriveProject } from '../derive/index.ts';
import { ts } from 'ts-morph';
import { CompileError, diagnosticAtText, type Diagnostic } from '../diagnostics/index.ts';
import type { DescribeResult, EndpointFound, ExportDocs } from './describeProtocol.ts';
import { EndpointLoader } from './EndpointLoader.ts';
import { resolveEndpointFiles } from './endpointFiles.ts';
import { fileDeclarations, type FileDeclarations, type SourcePlace } from './exportDocs.ts';
import { moduleVersions } from './moduleVersions.ts';
import { describeFailureDiagnostic, loadFailureDiagnostic, placedDiagnostic } from './failureDiagnostics.ts';

/** Options of a code-first run. */
export interface CodeFirstOptions {
  /** A `.ts` file or a glob of endpoint definition files. */
  readonly input: string;
  readonly cwd: string;
  /** The tsconfig (default: the nearest one above the first file). */
  readonly tsconfig?: string;
  /** Derived objects without an index signature are closed (`additionalProperties: false`). */
  readonly closedObjects?: boolean;
  /** Title and version of the document (default: the nearest package.json's name and version). */
  readonly title?: string;
  readonly version?: string;
}

/** What reading endpoint definition files gives. */
export interface CodeFirstResult {
  /** The OpenAPI document of the exported endpoints (`OpenAPIGen.fromEndpoints`). */
  readonly document: Record<string, unknown>;
  /** The endpoint definition files, absolute. */
  readonly files: readonly string[];
  /** Each file's text with its DeriveSchema.gen<T>() calls expanded: the endpoint files, and the user's modules they import that call it too. */
  readonly expanded: ReadonlyMap<string, string>;
  readonly endpoints: readonly EndpointFound[];
  readonly warnings: readonly Diagnostic[];
  /** Every file the derivations read (to watch). */
  readonly consulted: readonly string[];
}

async function packageInfo(from: string): Promise<{ name?: string; version?: string }> {
  for (let dir = dirname(from); ; dir = dirname(dir)) {
    const text = await readFile(join(dir, 'package.json'), 'utf8').catch(() => undefined);
    if (text !== undefined) {
      try {
        const p = JSON.parse(text) as { name?: unknown; version?: unknown };
        return { ...(typeof p.name === 'string' ? { name: p.name } : {}), ...(typeof p.version === 'string' ? { version: p.version } : {}) };
      } catch {
        return {};
      }
    }
    if (dirname(dir) === dir) return {};
  }
}

/** A file's syntax errors (only these: kitgen never asks for a full type-check of the user's program). */
function syntaxErrors(project: DeriveProject, file: string): Diagnostic[] {
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

/** The user's modules (imported by relative paths; not declarations) the files import, directly or not, that mention DeriveSchema. */
function importedDeriving(project: DeriveProject, files: readonly string[]): string[] {
  const seen = new Set<string>(files);
  const out: string[] = [];
  const queue = [...files];
  while (queue.length > 0) {
    const sf = project.sourceFile(queue.shift()!);
    // Relative specifiers only: a package (the runtime included, wherever it lives) is not the user's module.
    const declarations = [...sf.getImportDeclarations(), ...sf.getExportDeclarations()].filter((d) => /^\.\.?\//.test(d.getModuleSpecifierValue() ?? ''));
    const targets = declarations.map((d) => d.getModuleSpecifierSourceFile());
    for (const target of targets) {
      if (target === undefined || target.isDeclarationFile() || target.isInNodeModules()) continue;
      const path = target.getFilePath();
      if (seen.has(path)) continue;
      seen.add(path);
      queue.push(path);
      if (target.getFullText().includes('DeriveSchema')) out.push(path);
    }
  }
  return out;
}

/** The folder all files share, for laying their copies out below the output folder. */
export function commonDir(files: readonly string[]): string {
  let dir = dirname(files[0]);
  while (!files.every((f) => f.startsWith(dir + sep))) dir = dirname(dir);
  return dir;
}

/** Where a file's expanded copy goes below the output folder (`definitions/pets.endpoints.ts`). */
export function definitionPath(file: string, files: readonly string[]): string {
  return ['definitions', ...relative(commonDir(files), file).split(sep)].join('/');
}

/**
 * Endpoint definition files → OpenAPI document: expands every `DeriveSchema.gen<T>()` (ts-morph,
 * one long-lived project), loads the modules on the loader thread, and describes their exported
 * endpoints with the runtime's `OpenAPIGen` — the runtime's builder is the one meaning of an
 * endpoint. A session is kept by `--watch`: the project and the thread live on, and each run
 * re-reads only what changed and loads again only the modules an edit reached.
 */
export class CodeFirstSession {
  readonly #options: CodeFirstOptions;
  #project: DeriveProject | undefined;
  readonly #loader = new EndpointLoader();
  /** Each endpoint file's declarations with the content hash they were read at: a watch's run reads only edited files again. */
  readonly #declarations = new Map<string, { readonly hash: string; readonly value: FileDeclarations }>();
  /** The last description and what it was asked with. */
  #last: { readonly key: string; readonly result: DescribeResult } | undefined;

  constructor(options: CodeFirstOptions) {
    this.#options = options;
  }

  /** Reads the files now (after a change, only what changed is derived again). */
  async describe(): Promise<CodeFirstResult> {
    const files = await resolveEndpointFiles(this.#options.input, this.#options.cwd);
    // A watch's next run: re-read the files that changed on disk (the expansion cache checks the rest).
    if (this.#project) this.#project.refreshAll();
    this.#project ??= createDeriveProject({
      cwd: dirname(files[0]),
      ...(this.#options.tsconfig !== undefined ? { tsconfig: this.#options.tsconfig } : {}),
      ...(this.#options.closedObjects === true ? { closedObjects: true } : {}),
    });
    const project = this.#project;
    project.addFiles(files);
    const errors: Diagnostic[] = [];
    const warnings: Diagnostic[] = [];
    const expanded = new Map<string, string>();
    const sources: Record<string, string> = {};
    const docs: Record<string, Record<string, ExportDocs>> = {};
    const places = new Map<string, SourcePlace>();
    const consulted = new Set<string>();
    // The endpoint files, then the user's modules they import that call DeriveSchema.gen<T>() too
    // (a shared schemas file): both load expanded, and both are copied under definitions/.
    const helpers = importedDeriving(project, files);
    for (const file of [...files, ...helpers]) {
      const isInput = files.includes(file);
      const syntax = syntaxErrors(project, file);
      if (syntax.length > 0) {
        errors.push(...syntax);
        continue;
      }
      const result = expandDeriveSchema(file, project);
      if (!isInput && result.calls.length === 0) continue;
      // A bad type used by several calls is reported once, at its declaration.
      for (const d of result.diagnostics) {
        const list = d.severity === 'error' ? errors : warnings;
        if (!list.some((o) => o.file === d.file && o.line === d.line && o.column === d.column)) list.push(d);
      }
      for (const c of result.consulted) consulted.add(c);
      expanded.set(file, result.code);
      sources[pathToFileURL(file).href] = result.code;
      if (!isInput) continue;
      const declarations = this.#declarationsOf(project, file);
      docs[file] = declarations.docs;
      for (const [name, place] of Object.entries(declarations.places)) places.set(`${file}#${name}`, place);
      for (const u of declarations.unexported) {
        warnings.push(
          placedDiagnostic(
            u.place,
            file,
            'warning',
            `endpoint "${u.name}" is not exported, so it is not described (kitgen reads the exported endpoints)`,
            `export it: export const ${u.name} = …`,
            project.sourceFile(file).getFullText(),
          ),
        );
      }
    }
    if (errors.length > 0) throw new CompileError([...errors, ...warnings]);
    const pkg = await packageInfo(files[0]);
    const { versions, complete } = moduleVersions(project, files, expanded);
    const request = {
      files,
      sources,
      versions,
      title: this.#options.title ?? pkg.name ?? 'API',
      version: this.#options.version ?? pkg.version ?? '0.0.0',
      docs,
    };
    // The same modules (every one versioned, no version changed) with the same docs describe the
    // same document: an edit that changed no expansion (a comment, a type no call reads) skips the loading thread.
    const key = complete ? JSON.stringify([files, versions, request.title, request.version, docs]) : undefined;
    const result = key !== undefined && this.#last?.key === key ? this.#last.result : await this.#loader.describe(request);
    this.#last = key !== undefined && result.kind === 'described' ? { key, result } : undefined;
    if (result.kind === 'load-failed') throw new CompileError([loadFailureDiagnostic(result.failure, files), ...warnings]);
    if (result.kind === 'describe-failed') throw new CompileError([describeFailureDiagnostic(result.failure, result.endpoints, places), ...warnings]);
    if (result.endpoints.length === 0) {
      throw new CompileError([
        {
          severity: 'error',
          file: this.#options.input,
          message: 'no exported Endpoint found',
          fix: 'export the endpoints: export const getPet = Endpoint(RoutePattern.GET(…))…',
        },
        ...warnings,
      ]);
    }
    return { document: JSON.parse(result.json) as Record<string, unknown>, files, expanded, endpoints: result.endpoints, warnings, consulted: [...consulted] };
  }

  #declarationsOf(project: DeriveProject, file: string): FileDeclarations {
    const hash = project.hashOf(file);
    const known = this.#declarations.get(file);
    if (known?.hash === hash) return known.value;
    const value = fileDeclarations(project.sourceFile(file));
    this.#declarations.set(file, { hash, value });
    return value;
  }

  /** Stops the loader thread. */
  async close(): Promise<void> {
    await this.#loader.close();
  }
}
