/** One problem found in an OpenAPI document: where (JSON pointer, and line when known) and what. */
export interface OpenAPIProblem {
  /** JSON pointer to the offending value (`''` for the whole document). */
  readonly pointer: string;
  readonly message: string;
  /** 1-based line and column in the source text, when the problem could be placed there. */
  readonly line?: number;
  readonly column?: number;
}

/** Why a text is not an OpenAPI document kitgen can read: every problem found, each with its place. */
export class OpenAPIError extends Error {
  readonly problems: readonly OpenAPIProblem[];

  constructor(problems: readonly OpenAPIProblem[]) {
    super(problems.map(describeProblem).join('\n'));
    this.name = 'OpenAPIError';
    this.problems = problems;
  }
}

/** `"/info/title (line 3, column 5): ..."`, or the message alone for the root. */
export function describeProblem(p: OpenAPIProblem): string {
  const at = p.line !== undefined ? `line ${p.line}${p.column !== undefined ? `, column ${p.column}` : ''}` : undefined;
  const place = p.pointer !== '' && at ? `${p.pointer} (${at})` : p.pointer || at;
  return place ? `${place}: ${p.message}` : p.message;
}
