import type { ChunkedText } from '../ChunkedText.ts';
import type { Diagnostic } from '../diagnostics/index.ts';
import type { Target, UserEndpoint } from '../emit/index.ts';
import type { Api } from '../model/Api.ts';

/**
 * What an input adapter gives the one emit → format → write path: the model and what the
 * emitters need besides it. Every input kind (an OpenAPI document, endpoint definition files)
 * ends here, so nothing after it asks which kind it was.
 */
export interface InputModel {
  /** The model the emitters read. */
  readonly api: Api;
  /** The targets to emit, with the ones their modules import. */
  readonly targets: ReadonlySet<Target>;
  /** Problems that did not stop the run: reading the input, then the model's, placed in the input. */
  readonly warnings: readonly Diagnostic[];
  /** The operations the summary line counts. */
  readonly operations: number;
  /** The source files read, for a watch (none for a document fetched from a URL). */
  readonly sources?: readonly string[];
  /** Files written as they are, never formatted (endpoint files: the user's files with `DeriveSchema.gen<T>()` expanded). */
  readonly extra: ReadonlyMap<string, string>;
  /**
   * Emitted files whose text the input also has as chunks (endpoint files' `openapi.json`): when
   * the emitters give the file, it is written from these, the same bytes, never joined whole.
   */
  readonly chunked?: ReadonlyMap<string, () => ChunkedText>;
  /** Endpoint files: the user's modules `index.ts` re-exports (relative paths without extension). */
  readonly userModules: readonly string[];
  /** Endpoint files: each operation's own endpoint (by operationId), which the client calls. */
  readonly userEndpoints: Readonly<Record<string, UserEndpoint>>;
}

/**
 * An input read and ready to give its model. A run reads, then loads the templates, then builds
 * the model, so the first problem reported is the one a user fixes first: a document that cannot
 * be read or parsed, then a templates folder, then what the input says (endpoint files are
 * described, TypeScript and all, only when the model is built).
 */
export interface ReadInput {
  /** Builds the model; throws a `CompileError` naming every problem of an invalid input. */
  model(): Promise<InputModel>;
}
