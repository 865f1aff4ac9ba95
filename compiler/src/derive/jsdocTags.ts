import { ts } from 'ts-morph';

/** What a JSDoc block says about a schema: text, constraints and annotations, as JSON Schema keywords. */
export interface DocNotes {
  readonly title?: string;
  readonly description?: string;
  readonly format?: string;
  /** `@isInt`, `@asType integer` or `@format int32|int64`: a number that is an integer. */
  readonly integer?: boolean;
  /** `@minimum`, `@maxLength`, `@pattern`, …: keywords copied as they are, in the order written. */
  readonly constraints: Readonly<Record<string, number | string>>;
  readonly deprecated?: boolean;
  /** Present when `@default` is given (its value may be `null`). */
  readonly default?: { readonly value: unknown };
  readonly examples?: readonly unknown[];
  readonly readOnly?: boolean;
  readonly writeOnly?: boolean;
}

/** A tag that could not be read (a `@minimum` that is not a number). */
export interface DocProblem {
  readonly tag: string;
  readonly message: string;
}

const numeric = new Set([
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'minProperties',
  'maxProperties',
]);
const byLowerName = new Map(
  [...numeric, 'pattern', 'format', 'description', 'title', 'default', 'example', 'deprecated', 'isInt', 'asType', 'readOnly', 'writeOnly'].map((n) => [
    n.toLowerCase(),
    n,
  ]),
);

/** JSON when the text parses as JSON, else the text itself (`@default red` is the string "red"). */
function jsonOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** An empty set of notes. */
export const noNotes: DocNotes = { constraints: {} };

/**
 * The notes of a symbol's JSDoc: the comment text is the description (`@description` wins),
 * numbers are parsed as numbers, `@default`/`@example` as JSON when they parse, else as text.
 */
export function docNotes(symbol: ts.Symbol | undefined, checker: ts.TypeChecker): { notes: DocNotes; problems: DocProblem[] } {
  if (symbol === undefined) return { notes: noNotes, problems: [] };
  const problems: DocProblem[] = [];
  const text = ts.displayPartsToString(symbol.getDocumentationComment(checker)).trim();
  const notes: { -readonly [K in keyof DocNotes]: DocNotes[K] } = { constraints: {} };
  const constraints: Record<string, number | string> = {};
  const examples: unknown[] = [];
  if (text !== '') notes.description = text;
  for (const tag of symbol.getJsDocTags(checker)) {
    const name = byLowerName.get(tag.name.toLowerCase()) ?? tag.name;
    const value = ts.displayPartsToString(tag.text ?? []).trim();
    if (numeric.has(name)) {
      const n = Number(value);
      if (value === '' || !Number.isFinite(n)) problems.push({ tag: name, message: `@${name} expects a number, not ${JSON.stringify(value)}` });
      else constraints[name] = n;
    } else if (name === 'pattern') constraints.pattern = value;
    else if (name === 'format') {
      notes.format = value;
      if (value === 'int32' || value === 'int64' || value === 'integer') notes.integer = true;
    } else if (name === 'description') notes.description = value;
    else if (name === 'title') notes.title = value;
    else if (name === 'default') notes.default = { value: jsonOrText(value) };
    else if (name === 'example') examples.push(jsonOrText(value));
    else if (name === 'deprecated') notes.deprecated = true;
    else if (name === 'isInt') notes.integer = true;
    else if (name === 'asType') {
      if (value === 'integer') notes.integer = true;
      else problems.push({ tag: name, message: `@asType supports only "integer", not ${JSON.stringify(value)}` });
    } else if (name === 'readOnly') notes.readOnly = true;
    else if (name === 'writeOnly') notes.writeOnly = true;
  }
  if (notes.format === 'integer') delete notes.format;
  notes.constraints = constraints;
  if (examples.length > 0) notes.examples = examples;
  return { notes, problems };
}

/** Both sets of notes; `over` wins where both say something (a property's notes over its type's). */
export function mergeNotes(under: DocNotes, over: DocNotes): DocNotes {
  return { ...under, ...over, constraints: { ...under.constraints, ...over.constraints } };
}
