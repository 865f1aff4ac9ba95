import { ts } from './tsMorph.ts';

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
  /** `@additionalProperties false` closes the type's objects (`true` keeps them open under a closing default). */
  readonly additionalProperties?: boolean;
  /** `@nullable`: null is a value too (ts-json-schema-generator's tag). */
  readonly nullable?: boolean;
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
  [
    ...numeric,
    'pattern',
    'format',
    'description',
    'title',
    'default',
    'example',
    'deprecated',
    'isInt',
    'asType',
    'readOnly',
    'writeOnly',
    'additionalProperties',
    'nullable',
  ].map((n) => [n.toLowerCase(), n]),
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

/** A JSDoc block as text: its comment and its tags (`@minimum 1` → `{ name: 'minimum', text: '1' }`). */
interface DocBlock {
  readonly comment: string;
  readonly tags: ReadonlyArray<{ readonly name: string; readonly text: string }>;
}

/**
 * The JSDoc of a symbol. TypeScript attaches a block only when a line break precedes it, so a
 * block on the line of the brace before (`interface Line { /** @minimum 1 *\/ qty: number }`)
 * would be lost; such a block is read from the declaration's leading text instead.
 */
function docBlock(symbol: ts.Symbol, checker: ts.TypeChecker): DocBlock {
  const comment = ts.displayPartsToString(symbol.getDocumentationComment(checker)).trim();
  const tags = symbol
    .getJsDocTags(checker)
    .map((t) => ({ name: t.name, text: ts.displayPartsToString(t.text ?? []).trim() }));
  if (comment !== '' || tags.length > 0) return { comment, tags };
  const decl = symbol.declarations?.[0];
  return decl === undefined ? { comment, tags } : (sameLineBlock(decl) ?? { comment, tags });
}

/** The JSDoc block between a declaration's start and the token before it on the same line. */
function sameLineBlock(decl: ts.Declaration): DocBlock | undefined {
  const sf = decl.getSourceFile();
  const leading = sf.text.slice(decl.pos, decl.getStart(sf));
  const block = /\/\*\*(?:(?!\*\/)[\s\S])*\*\/\s*$/.exec(leading)?.[0];
  if (block === undefined) return undefined;
  // TypeScript's own JSDoc parser, on the block placed before a statement.
  const probe = ts.createSourceFile('jsdoc.ts', `${block}\nvar x;`, ts.ScriptTarget.Latest, true);
  const doc = ts.getJSDocCommentsAndTags(probe.statements[0]).find(ts.isJSDoc);
  if (doc === undefined) return undefined;
  return {
    comment: (ts.getTextOfJSDocComment(doc.comment) ?? '').trim(),
    tags: (doc.tags ?? []).map((t) => ({
      name: t.tagName.text,
      text: (ts.getTextOfJSDocComment(t.comment) ?? '').trim(),
    })),
  };
}

/**
 * The notes of a symbol's JSDoc: the comment text is the description (`@description` wins),
 * numbers are parsed as numbers, `@default`/`@example` as JSON when they parse, else as text.
 */
export function docNotes(
  symbol: ts.Symbol | undefined,
  checker: ts.TypeChecker,
): { notes: DocNotes; problems: DocProblem[] } {
  if (symbol === undefined) return { notes: noNotes, problems: [] };
  const problems: DocProblem[] = [];
  const block = docBlock(symbol, checker);
  const notes: { -readonly [K in keyof DocNotes]: DocNotes[K] } = { constraints: {} };
  const constraints: Record<string, number | string> = {};
  const examples: unknown[] = [];
  if (block.comment !== '') notes.description = block.comment;
  for (const tag of block.tags) {
    const name = byLowerName.get(tag.name.toLowerCase()) ?? tag.name;
    const value = tag.text;
    if (numeric.has(name)) {
      const n = Number(value);
      if (value === '' || !Number.isFinite(n))
        problems.push({ tag: name, message: `@${name} expects a number, not ${JSON.stringify(value)}` });
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
    else if (name === 'nullable') notes.nullable = true;
    else if (name === 'additionalProperties') {
      if (value === 'true' || value === 'false') notes.additionalProperties = value === 'true';
      else
        problems.push({
          tag: name,
          message: `@additionalProperties expects true or false, not ${JSON.stringify(value)}`,
        });
    }
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
