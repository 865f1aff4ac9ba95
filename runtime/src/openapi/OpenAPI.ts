import { Either } from '../util/Either.ts';
import type { HttpMethodName, OpenAPIDocument, OperationObject } from './model.ts';
import { OpenAPIError, type OpenAPIProblem } from './OpenAPIError.ts';
import { readDocument } from './readDocument.ts';
import { pointerLocator, positionOfOffset } from './sourcePosition.ts';
import { lazyRequire } from '../util/lazyRequire.ts';

// Loaded when a document is parsed or written as YAML, not when a server starts.
const yaml = lazyRequire<typeof import('yaml')>('yaml');

const methodNames: readonly HttpMethodName[] = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** One operation of a document with where it lives. */
export interface OperationEntry {
  readonly path: string;
  readonly method: HttpMethodName;
  readonly operation: OperationObject;
}

/**
 * The spec's `OpenAPI`: an OpenAPI 3.0.x or 3.1.x description, as a typed document
 * ({@link OpenAPIDocument}). Made by `OpenAPIGen.fromEndpoints` or read with `OpenAPI.fromJson`
 * / `fromYaml`; written with `toJson()` / `toYaml()`.
 */
export class OpenAPI {
  /** The document itself. */
  readonly document: OpenAPIDocument;

  private constructor(document: OpenAPIDocument) {
    this.document = document;
  }

  /** The `openapi` version field, e.g. `3.1.0`. */
  get version(): string {
    return this.document.openapi;
  }

  /** `info.title`. */
  get title(): string {
    return this.document.info.title;
  }

  /** Every operation, in document order. */
  get operations(): OperationEntry[] {
    return Object.entries(this.document.paths ?? {}).flatMap(([path, item]) =>
      methodNames.flatMap((method) =>
        item[method] ? [{ path, method, operation: item[method] as OperationObject }] : [],
      ),
    );
  }

  /** The document as JSON text (indented by 2 unless told otherwise; 0 for one line). */
  toJson(indent = 2): string {
    return JSON.stringify(this.document, null, indent === 0 ? undefined : indent);
  }

  /** The document as YAML text. */
  toYaml(): string {
    // Anchors would make repeated objects hard to read and diff; the document has no cycles.
    return yaml().stringify(this.document, { aliasDuplicateObjects: false, lineWidth: 0 });
  }

  /** Wraps an already-built document after checking its structure (see {@link OpenAPI.fromJson}). */
  static fromDocument(document: unknown): Either<OpenAPIError, OpenAPI> {
    const read = readDocument(document);
    return read.ok ? Either.right(new OpenAPI(read.document)) : Either.left(new OpenAPIError(read.problems));
  }

  /** @internal A document the generator built (valid by construction). */
  static trusted(document: OpenAPIDocument): OpenAPI {
    return new OpenAPI(document);
  }

  /**
   * The spec's `OpenAPI.fromJson`: parses JSON text holding an OpenAPI 3.0.x or 3.1.x document.
   * A left names every problem with its JSON pointer and line: not JSON, not an object, a missing
   * or unsupported `openapi` version (Swagger 2.0 included), or a malformed main structure.
   */
  static fromJson(text: string): Either<OpenAPIError, OpenAPI> {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      const message = (error as Error).message;
      const at = /at position (\d+)/.exec(message);
      const offset = at ? Number(at[1]) : text.length;
      const pos = positionOfOffset(text, offset);
      const detail = message.replace(/ in JSON at position \d+.*$/, '');
      const what =
        text.trim() === ''
          ? 'the text is empty'
          : offset >= text.trimEnd().length
            ? `the JSON text ends too early${detail.startsWith('Unexpected end') ? '' : ` (${detail})`}`
            : detail;
      return Either.left(
        new OpenAPIError([{ pointer: '', message: `not valid JSON: ${what}`, line: pos.line, column: pos.column }]),
      );
    }
    return placed(OpenAPI.fromDocument(value), text);
  }

  /** Like {@link OpenAPI.fromJson}, for YAML text (JSON is accepted too, being YAML). */
  static fromYaml(text: string): Either<OpenAPIError, OpenAPI> {
    const doc = yaml().parseDocument(text, { prettyErrors: false });
    if (doc.errors.length > 0) {
      const problems: OpenAPIProblem[] = doc.errors.map((e) => ({
        pointer: '',
        message: `not valid YAML: ${e.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '')}`,
        ...positionOfOffset(text, e.pos[0]),
      }));
      return Either.left(new OpenAPIError(problems));
    }
    return placed(OpenAPI.fromDocument(doc.toJS({ maxAliasCount: 1000 })), text);
  }
}

/** Adds source lines to the problems of a left. */
function placed(result: Either<OpenAPIError, OpenAPI>, text: string): Either<OpenAPIError, OpenAPI> {
  if (result._tag === 'right') return result;
  const positionOfPointer = pointerLocator(text);
  return Either.left(
    new OpenAPIError(
      result.left.problems.map((p) => {
        const pos = positionOfPointer(p.pointer);
        return pos ? { ...p, line: pos.line, column: pos.column } : p;
      }),
    ),
  );
}
