// kitgen/one-word-splitter: word splitting lives in runtime/src/util/words.ts (and the compiler's
// mirror of it); a camelCase-hump pattern or a splitter-named function elsewhere is reported.
import rule from '../../eslint-rules/one-word-splitter.js';
import { ruleTester } from './ruleTester.ts';

const allow = [{ allow: ['runtime/src/util/words.ts'] }];

ruleTester.run('one-word-splitter', rule, {
  valid: [
    { code: "import { words } from '../util/words.ts';\nconst name = words(text).join('-');", options: allow },
    // The splitter itself, where the rule lives.
    {
      code: "export function words(text: string) { return text.replace(/([a-z0-9])([A-Z])/g, '$1 $2').split(' '); }",
      filename: '/repo/runtime/src/util/words.ts',
      options: allow,
    },
    // Case conversions built on the shared splitter, and patterns that split nothing.
    { code: "export const pascalCase = (t: string) => words(t).map(upper).join('');", options: allow },
    { code: 'const lead = /^[A-Z]+(?=[A-Z][a-z]|[0-9]|$)/;', options: allow },
    { code: 'const upper = /([A-Z])/g;', options: allow },
    { code: 'const shout = name.replace(/[A-Z]/g, (c) => c.toLowerCase());', options: allow },
    { code: 'const line = /^[A-Z]{3,16} /;', options: allow },
  ],
  invalid: [
    {
      code: "const phrase = name.replace(/([a-z])([A-Z])/g, '$1 $2');",
      options: allow,
      errors: [{ messageId: 'pattern' }],
    },
    {
      code: "const humps = new RegExp('([\\\\p{Ll}\\\\p{N}])(\\\\p{Lu})', 'gu');",
      options: allow,
      errors: [{ messageId: 'pattern' }],
    },
    {
      code: "const kebab = name.replace(/([A-Z])/g, '-$1').toLowerCase();",
      options: allow,
      errors: [{ messageId: 'pattern' }],
    },
    {
      code: "const snake = name.replaceAll(/[A-Z]/g, '_$&');",
      options: allow,
      errors: [{ messageId: 'pattern' }],
    },
    {
      code: 'const parts = name.split(/(?=[A-Z])/);',
      options: allow,
      errors: [{ messageId: 'pattern' }],
    },
    {
      code: 'function splitWords(text: string): string[] { return text.split(/(?=[A-Z])/); }',
      options: allow,
      errors: [{ messageId: 'name', data: { name: 'splitWords' } }, { messageId: 'pattern' }],
    },
    {
      code: 'export const words = (text: string) => text.split(/[^A-Za-z0-9]+/);',
      filename: '/repo/compiler/src/names/other.ts',
      options: allow,
      errors: [{ messageId: 'name' }],
    },
  ],
});
