import type { HelperDelegate } from 'handlebars';
import { commentText, jsDoc, jsonLiteral, propertyKey, stringLiteral } from '../names/literals.ts';

const text = (v: unknown): string => (v === undefined || v === null ? '' : String(v));

/**
 * The helpers templates may use. They are the only way spec text enters a template, so a
 * user's own templates get the same escaping: `str` (a string literal), `key` (a property
 * name), `json` (a JSON value), `jsdoc` (a JSDoc block), `comment` (text inside a comment), `link` (a JSDoc `{@link name}`).
 */
export const helpers: Record<string, HelperDelegate> = {
  str: (v: unknown) => stringLiteral(text(v)),
  key: (v: unknown) => propertyKey(text(v)),
  json: (v: unknown) => jsonLiteral(v),
  jsdoc: (v: unknown) => jsDoc([typeof v === 'string' ? v : undefined]),
  comment: (v: unknown) => commentText(text(v)),
  link: (v: unknown) => `{@link ${commentText(text(v))}}`,
};
