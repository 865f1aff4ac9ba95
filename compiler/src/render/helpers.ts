import type { HelperDelegate } from 'handlebars';
import { commentText, jsDoc, jsonLiteral, propertyKey, stringLiteral } from '../names/literals.ts';

const text = (v: unknown): string => (v === undefined || v === null ? '' : String(v));

/**
 * The helpers templates may use. They are the only way spec text enters a template, so a
 * user's own templates get the same escaping: `str` (a string literal), `key` (a property
 * name), `json` (a JSON value), `jsdoc` (a JSDoc block), `comment` (text inside a comment), `code` (a name in backticks
 * inside a comment), `link` (a JSDoc `{@link name}`). The built-in templates write `code`: tsc
 * skips parsing a JSDoc block of a `.ts`/`.d.ts` file unless it holds `@see` or `@link`, and on a
 * 10,000-operation document those links cost a third of tsc's parse time (docs/benchmarks.md).
 */
export const helpers: Record<string, HelperDelegate> = {
  str: (v: unknown) => stringLiteral(text(v)),
  key: (v: unknown) => propertyKey(text(v)),
  json: (v: unknown) => jsonLiteral(v),
  jsdoc: (v: unknown) => jsDoc([typeof v === 'string' ? v : undefined]),
  comment: (v: unknown) => commentText(text(v)),
  code: (v: unknown) => `\`${commentText(text(v)).replaceAll('`', "'")}\``,
  link: (v: unknown) => `{@link ${commentText(text(v))}}`,
};
