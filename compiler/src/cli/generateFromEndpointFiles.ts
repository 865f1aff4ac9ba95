// The code-first half of `kitgen generate`, loaded only for endpoint definition files. TypeScript
// (ts-morph) is loaded by what it calls only when a file has to be derived or a copy relocated anew.
import { definitionPath } from '../codefirst/CodeFirst.ts';
import { relocatedCopies } from '../codefirst/relocatedCopies.ts';
import { defaultCodeFirstTargets, EndpointGen, type GeneratedCode } from '../EndpointGen.ts';
import { CompileError, type Diagnostic } from '../diagnostics/index.ts';
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
): Promise<{ code: GeneratedCode; extra: Map<string, string>; warnings: Diagnostic[]; sources: string[] }> {
  const cf = await session.describe();
  const copied = [...cf.expanded.keys()];
  const extra = await relocatedCopies(
    cf.expanded,
    new Map(copied.map((f) => [f, definitionPath(f, copied)])),
    run.out,
    cf.relocation,
  );
  const userModules = cf.files.map((f) => definitionPath(f, copied).replace(/\.[cm]?tsx?$/, ''));
  // The client calls the user's own endpoints: one object per operation, typed by the user's types.
  const userEndpoints = Object.fromEntries(
    cf.endpoints.map((e) => [
      e.operationId,
      { module: definitionPath(e.file, copied).replace(/\.[cm]?tsx?$/, ''), exportName: e.exportName },
    ]),
  );
  let code: GeneratedCode;
  try {
    code = EndpointGen.fromOpenAPI(cf.document, {
      ...options,
      targets: run.targets ?? defaultCodeFirstTargets,
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
  return {
    code,
    extra,
    warnings: [...cf.warnings, ...code.warnings],
    sources: [...new Set([...cf.files, ...cf.consulted])],
  };
}
