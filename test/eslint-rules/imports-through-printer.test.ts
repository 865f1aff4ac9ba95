// kitgen/imports-through-printer: an emitter records the names it writes with the printer
// (FileImports) instead of spelling import or re-export statements in strings.
import rule from '../../eslint-rules/imports-through-printer.js';
import { ruleTester } from './ruleTester.ts';

ruleTester.run('imports-through-printer', rule, {
  valid: [
    'const value = `${runtime("operation")}(${args})`;',
    "const endpoints = file.namespace(endpointsModule, '$endpoints');",
    'const reexports = file.statements();',
    // Ordinary code and prose that mention the words.
    "const doc = jsDoc(['Imports the schema from the document, as it is.']);",
    'const key = `${name}: ${value}`;',
    "const module = importPath(options, 'endpoints');",
  ],
  invalid: [
    {
      code: "const line = `import { ${names.join(', ')} } from ${stringLiteral(runtime)};`;",
      errors: [{ messageId: 'statement' }],
    },
    {
      code: "const line = `export { ${names.join(', ')} } from ${stringLiteral(path)};\\n`;",
      errors: [{ messageId: 'statement' }],
    },
    {
      code: "const ns = 'import * as $endpoints from ' + path;",
      errors: [{ messageId: 'statement' }],
    },
    {
      code: "const imports = [...(compiled ? ['operation as $operation'] : [])];",
      errors: [{ messageId: 'statement' }],
    },
    {
      code: 'const specifiers = codecs.map((name) => `${name} as $${name}`);',
      errors: [{ messageId: 'statement' }],
    },
  ],
});
