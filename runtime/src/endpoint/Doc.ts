/** The spec's `Doc`: documentation text attached with `?? Doc.p(text)` (here `.doc(...)`). */
export interface Doc {
  readonly _tag: 'Doc';
  readonly text: string;
}

/** Doc builders: `Doc.p(text)` is a paragraph. */
export const Doc = {
  /** A paragraph of documentation. */
  p: (text: string): Doc => ({ _tag: 'Doc', text }),
  /** Joins several docs into one text (paragraphs separated by a blank line). */
  concat: (...docs: Doc[]): Doc => ({ _tag: 'Doc', text: docs.map((d) => d.text).join('\n\n') }),
  /** The text of a doc or a string. */
  text: (d: Doc | string): string => (typeof d === 'string' ? d : d.text),
} as const;
