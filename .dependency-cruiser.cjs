// dependency-cruiser: DESIGN.md's arrows as rules, checked by `npm run lint` (npm run lint:layers).
// Folder-level layers of the compiler and of the runtime; a module may import its own layer or a
// lower one, never a higher one. Found with `depcruise --no-config compiler/src runtime/src` and
// kept as they were (no violation at the time of writing).

/** The compiler's pipeline (DESIGN.md, "The pipeline"), lowest first; a folder imports only the ones it names. */
const compiler = {
  diagnostics: [],
  names: [],
  input: ['diagnostics'],
  model: ['diagnostics', 'names'],
  render: ['diagnostics', 'names'],
  format: ['diagnostics'],
  // Emitters are pure functions of the model: no input document, no file system, no CLI.
  emit: ['model', 'names', 'render'],
  derive: ['diagnostics', 'names'],
  codefirst: ['derive', 'diagnostics', 'names'],
};

/** The runtime's layers, lowest first (the same row may import each other: http and codec do). */
const runtime = [
  ['util', 'errors'],
  ['schema', 'log'],
  ['http', 'codec'],
  ['routing'],
  ['websocket'],
  ['server', 'endpoint', 'middleware'],
  ['client', 'openapi'],
  ['docs', 'cli'],
];

const allCompiler = Object.keys(compiler);
const compilerRules = Object.entries(compiler).map(([folder, allowed]) => ({
  name: `compiler-${folder}-layer`,
  comment: `compiler/src/${folder} imports only ${allowed.length === 0 ? 'itself' : allowed.join(', ')} of the compiler (DESIGN.md, "The pipeline")`,
  severity: 'error',
  from: { path: `^compiler/src/${folder}/` },
  to: {
    path: '^compiler/src/',
    pathNot: [`^compiler/src/(${[folder, ...allowed].join('|')})/`],
  },
}));

const runtimeRules = runtime.map((row, i) => {
  const higher = runtime.slice(i + 1).flat();
  return {
    name: `runtime-${row.join('-')}-layer`,
    comment: `runtime/src/{${row.join(',')}} never imports a higher layer (${higher.join(', ') || 'the package entries'})`,
    severity: 'error',
    from: { path: `^runtime/src/(${row.join('|')})/` },
    // index.ts and client.ts, the package's two entries, sit above every layer.
    to: { path: higher.length > 0 ? `^runtime/src/((${higher.join('|')})/|(index|client)\\.ts$)` : '^runtime/src/(index|client)\\.ts$' },
  };
});

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'no import cycles that exist at run time (load order); a type-only edge back is erased and allowed (Endpoint.ts <-> server/implementEndpoint.ts)',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'runtime-never-imports-the-compiler',
      comment: '@kitgen/runtime depends on Node built-ins and its field libraries, never on the compiler (DESIGN.md, "The two halves")',
      severity: 'error',
      from: { path: '^runtime/' },
      to: { path: '^(compiler|bin|templates)/' },
    },
    {
      name: 'runtime-needs-no-compiler-libraries',
      comment: "what the runtime ships uses none of the compiler's libraries (its tests may use swagger-parser as a referee)",
      severity: 'error',
      from: { path: '^runtime/src/' },
      to: { path: '^node_modules/(kitgen|ts-morph|handlebars|prettier|@apidevtools|unplugin|tsx)/' },
    },
    {
      name: 'generated-code-imports-only-the-runtime',
      comment: 'generated code imports @kitgen/runtime and nothing from the compiler (DESIGN.md, "The two halves")',
      severity: 'error',
      from: { path: '^fixtures/[^/]+/expected/' },
      to: { path: '^(compiler|bin|templates)/|^node_modules/', pathNot: '^node_modules/typebox/' },
    },
    {
      name: 'compiler-stages-never-import-entry-points',
      comment: "the CLI, the build plugins and the loader sit on top; no stage imports them (the plugin reuses the CLI's option merging)",
      severity: 'error',
      from: { path: `^compiler/src/(${allCompiler.join('|')})/` },
      to: { path: '^compiler/src/(cli|plugin|register)/|^compiler/src/index\\.ts$' },
    },
    {
      name: 'emitters-never-touch-the-file-system',
      comment: "emitters are pure (model, options) -> files in memory; reading and writing is the caller's (DESIGN.md)",
      severity: 'error',
      from: { path: '^compiler/src/(emit|model|names)/' },
      to: { dependencyTypes: ['core'], path: '^(fs|fs/promises|child_process|net|http|https)$' },
    },
    {
      name: 'no-unresolvable',
      comment: 'an import that resolves to nothing',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
    ...compilerRules,
    ...runtimeRules,
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(\\.tmp|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['kitgen-source', 'import', 'types', 'default'],
      extensions: ['.ts', '.mts', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
