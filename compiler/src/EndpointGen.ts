import type { Diagnostic } from './diagnostics/index.ts';
import type { Api } from './model/Api.ts';
import {
  defaultOpenAPITargets,
  loadTemplates,
  withDependencies,
  type OpenAPIFormat,
  type Target,
  type UserEndpoint,
} from './emit/index.ts';
import type { Templates } from './render/Templates.ts';
import { modelFromDocument, type OpenAPIInput } from './pipeline/documentModel.ts';
import { emitCode } from './pipeline/emitCode.ts';

export type { OpenAPIInput } from './pipeline/documentModel.ts';
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

/** The spec's `EndpointGen`: OpenAPI → generated endpoint code. */
export const EndpointGen = {
  /**
   * Generates endpoint modules, server, client and CLI from an OpenAPI 3.0/3.1 document.
   * Throws a `CompileError` listing every problem (with JSON pointers) when the document
   * cannot be compiled; warnings ride along in the result.
   */
  fromOpenAPI(openAPI: OpenAPIInput, options: GenerateOptions = {}): GeneratedCode {
    const targets = withDependencies(options.targets ?? defaultOpenAPITargets);
    const { api, warnings } = modelFromDocument(openAPI, {
      ...(options.file !== undefined ? { file: options.file } : {}),
      ...(options.int64 !== undefined ? { int64: options.int64 } : {}),
      targets,
    });
    const templates = options.templates ?? loadTemplates(options.templatesDir);
    return { files: emitCode(api, options, templates, targets), warnings, api };
  },
} as const;
