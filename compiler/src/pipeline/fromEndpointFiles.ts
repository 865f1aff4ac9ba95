// The code-first half of `kitgen generate`, loaded only for endpoint definition files. TypeScript
// (ts-morph) is loaded by what it calls only when a file has to be derived or a copy relocated anew.
import { definitionPaths } from '../codefirst/CodeFirst.ts';
import { relocatedCopies } from '../codefirst/relocatedCopies.ts';
import { defaultCodeFirstTargets, EndpointGen, type GeneratedCode } from '../EndpointGen.ts';
import { CompileError, type Diagnostic } from '../diagnostics/index.ts';
import { emitAll } from '../emit/index.ts';
import type { Api } from '../model/Api.ts';
import type { CodeFirstRunSession, emitOptions, GenerateRun } from './runGenerate.ts';

/**
 * Code-first: endpoint definition files → their OpenAPI document → the targets, plus each file
 * with its DeriveSchema.gen<T>() calls expanded under `definitions/` (what runs, imported by
 * `index.ts`), its relative imports pointing back at the user's files.
 */
export async function generateFromEndpointFiles(
  run: GenerateRun,
  session: CodeFirstRunSession,
  options: ReturnType<typeof emitOptions>,
): Promise<{
  code: GeneratedCode;
  extra: Map<string, string>;
  warnings: Diagnostic[];
  sources: string[];
  operations: number;
}> {
  const cf = await session.describe();
  const copied = [...cf.expanded.keys()];
  const definitionPath = definitionPaths(copied);
  const extra = await relocatedCopies(
    cf.expanded,
    new Map(copied.map((f) => [f, definitionPath(f)])),
    run.out,
    cf.relocation,
  );
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
  if (targets.length === 1 && targets[0] === 'openapi') {
    const { templates, runtimePackage, importExtension, lean, openapiFormats } = options;
    const emit = {
      templates,
      runtimePackage,
      importExtension,
      lean,
      openapiFormats,
      split: false,
      targets: new Set(targets),
      userModules,
      userEndpoints,
    };
    const code = documentOnly(cf.document, emit);
    return { code, extra, warnings: [...cf.warnings], sources, operations: cf.endpoints.length };
  }
  let code: GeneratedCode;
  try {
    code = EndpointGen.fromOpenAPI(cf.document, {
      ...options,
      targets,
      userModules,
      userEndpoints,
      file: `${run.input} (its OpenAPI document)`,
    });
  } catch (error) {
    // The document OpenAPIGen wrote is kitgen's own: a problem in it is a kitgen bug, said so.
    if (error instanceof CompileError)
      throw new Error(`kitgen bug: the document made from ${run.input} does not compile:\n${error.message}`);
    throw error;
  }
  return { code, extra, warnings: [...cf.warnings, ...code.warnings], sources, operations: cf.endpoints.length };
}

/**
 * The `openapi` target alone writes the document OpenAPIGen gave and `index.js` naming the user's
 * modules, neither of which reads the model: building it (its schemas and operations) would be
 * most of a watch edit's time for nothing. The document is kitgen's own, so the model's checks of
 * it are left to runs that emit code from it.
 */
function documentOnly(document: Record<string, unknown>, options: Parameters<typeof emitAll>[1]): GeneratedCode {
  const info = (document.info ?? {}) as { title?: unknown; version?: unknown };
  const api: Api = {
    title: typeof info.title === 'string' ? info.title : 'API',
    version: typeof info.version === 'string' ? info.version : '0.0.0',
    openapi: String(document.openapi),
    schemas: [],
    operations: [],
    securitySchemes: [],
    document,
  };
  return { files: emitAll(api, options), warnings: [], api };
}
