// Emitters write imports only through the printer (compiler/src/emit/printer/): code that writes
// a name of another module records it there, and a file's imports are printed from the record,
// so they cannot disagree with the code. An emitter spelling an import or re-export statement,
// or an import's `name as $local` list, in a string is building imports apart from the code;
// that is reported. Templates (the frame users customise) hold their own fixed imports.

/** Text of an import or re-export statement, or of an aliased import specifier. */
const STATEMENT =
  /\b(?:import|export)\s*(?:type\s*)?(?:\{|\*\s*as\b|\*\s*from\b)|\bimport\s+[\w$]+\s+from\b|\bfrom\s*['"]\.{0,2}\//;
const ALIAS = /(?:^|[\w$}]) as \$/;

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'Emitters record imports through the printer instead of writing import statements' },
    schema: [],
    messages: {
      statement:
        "An import written by hand: record the name with the file's FileImports (emit/printer/) and print the imports from it.",
    },
  },
  create(context) {
    const check = (node, text) => {
      if (STATEMENT.test(text) || ALIAS.test(text)) context.report({ node, messageId: 'statement' });
    };
    return {
      Literal(node) {
        if (typeof node.value === 'string') check(node, node.value);
      },
      TemplateLiteral(node) {
        // The quasis joined with a stand-in for each `${…}`, so `export { ${names} } from` is one text.
        check(node, node.quasis.map((q) => q.value.cooked ?? q.value.raw).join('x'));
      },
    };
  },
};
