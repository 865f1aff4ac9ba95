import { checkRoot } from './input/checkRoot.ts';
import { CompileError, Diagnostics, type Diagnostic } from './input/Diagnostic.ts';
import type { Api } from './model/Api.ts';
import { buildModel } from './model/buildModel.ts';
import { emitClient } from './emit/emitClient.ts';
import { emitCli } from './emit/emitCli.ts';
import { emitEndpoints } from './emit/emitEndpoints.ts';
import { emitIndex } from './emit/emitIndex.ts';
import { emitServer } from './emit/emitServer.ts';
import type { EmitOptions } from './emit/EmitOptions.ts';
import { loadTemplates, type Templates } from './render/Templates.ts';

/** The files kitgen can emit. */
export type Target = 'endpoints' | 'server' | 'client' | 'cli';

/** Every target, in emission order. */
export const allTargets: readonly Target[] = ['endpoints', 'server', 'client', 'cli'];

/** Options of {@link EndpointGen.fromOpenAPI}. */
export interface GenerateOptions {
  /** Which files to emit (default all); `index.ts` re-exports those emitted. */
  readonly targets?: readonly Target[];
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

/** Emits the targets of a model (pure: the model and options in, files out). */
export function emitAll(api: Api, options: EmitOptions, targets: readonly Target[]): Map<string, string> {
  const set = new Set<string>(targets);
  const files = new Map<string, string>();
  const add = (m: Map<string, string>) => m.forEach((text, path) => files.set(path, text));
  if (set.has('endpoints')) add(emitEndpoints(api, options));
  if (set.has('server')) add(emitServer(api, options));
  if (set.has('client')) add(emitClient(api, options));
  if (set.has('cli')) add(emitCli(api, options));
  add(emitIndex(api, options, set));
  return files;
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
    const api = buildModel(document, diagnostics, { int64: options.int64 ?? 'bigint' });
    if (diagnostics.failed) throw new CompileError(diagnostics.list);
    const templates = options.templates ?? loadTemplates(options.templatesDir);
    const split = options.split === undefined || options.split === 'auto' ? api.operations.length > 200 : options.split;
    const emitOptions: EmitOptions = {
      templates,
      runtimePackage: options.runtimePackage ?? '@kitgen/runtime',
      importExtension: options.importExtension ?? '.js',
      split,
      lean: options.lean ?? false,
    };
    const files = emitAll(api, emitOptions, options.targets ?? allTargets);
    return { files, warnings: diagnostics.list.filter((d) => d.severity === 'warning'), api };
  },
} as const;
