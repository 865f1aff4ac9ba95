import { checkRoot } from './input/checkRoot.ts';
import { CompileError, Diagnostics, type Diagnostic } from './diagnostics/index.ts';
import type { Api } from './model/Api.ts';
import { reportUnmetDeclaredErrors } from './model/declaredErrors.ts';
import { buildModel } from './model/buildModel.ts';
import {
  defaultOpenAPITargets,
  emitAll,
  loadTemplates,
  withDependencies,
  type EmitOptions,
  type OpenAPIFormat,
  type Target,
  type UserEndpoint,
} from './emit/index.ts';
import type { Templates } from './render/Templates.ts';
import { optionDefaults, splitByTag } from './optionDefaults.ts';

export {
  allTargets,
  defaultCodeFirstTargets,
  defaultOpenAPITargets,
  emitAll,
  emitters,
  loadTemplates,
  targetDescriptors,
  targetHelp,
  templateFiles,
  type Emitter,
  type EmitOptions,
  type OpenAPIFormat,
  type Target,
  type TargetDescriptor,
  withDependencies,
} from './emit/index.ts';

/** Options of {@link EndpointGen.fromOpenAPI}. */
export interface GenerateOptions {
  /** Which files to emit (default endpoints, server, client, cli; server, client and cli bring endpoints); `index.ts` re-exports the modules emitted. */
  readonly targets?: readonly Target[];
  /** The forms the `openapi` target writes (default `['json']`). */
  readonly openapiFormats?: readonly OpenAPIFormat[];
  /** Compiled templates (default: the built-in ones, or `templatesDir`). */
  readonly templates?: Templates;
  /** A folder of user templates overriding the built-in ones by file name. */
  readonly templatesDir?: string;
  /** Split endpoints by tag under `endpoints/`: `auto` does so above 200 operations. */
  readonly split?: boolean | 'auto';
  /** Leave descriptions and examples out of schema values (JSDoc keeps them). Default false. */
  readonly lean?: boolean;
  /** `integer/int64` as `bigint` (exact; default) or `number`. */
  readonly int64?: 'bigint' | 'number';
  /** Extension of imports between generated files (default `.js`). */
  readonly importExtension?: '.js' | '.ts' | '';
  /** The package generated code imports the runtime from (default `@kitgen/runtime`). */
  readonly runtimePackage?: string;
  /** The input file, for messages. */
  readonly file?: string;
  /** Code-first input: the user's endpoint modules (relative paths without extension) that `index.ts` re-exports. */
  readonly userModules?: readonly string[];
  /** Code-first input: each operation's own endpoint (by operationId), which the client calls. */
  readonly userEndpoints?: Readonly<Record<string, UserEndpoint>>;
}

/** Generated code in memory (the spec's result of `EndpointGen.fromOpenAPI`), not yet formatted. */
export interface GeneratedCode {
  /** Relative path → TypeScript text. */
  readonly files: ReadonlyMap<string, string>;
  /** Problems that did not stop generation. */
  readonly warnings: readonly Diagnostic[];
  /** The model the files were emitted from. */
  readonly api: Api;
}

/** A document given as an `OpenAPI` value of the runtime (anything with a `document`) or as a plain object. */
export type OpenAPIInput = { readonly document: object } | object;

function documentOf(input: OpenAPIInput): unknown {
  if (input === null || typeof input !== 'object') return input;
  const d = (input as { document?: unknown }).document;
  return d !== undefined && typeof d === 'object' && d !== null && 'openapi' in (d as object) ? d : input;
}

/** The spec's `EndpointGen`: OpenAPI → generated endpoint code. */
export const EndpointGen = {
  /**
   * Generates endpoint modules, server, client and CLI from an OpenAPI 3.0/3.1 document.
   * Throws a {@link CompileError} listing every problem (with JSON pointers) when the document
   * cannot be compiled; warnings ride along in the result.
   */
  fromOpenAPI(openAPI: OpenAPIInput, options: GenerateOptions = {}): GeneratedCode {
    const diagnostics = new Diagnostics(options.file);
    const document = documentOf(openAPI);
    if (!checkRoot(document, diagnostics)) throw new CompileError(diagnostics.list);
    const api = buildModel(document, diagnostics, { int64: options.int64 ?? optionDefaults.int64 });
    if (diagnostics.failed) throw new CompileError(diagnostics.list);
    const templates = options.templates ?? loadTemplates(options.templatesDir);
    const split = splitByTag(options.split, api.operations.length);
    const emitOptions: EmitOptions = {
      templates,
      runtimePackage: options.runtimePackage ?? optionDefaults.runtimePackage,
      importExtension: options.importExtension ?? optionDefaults.importExtension,
      split,
      lean: options.lean ?? optionDefaults.lean,
      targets: withDependencies(options.targets ?? defaultOpenAPITargets),
      openapiFormats: options.openapiFormats ?? optionDefaults.openapiFormats,
      userModules: options.userModules ?? [],
      userEndpoints: options.userEndpoints ?? {},
    };
    // A generated server answers the runtime's own 4xx in the declared shapes where it can; say where it cannot.
    if (emitOptions.targets.has('server')) reportUnmetDeclaredErrors(api, diagnostics);
    const files = emitAll(api, emitOptions);
    return { files, warnings: diagnostics.list.filter((d) => d.severity === 'warning'), api };
  },
} as const;
