// What the real-world wire test finds, and whose fault each finding is: kitgen's (the generator or
// the runtime broke the document's contract), the sampler's (a value sampled from the document
// that its own schema refuses, so nothing was sent), the document's (a schema the referee cannot
// compile, an example that breaks its own schema, a value the document gives no way to send), or
// the harness's (a time limit, a fault of this instrument), or a recorded decision of kitgen's
// (an outcome it warns about and documents). Only kitgen's count against kitgen.

/** Whose fault a finding is. */
export type Owner = 'kitgen' | 'decision' | 'sampler' | 'document' | 'harness';

/** Each category, and whose fault it is. */
export const categories = {
  /** The generator refused a document swagger-parser validates, or crashed. */
  'generate-failed': 'kitgen',
  /** The generated modules did not load, or their routes did not start. */
  'start-failed': 'kitgen',
  /** An operation of the document has no route in the generated server. */
  'operation-missing': 'kitgen',
  /** A valid request got no HTTP answer (connection cut, time limit). */
  transport: 'kitgen',
  /** A valid request answered 5xx. */
  '5xx-on-valid': 'kitgen',
  /** A valid request answered 4xx: the runtime refused what the document allows. */
  'valid-refused': 'kitgen',
  /** A valid request answered a status the operation does not declare. */
  'response-status': 'kitgen',
  /** The answer's Content-Type is none the response declares (or is no media type at all, `*\/*`). */
  'content-type': 'kitgen',
  /** The answer's body breaks the declared schema (or is there where none is declared). */
  'response-schema': 'kitgen',
  /** The body on the wire is valid but not the handler's value (an absent property written as null, a value dropped). */
  'response-altered': 'kitgen',
  /** The answer has a body where the response declares none. */
  'response-body-undeclared': 'kitgen',
  /** An invalid request answered 1xx–3xx: the handler got what the document forbids. */
  'invalid-accepted': 'kitgen',
  /** A request without the credentials the operation's security requires answered 1xx–3xx. */
  'credentials-unchecked': 'kitgen',
  /** An invalid request answered 5xx. */
  '5xx-on-invalid': 'kitgen',
  /** A refusal's Content-Type is none the declared 4xx (or default) response has. */
  'error-content-type': 'kitgen',
  /** A refusal's body breaks the declared 4xx (or default) schema. */
  'error-body-schema': 'kitgen',
  /** A refusal has a body where the declared 4xx (or default) response has none. */
  'error-body-undeclared': 'kitgen',
  /**
   * A refusal is not in the declared error shape, which the runtime cannot fill (a required field
   * no part of the failure is named for, a media type it cannot write) and `kitgen generate` warned
   * about, naming the operation and `mapError`.
   */
  'error-shape-warned': 'decision',
  /**
   * An invalid body accepted that the document refuses only because it matches two or more
   * members of a `oneOf` (`{}` where no member requires a field): kitgen reads `oneOf` as
   * `anyOf`, a recorded decision (docs/decisions.md, "Validation makes the same choice").
   */
  'oneof-overlap-accepted': 'decision',
  /**
   * An operation whose path has an empty segment (tomtom's `/map/{v}/wms//`): the runtime refuses
   * `//` in every request path before routing, a recorded decision (docs/decisions.md, "An empty
   * path segment is refused, and a document's `//` is served without it"); the operation is
   * served at the path without it.
   */
  'empty-segment-refused': 'decision',
  /**
   * A refusal's body fits several members of the declared error's `oneOf`, members that accept the
   * same values (four identical `{error, error_description}` shapes): no body with the documented
   * fields fits exactly one.
   */
  'error-oneof-overlap': 'document',
  /** A sampled value the document's own schema refuses, or one that cannot be sent: the operation was not called. */
  sampler: 'sampler',
  /** The document could not be read or bundled, or is no OpenAPI 3 document. */
  'document-unreadable': 'document',
  /** The generator refused a document that swagger-parser also finds invalid. */
  'document-invalid': 'document',
  /** A schema the referee cannot compile, a value the document gives no way to send, paths OpenAPI calls identical. */
  'document-unjudgeable': 'document',
  /** An example or default of the document that breaks its own schema (a plain sample was used instead). */
  'example-invalid': 'document',
  /** The document took longer than its time limit. */
  timeout: 'harness',
  /** The instrument itself failed on the document. */
  'harness-error': 'harness',
} as const satisfies Record<string, Owner>;

export type Category = keyof typeof categories;

/** One finding. */
export interface Violation {
  readonly category: Category;
  readonly owner: Owner;
  /** The document, relative to the directory. */
  readonly document: string;
  /** `GET /path` (operationId), when the finding is about one operation. */
  readonly operation?: string;
  /** The status answered, when there was one. */
  readonly status?: number;
  readonly message: string;
}

/** A violation of a category, its owner filled in. */
export function violation(
  category: Category,
  document: string,
  message: string,
  operation?: string,
  status?: number,
): Violation {
  return {
    category,
    owner: categories[category],
    document,
    ...(operation !== undefined ? { operation } : {}),
    ...(status !== undefined ? { status } : {}),
    message,
  };
}

/** What the test did with one document. */
export interface DocumentReport {
  readonly document: string;
  /** Operations the document declares. */
  readonly operations: number;
  readonly generated: boolean;
  readonly started: boolean;
  /** Requests that got an HTTP answer. */
  readonly called: number;
  /** Answers the referee judged against the document's schemas. */
  readonly judged: number;
  /** Invalid requests sent. */
  readonly refusalsTried: number;
  readonly violations: readonly Violation[];
  readonly seconds: number;
  /** Seconds spent reading, generating, starting and calling, for a report of where the time goes. */
  readonly phases: Readonly<Record<string, number>>;
}

/** One line of a violation, for a report. */
export const describe = (v: Violation): string =>
  `[${v.owner}/${v.category}] ${v.document}${v.operation ? ` ${v.operation}` : ''}${v.status !== undefined ? ` → ${v.status}` : ''}: ${v.message}`;
