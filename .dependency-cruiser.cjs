// dependency-cruiser: the project's layering as rules, checked by `npm run lint` (npm run lint:layers).
// Folder-level layers of the compiler and of the runtime; a module may import its own layer or a
// lower one, never a higher one. Found with `depcruise --no-config compiler/src runtime/src` and
// kept as they were (no violation at the time of writing).

/** The compiler's stages, lowest first (input → model → emit → format); a folder imports only the ones it names. */
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

/**
 * The runtime's folders, lowest layers first, and what each may import besides itself. This is the
 * one table of the runtime's layering (runtime/test/layering.test.ts checks only that it names
 * every folder). The package's two entries, index.ts and client.ts, sit above every folder.
 */
const runtime = {
  util: [],
  errors: ['util'],
  schema: ['errors', 'util'],
  http: ['errors', 'util'],
  codec: ['http', 'schema', 'errors', 'util'],
  log: ['errors', 'util'],
  routing: ['http', 'schema', 'errors', 'util'],
  endpoint: ['log', 'routing', 'codec', 'http', 'schema', 'errors', 'util'],
  middleware: ['log', 'routing', 'codec', 'http', 'schema', 'errors', 'util'],
  openapi: ['endpoint', 'routing', 'codec', 'http', 'schema', 'errors', 'util'],
  docs: ['openapi', 'routing', 'http', 'errors', 'util'],
  client: ['endpoint', 'routing', 'codec', 'http', 'schema', 'errors', 'util'],
  cli: ['client', 'endpoint', 'routing', 'codec', 'http', 'schema', 'errors', 'util'],
  // The server's upgrade handling (server/WebSocketUpgrades.ts) uses the WebSocket app layer.
  server: ['websocket', 'log', 'routing', 'http', 'errors', 'util'],
  websocket: ['routing', 'http', 'errors', 'util'],
};

/** Arrows against the layering that only types take (erased at run time): `Body.to/from` take a BinaryCodec. */
const runtimeTypeOnly = { http: ['codec'] };

/**
 * Commands beside `generate`, a folder each, and the compiler folders each may import besides
 * itself; both may also use the compiler's root API (EndpointGen.ts) and the CLI's IO interface.
 * `check` judges a server by the document alone, never through the model kitgen generates from.
 */
const commands = {
  // input: reading the document (a file or a URL), as generate and mock read it.
  check: ['diagnostics', 'input'],
  mock: ['check', 'diagnostics', 'input', 'model', 'names'],
};
const commandRules = Object.entries(commands).map(([folder, allowed]) => ({
  name: `compiler-${folder}-command`,
  comment: `compiler/src/${folder} imports only ${allowed.join(', ')}, the root API and cli/CliIO.ts of the compiler`,
  severity: 'error',
  from: { path: `^compiler/src/${folder}/` },
  to: {
    path: '^compiler/src/',
    pathNot: [
      `^compiler/src/(${[folder, ...allowed].join('|')})/`,
      '^compiler/src/[^/]+\\.ts$',
      '^compiler/src/cli/CliIO\\.ts$',
    ],
  },
}));

/**
 * The generate pipeline (compiler/src/pipeline): input adapters, the one emit → format → write road,
 * the run's options and reporter. It composes the stages, so it may import them and the root's
 * writer (with the chunked text it writes) and option defaults; the entry points (CLI, build plugins, loader, root API) sit above it.
 */
const pipeline = ['codefirst', 'diagnostics', 'emit', 'format', 'input', 'model', 'names', 'render'];
const pipelineRules = [
  {
    name: 'compiler-pipeline-layer',
    comment: `compiler/src/pipeline imports only ${pipeline.join(', ')}, CodeGen.ts (and the ChunkedText it writes) and optionDefaults.ts of the compiler`,
    severity: 'error',
    from: { path: '^compiler/src/pipeline/' },
    to: {
      path: '^compiler/src/',
      pathNot: [
        `^compiler/src/(pipeline|${pipeline.join('|')})/`,
        '^compiler/src/(CodeGen|ChunkedText|optionDefaults)\\.ts$',
      ],
    },
  },
  {
    name: 'plugin-never-imports-the-cli',
    comment:
      'the build plugins run kitgen generate through the pipeline, as the CLI does; the CLI (commander, stdout, exit codes) is not theirs',
    severity: 'error',
    from: { path: '^compiler/src/plugin/' },
    to: { path: '^compiler/src/cli/' },
  },
];

const allCompiler = Object.keys(compiler);
const compilerRules = Object.entries(compiler).map(([folder, allowed]) => ({
  name: `compiler-${folder}-layer`,
  comment: `compiler/src/${folder} imports only ${allowed.length === 0 ? 'itself' : allowed.join(', ')} of the compiler`,
  severity: 'error',
  from: { path: `^compiler/src/${folder}/` },
  to: {
    path: '^compiler/src/',
    pathNot: [`^compiler/src/(${[folder, ...allowed].join('|')})/`],
  },
}));

const runtimeRules = Object.entries(runtime).flatMap(([folder, allowed]) => {
  const typeOnly = runtimeTypeOnly[folder] ?? [];
  const rule = (name, comment, to) => ({
    name,
    comment,
    severity: 'error',
    from: { path: `^runtime/src/${folder}/` },
    to,
  });
  return [
    rule(
      `runtime-${folder}-layer`,
      `runtime/src/${folder} imports only ${allowed.length === 0 ? 'itself' : allowed.join(', ')} of the runtime`,
      {
        path: '^runtime/src/',
        pathNot: [`^runtime/src/(${[folder, ...allowed, ...typeOnly].join('|')})/`],
      },
    ),
    ...(typeOnly.length === 0
      ? []
      : [
          rule(`runtime-${folder}-type-only`, `runtime/src/${folder} takes only types from ${typeOnly.join(', ')}`, {
            path: `^runtime/src/(${typeOnly.join('|')})/`,
            dependencyTypesNot: ['type-only'],
          }),
        ]),
  ];
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
      comment:
        '@kitgen/runtime depends on Node built-ins and its field libraries, never on the compiler: it ships alone',
      severity: 'error',
      from: { path: '^runtime/' },
      to: { path: '^(compiler|bin|templates)/' },
    },
    {
      name: 'runtime-needs-no-compiler-libraries',
      comment:
        "what the runtime ships uses none of the compiler's libraries (its tests may use swagger-parser as a referee)",
      severity: 'error',
      from: { path: '^runtime/src/' },
      to: { path: '^node_modules/(kitgen|ts-morph|handlebars|prettier|@apidevtools|unplugin|tsx)/' },
    },
    {
      name: 'generated-code-imports-only-the-runtime',
      comment:
        'generated code imports @kitgen/runtime and nothing from the compiler: users install only the runtime beside it',
      severity: 'error',
      from: { path: '^fixtures/[^/]+/expected/' },
      to: { path: '^(compiler|bin|templates)/|^node_modules/', pathNot: '^node_modules/typebox/' },
    },
    {
      name: 'compiler-stages-never-import-entry-points',
      comment:
        'the CLI, the build plugins and the loader sit on top; no stage imports them (both run kitgen generate through compiler/src/pipeline)',
      severity: 'error',
      from: { path: `^compiler/src/(${allCompiler.join('|')})/` },
      to: { path: '^compiler/src/(cli|plugin|register)/|^compiler/src/index\\.ts$' },
    },
    {
      name: 'emitters-never-touch-the-file-system',
      comment: "emitters are pure (model, options) -> files in memory; reading and writing is the caller's",
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
    ...pipelineRules,
    ...commandRules,
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
