// The input adapter of endpoint definition files, loaded only for them. TypeScript (ts-morph) is
// loaded by what it calls only when a file has to be derived or a copy relocated anew.
import { ChunkedText } from '../ChunkedText.ts';
import type { CodeFirstResult, ExpandedFiles } from '../codefirst/CodeFirst.ts';
import { definitionPaths } from '../codefirst/definitionPaths.ts';
import { relocatedCopies } from '../codefirst/relocatedCopies.ts';
import { CompileError, type Diagnostic } from '../diagnostics/index.ts';
import { defaultCodeFirstTargets, withDependencies } from '../emit/index.ts';
import type { Api } from '../model/Api.ts';
import { modelFromDocument } from './documentModel.ts';
import type { InputModel, ReadInput } from './InputModel.ts';
import type { CodeFirstRunSession, GenerateRun } from './runGenerate.ts';

/**
 * Code-first: endpoint definition files → their OpenAPI document → the model, plus each file
 * with its DeriveSchema.gen<T>() calls expanded under `definitions/` (what runs, imported by
 * `index.ts`), its relative imports pointing back at the user's files. The files are described
 * (through `session`) when the model is asked for.
 */
export async function fromEndpointFiles(run: GenerateRun, session: CodeFirstRunSession): Promise<ReadInput> {
  return { model: () => endpointFilesModel(run, session) };
}

async function endpointFilesModel(run: GenerateRun, session: CodeFirstRunSession): Promise<InputModel> {
  let copies: Promise<Map<string, string>> | undefined;
  // The copies need only the expanded texts: made here while the loading thread describes.
  const cf = await session.describe((files) => {
    copies = copiesOf(files, run.out);
    // Awaited below; a describing that fails first leaves it unawaited, and its failure is that one's.
    copies.catch(() => undefined);
  });
  const definitionPath = definitionPaths([...cf.expanded.keys()]);
  const extra = await (copies ?? copiesOf(cf, run.out));
  const userModules = cf.files.map((f) => definitionPath(f).replace(/\.[cm]?tsx?$/, ''));
  // The client calls the user's own endpoints: one object per operation, typed by the user's types.
  const userEndpoints = Object.fromEntries(
    cf.endpoints.map((e) => [
      e.operationId,
      { module: definitionPath(e.file).replace(/\.[cm]?tsx?$/, ''), exportName: e.exportName },
    ]),
  );
  const targets = run.targets ?? defaultCodeFirstTargets;
  const sources = [...new Set([...cf.files, ...cf.consulted])];
  let api: Api;
  let warnings: Diagnostic[];
  let chunked: ReadonlyMap<string, () => ChunkedText> | undefined;
  if (targets.length === 1 && targets[0] === 'openapi') {
    api = documentOnly(cf);
    warnings = [...cf.warnings];
    // What emitOpenAPI writes of documentJson, as chunks.
    chunked = new Map([
      [
        'openapi.json',
        () => {
          const document = cf.documentText('\n');
          return new ChunkedText(document.chunks, document.text);
        },
      ],
    ]);
  } else {
    try {
      const model = modelFromDocument(cf.document, {
        file: `${run.input} (its OpenAPI document)`,
        int64: run.int64,
        targets: withDependencies(targets),
      });
      api = model.api;
      warnings = [...cf.warnings, ...model.warnings];
    } catch (error) {
      // The document OpenAPIGen wrote is kitgen's own: a problem in it is a kitgen bug, said so.
      if (error instanceof CompileError)
        throw new Error(`kitgen bug: the document made from ${run.input} does not compile:\n${error.message}`);
      throw error;
    }
  }
  return {
    api,
    targets: withDependencies(targets),
    warnings,
    operations: cf.endpoints.length,
    sources,
    extra,
    ...(chunked !== undefined ? { chunked } : {}),
    userModules,
    userEndpoints,
  };
}

/** Each expanded file's copy under `definitions/` in `out` (relocatedCopies.ts). */
function copiesOf(files: ExpandedFiles, out: string): Promise<Map<string, string>> {
  const copied = [...files.expanded.keys()];
  const definitionPath = definitionPaths(copied);
  return relocatedCopies(
    files.expanded,
    new Map(copied.map((f) => [f, definitionPath(f)])),
    out,
    files.relocation,
    files.insertions,
  );
}

/**
 * The `openapi` target alone writes the document OpenAPIGen gave and `index.js` naming the user's
 * modules, neither of which reads the model: building it (its schemas and operations) would be
 * most of a watch edit's time for nothing. The document is kitgen's own, so the model's checks of
 * it are left to runs that emit code from it; the model here is the document with nothing built.
 */
function documentOnly(cf: CodeFirstResult): Api {
  const info = (cf.documentField('info') ?? {}) as { title?: unknown; version?: unknown };
  return {
    title: typeof info.title === 'string' ? info.title : 'API',
    version: typeof info.version === 'string' ? info.version : '0.0.0',
    openapi: String(cf.documentField('openapi')),
    schemas: [],
    operations: [],
    securitySchemes: [],
    // Parsed only when asked (openapi.yaml): openapi.json is joined from the document's kept parts.
    get document() {
      return cf.document;
    },
    documentJson: cf.documentJson,
  };
}
