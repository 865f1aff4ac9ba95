import { CompileError, Diagnostics, type Diagnostic } from '../diagnostics/index.ts';
import type { Target } from '../emit/index.ts';
import { checkRoot } from '../input/checkRoot.ts';
import type { Api } from '../model/Api.ts';
import { buildModel } from '../model/buildModel.ts';
import { reportUnmetDeclaredErrors } from '../model/declaredErrors.ts';
import { optionDefaults } from '../optionDefaults.ts';

/** A document given as an `OpenAPI` value of the runtime (anything with a `document`) or as a plain object. */
export type OpenAPIInput = { readonly document: object } | object;

function documentOf(input: OpenAPIInput): unknown {
  if (input === null || typeof input !== 'object') return input;
  const d = (input as { document?: unknown }).document;
  return d !== undefined && typeof d === 'object' && d !== null && 'openapi' in (d as object) ? d : input;
}

/** Options of {@link modelFromDocument}. */
export interface DocumentModelOptions {
  /** The input file, for messages. */
  readonly file?: string;
  /** `integer/int64` as `bigint` (exact; default) or `number`. */
  readonly int64?: 'bigint' | 'number';
  /** The targets to be emitted: a server among them adds warnings where it cannot answer in a declared shape. */
  readonly targets: ReadonlySet<Target>;
}

/**
 * An OpenAPI 3.0/3.1 document → the model every emitter reads, with the warnings of building it.
 * Throws a {@link CompileError} listing every problem (with JSON pointers) when the document
 * cannot be compiled. The one road from a document to the model, for `EndpointGen.fromOpenAPI`
 * and both inputs of `kitgen generate` (endpoint files become a document first).
 */
export function modelFromDocument(
  openAPI: OpenAPIInput,
  options: DocumentModelOptions,
): { api: Api; warnings: Diagnostic[] } {
  const diagnostics = new Diagnostics(options.file);
  const document = documentOf(openAPI);
  if (!checkRoot(document, diagnostics)) throw new CompileError(diagnostics.list);
  const api = buildModel(document, diagnostics, { int64: options.int64 ?? optionDefaults.int64 });
  if (diagnostics.failed) throw new CompileError(diagnostics.list);
  // A generated server answers the runtime's own 4xx in the declared shapes where it can; say where it cannot.
  if (options.targets.has('server')) reportUnmetDeclaredErrors(api, diagnostics);
  return { api, warnings: diagnostics.list.filter((d) => d.severity === 'warning') };
}
