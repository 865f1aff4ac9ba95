// One word splitter: runtime/src/util/words.ts splits names into words (`getAPIs` → get, APIs),
// and every name the runtime derives and the compiler writes goes through it (the compiler's
// names/identifiers.ts holds the same rule, kept equal by a test). A second splitter is how the
// two sides came to disagree (`get-ap-is`), so a function named for splitting or a camelCase-hump
// pattern (`([a-z])([A-Z])`) anywhere else is reported; the allowed files are the rule's option.

/** A capturing group of lower-case letters (`([a-z])`, `([a-z0-9])`, `(\p{Ll})`) followed by one of capitals. */
const HUMP = /\((?:\[a-z[^\]]*\]|\[\\p\{Ll\}[^\]]*\]|\\p\{Ll\})\)\((?:\[A-Z\]|\\p\{Lu\}|\[\\p\{Lu\}\])\)/;
/** A split before each capital (`(?=[A-Z])`, `(?=\p{Lu})`). */
const BEFORE_CAPITAL = /\(\?=(?:\[A-Z\]|\\p\{Lu\}|\[\\p\{Lu\}\])\)/;
/** A lone capital (`[A-Z]`, `([A-Z])`), which a `.replace(…, '-$1')` turns into a word boundary. */
const CAPITAL = /^\(?(?:\[A-Z\]|\\p\{Lu\})\)?$/;
/** A replacement that puts a separator before the match (`-$1`, `_$&`, ` $1`). */
const SEPARATOR_BEFORE = /^[-_ .]\$[1&]/;
/** Names a word splitter goes by. */
const SPLITTER_NAME = /^(words|splitWords|wordSplit|wordsOf|splitCamel\w*|camelWords|toWords)$/;

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'Split names into words only with the shared splitter (runtime/src/util/words.ts)' },
    schema: [
      {
        type: 'object',
        properties: { allow: { type: 'array', items: { type: 'string' } } },
        additionalProperties: false,
      },
    ],
    messages: {
      pattern:
        'A camelCase-hump pattern splits words: use words() from runtime/src/util/words.ts (the one splitter) instead.',
      name: '`{{name}}` defines a word splitter: import words() from runtime/src/util/words.ts (the one splitter) instead.',
    },
  },
  create(context) {
    const allow = context.options[0]?.allow ?? [];
    const file = context.filename.replace(/\\/g, '/');
    if (allow.some((suffix) => file.endsWith(suffix))) return {};
    const checkPattern = (node, source) => {
      if (HUMP.test(source) || BEFORE_CAPITAL.test(source)) context.report({ node, messageId: 'pattern' });
      else if (CAPITAL.test(source)) {
        // `name.replace(/([A-Z])/g, '-$1')`: camelCase to kebab-case by hand.
        const call = node.parent;
        if (call?.type !== 'CallExpression') return;
        const replacement = call.arguments[1];
        if (
          call.arguments[0] === node &&
          call.callee.type === 'MemberExpression' &&
          /^replace(All)?$/.test(call.callee.property.name) &&
          typeof replacement?.value === 'string' &&
          SEPARATOR_BEFORE.test(replacement.value)
        )
          context.report({ node, messageId: 'pattern' });
      }
    };
    const checkName = (node, id) => {
      if (id?.type === 'Identifier' && SPLITTER_NAME.test(id.name))
        context.report({ node: id, messageId: 'name', data: { name: id.name } });
    };
    return {
      Literal(node) {
        if (node.regex) checkPattern(node, node.regex.pattern);
      },
      // `new RegExp('([\\p{Ll}])(\\p{Lu})')`: the pattern as a string.
      'NewExpression[callee.name="RegExp"] > Literal.arguments:first-child'(node) {
        if (typeof node.value === 'string') checkPattern(node, node.value);
      },
      FunctionDeclaration(node) {
        checkName(node, node.id);
      },
      VariableDeclarator(node) {
        if (node.init && /FunctionExpression$/.test(node.init.type)) checkName(node, node.id);
      },
    };
  },
};
