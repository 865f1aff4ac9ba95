// kitgen's own ESLint rules: each holds one of the repository's rules that a reader could break
// without noticing (one word splitter, one road from an error to an answer, imports only through
// the emitters' printer). Wired in eslint.config.mjs; tested by eslint-rules/*.test.ts.
import imports from './imports-through-printer.js';
import catches from './no-answering-catch.js';
import splitter from './one-word-splitter.js';

/** The plugin object ESLint's flat config takes under `plugins: { kitgen }`. */
export default {
  meta: { name: 'eslint-plugin-kitgen' },
  rules: {
    'one-word-splitter': splitter,
    'no-answering-catch': catches,
    'imports-through-printer': imports,
  },
};
