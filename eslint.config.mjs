// ESLint 9 flat config: typescript-eslint's recommended rules (not the type-aware set: on this
// 2-core machine it takes 3 min and 1.9 GB against 30 s, see docs/decisions.md) over sources,
// tests, benches and scripts. Layering (which folder may import which, no cycles) is
// dependency-cruiser's job (.dependency-cruiser.cjs); layout is prettier's (npm run format:check).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import kitgen from './eslint-rules/index.js';

/** Node's globals, for the plain JavaScript files (TypeScript files are checked by tsc instead of no-undef). */
const node = Object.fromEntries(
  [
    'process',
    'console',
    'URL',
    'Buffer',
    'setTimeout',
    'clearTimeout',
    'setInterval',
    'clearInterval',
    'setImmediate',
    'performance',
    'fetch',
    'AbortController',
    'structuredClone',
    'queueMicrotask',
    'TextEncoder',
    'TextDecoder',
  ].map((g) => [g, 'readonly']),
);
const commonjs = {
  require: 'readonly',
  module: 'writable',
  exports: 'writable',
  __dirname: 'readonly',
  __filename: 'readonly',
};

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/.tmp/**', 'fixtures/**/expected/**', 'coverage/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: node },
    // Directives for type-aware rules (no-implied-eval in codec/schemaWalk/codegen.ts) stay for a type-aware run.
    linterOptions: { reportUnusedDisableDirectives: 'off' },
    rules: {
      // `_name` marks a value left unused on purpose (a destructured-away field, a required parameter).
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          caughtErrors: 'none',
          ignoreRestSiblings: true,
        },
      ],
      // Tests match code frames and aligned columns literally; `/ {2}/` would hide the shape they check.
      'no-regex-spaces': 'off',
      // Spec names such as Server.Config and SSLConfig.Kind are namespaces merged with values, as the spec spells them.
      '@typescript-eslint/no-namespace': 'off',
      // Prettier puts a chained `[Symbol.asyncIterator]()` on its own line; with the semicolons it
      // always writes, the ASI hazard this rule guards against cannot arise (eslint-config-prettier agrees).
      'no-unexpected-multiline': 'off',
    },
  },
  {
    // The repository's own rules (eslint-rules/): one word splitter; one road from a thrown error
    // to an answer, the runner's (the funnel and the server's last-resort 500 are the exceptions);
    // emitters write imports only through their printer.
    plugins: { kitgen },
  },
  {
    files: ['compiler/src/**/*.ts', 'runtime/src/**/*.ts'],
    rules: {
      'kitgen/one-word-splitter': [
        'error',
        // The compiler's copy applies the runtime's rule in ASCII (compiler/test/names.test.ts holds them equal).
        { allow: ['runtime/src/util/words.ts', 'compiler/src/names/identifiers.ts'] },
      ],
    },
  },
  {
    files: ['runtime/src/**/*.ts'],
    ignores: ['runtime/src/routing/errorFunnel.ts'],
    rules: { 'kitgen/no-answering-catch': 'error' },
  },
  {
    files: ['compiler/src/emit/**/*.ts'],
    ignores: ['compiler/src/emit/printer/**'],
    rules: { 'kitgen/imports-through-printer': 'error' },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...node, ...commonjs } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Type tests: values exist only for `typeof` and expectType checks, so "assigned but only used as a type" is the point.
    files: ['runtime/test/types/**', 'runtime/test/client-types.test.ts', 'runtime/test/fixtures/design/**'],
    rules: { '@typescript-eslint/no-unused-vars': 'off' },
  },
  {
    // `any` where it is the only sound constraint: generic bounds over every Endpoint/Route
    // (variance), and untyped JSON walked by the codecs. New files get the rule.
    files: [
      'runtime/src/cli/bodyFields.ts',
      'runtime/src/cli/commandNames.ts',
      'runtime/src/cli/valueParsers.ts',
      'runtime/src/client/encodeRequest.ts',
      'runtime/src/codec/body/paramCoercion.ts',
      'runtime/src/codec/json/jsonPlan.ts',
      'runtime/src/codec/json/jsonStringify.ts',
      'runtime/src/endpoint/Endpoint.ts',
      'runtime/src/endpoint/defineEndpoint.ts',
      'runtime/src/endpoint/server/implementEndpoint.ts',
      'runtime/src/openapi/requestGen.ts',
      'runtime/src/openapi/schemaGen.ts',
      'runtime/src/routing/Route.ts',
      'runtime/src/routing/RoutePattern.ts',
      'runtime/test/schema-datetime.test.ts',
      'runtime/test/schema-derive.test.ts',
      'compiler/test/derive-fixtures/features.ts',
    ],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
