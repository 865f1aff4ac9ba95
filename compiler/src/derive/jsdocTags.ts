import { ts, type Symbol as MorphSymbol } from 'ts-morph';

/** Keywords JSDoc tags add to a derived schema, and the description. */
export interface JsDocKeywords {
  readonly description?: string;
  readonly keywords: Record<string, unknown>;
  /** `@isInt` / `@asType integer`: a number that is an integer. */
  readonly integer: boolean;
}

const numeric = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minLength', 'maxLength', 'minItems', 'maxItems', 'multipleOf'] as const;

function json(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * The JSDoc of a symbol as schema keywords: its comment (or `@description`) is the description;
 * `@format @minimum @maximum @minLength @maxLength @pattern @default @example @deprecated` become
 * the keywords of the same name; `@isInt` and `@asType integer` make a number an integer.
 */
export function jsDocKeywords(symbol: MorphSymbol | undefined, checker: ts.TypeChecker): JsDocKeywords {
  const keywords: Record<string, unknown> = {};
  if (symbol === undefined) return { keywords, integer: false };
  const raw = symbol.compilerSymbol;
  let description = ts.displayPartsToString(raw.getDocumentationComment(checker)).trim() || undefined;
  let integer = false;
  const examples: unknown[] = [];
  for (const tag of raw.getJsDocTags(checker)) {
    const text = ts.displayPartsToString(tag.text ?? []).trim();
    switch (tag.name) {
      case 'description':
        description = text || description;
        break;
      case 'format':
      case 'pattern':
        if (text) keywords[tag.name] = text;
        break;
      case 'default':
        keywords.default = json(text);
        break;
      case 'example':
        examples.push(json(text));
        break;
      case 'deprecated':
        keywords.deprecated = true;
        break;
      case 'isInt':
        integer = true;
        break;
      case 'asType':
        if (text === 'integer') integer = true;
        break;
      default:
        if ((numeric as readonly string[]).includes(tag.name) && text !== '' && !Number.isNaN(Number(text))) keywords[tag.name] = Number(text);
    }
  }
  if (examples.length > 0) keywords.examples = examples;
  return { ...(description !== undefined ? { description } : {}), keywords, integer };
}
