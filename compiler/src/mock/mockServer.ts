// `kitgen mock`'s server: the document compiled as `kitgen generate` compiles it (the endpoints and
// server targets), the generated modules imported, and their routes served with handlers that
// answer from the document — so a request is validated exactly as a generated server validates
// it, through the same runtime. CORS is on (local frontends call it from another origin) and the
// docs UI is at /docs. The runtime and the generated modules are imported here, at run time: the
// compiler's sources never import the runtime statically (a fresh clone runs them before the
// runtime is built).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { AsyncLocalStorage } from 'node:async_hooks';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DocumentReferee, RefereeUnable } from '../check/documentReferee.ts';
import { CompileError, placeDiagnostics, RunError, type Diagnostic } from '../diagnostics/index.ts';
import { EndpointGen } from '../EndpointGen.ts';
import { loadDocument } from '../input/loadDocument.ts';
import type { OpenApiDocument } from '../check/documentPointers.ts';
import { DocumentSamples } from './documentSamples.ts';
import { declaredResponses, mockHandlers, type MockRequest } from './mockHandlers.ts';
import { ExampleAudit } from './exampleAudit.ts';
import { Samples } from './modelSamples.ts';
import { TypedValues } from './typedValues.ts';
import { runtimePatternTester, type PatternRuntime } from '../check/patternTester.ts';

/** A running mock. */
export interface RunningMock {
  /** The listening URL, e.g. `http://127.0.0.1:4010`. */
  readonly url: string;
  readonly port: number;
  /**
   * Judges every example of a response body the document gives (requests are answered
   * meanwhile); resolves with a warning for each one that breaks its schema, placed in the document.
   */
  exampleWarnings(): Promise<readonly Diagnostic[]>;
  close(): Promise<void>;
}

/** The parts of `@kitgen/runtime` the mock uses (imported at run time). */
interface Runtime extends PatternRuntime {
  readonly Server: { live(config: unknown): Layer; install(routes: unknown, layer: Layer): Promise<number> };
  readonly ServerConfig: { default: { binding(host: string, port: number): unknown } };
  readonly Middleware: { cors(): unknown };
  readonly aroundRoutesMiddleware: (
    wrap: (next: (request: RuntimeRequest) => unknown) => (request: RuntimeRequest) => unknown,
  ) => unknown;
  readonly DocsUI: { routes(prefix: string, openAPI: unknown, options: { serverUrl: string }): RoutesValue };
  readonly OpenAPI: {
    fromDocument(doc: unknown): { _tag: 'left' | 'right'; right?: unknown };
    trusted(doc: unknown): unknown;
  };
  readonly HttpError: new (status: number, message: string) => Error;
}
interface Layer {
  shutdown(): Promise<void>;
}
interface RoutesValue {
  concat(other: RoutesValue): RoutesValue;
  pipe(middleware: unknown): RoutesValue;
}
interface RuntimeRequest {
  readonly headers: { get(name: string): string | undefined };
}

/** The runtime kitgen runs with, and its entry points as URLs (generated files written anywhere import those). */
async function loadRuntime(): Promise<{ runtime: Runtime; urls: { main: string; client: string } }> {
  try {
    const urls = {
      main: import.meta.resolve('@kitgen/runtime'),
      client: import.meta.resolve('@kitgen/runtime/client'),
    };
    return { runtime: (await import(urls.main)) as Runtime, urls };
  } catch (error) {
    if (!/MODULE_NOT_FOUND|PACKAGE_PATH_NOT_EXPORTED/.test(String((error as { code?: unknown }).code))) throw error;
    throw new RunError(
      `kitgen mock needs @kitgen/runtime, which cannot be loaded (${(error as Error).message.split('\n')[0]}); install it beside kitgen, or build it (npm run build) in kitgen's repository`,
    );
  }
}

const quoted = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A compiled mock, not yet listening: a `--watch` reload prepares the next before the last stops. */
export interface PreparedMock {
  readonly operations: number;
  /** Files the document was read from (what `--watch` watches). */
  readonly sources: readonly string[];
  readonly warnings: readonly Diagnostic[];
  /** Starts serving on `host`:`port` (0: any free port). */
  listen(host: string, port: number): Promise<RunningMock>;
}

/** Compiles `input`, imports its generated server and builds its routes with answering handlers. */
export async function prepareMock(
  input: string,
  options: { readonly seed?: number; readonly warn?: (message: string) => void } = {},
): Promise<PreparedMock> {
  const source = await loadDocument(input);
  let code: ReturnType<typeof EndpointGen.fromOpenAPI>;
  try {
    code = EndpointGen.fromOpenAPI(source.document, { targets: ['server'], file: input, split: false });
  } catch (error) {
    if (error instanceof CompileError) throw new CompileError(placeDiagnostics(source, error.diagnostics));
    throw error;
  }
  const { runtime, urls } = await loadRuntime();
  // The generated modules live in a temporary folder only until they are imported.
  const dir = await mkdtemp(join(tmpdir(), 'kitgen-mock-'));
  let server: { routes(handlers: object, options: { basePath: string }): RoutesValue };
  let endpoints: Record<string, { fail(value: unknown): unknown }>;
  try {
    // The generated files are ES modules, wherever the temporary folder is.
    await writeFile(join(dir, 'package.json'), '{ "type": "module" }\n');
    for (const [path, text] of code.files) {
      if (!path.endsWith('.js') || path.includes('/')) continue;
      const linked = text
        .replace(new RegExp(`(['"])${quoted('@kitgen/runtime/client')}\\1`, 'g'), JSON.stringify(urls.client))
        .replace(new RegExp(`(['"])${quoted('@kitgen/runtime')}\\1`, 'g'), JSON.stringify(urls.main));
      await writeFile(join(dir, path), linked);
    }
    server = (await import(pathToFileURL(join(dir, 'server.js')).href)) as typeof server;
    endpoints = (await import(pathToFileURL(join(dir, 'endpoints.js')).href)) as typeof endpoints;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }

  const doc = source.document as OpenApiDocument;
  const api = code.api;
  const referee = new DocumentReferee(doc as never, runtimePatternTester(runtime));
  const tools = {
    samples: new DocumentSamples(doc, referee, {
      documentFault: (e) => e instanceof RefereeUnable,
      pruneRecursion: true,
      ...(options.seed !== undefined ? { seed: options.seed } : {}),
    }),
    typed: new TypedValues(new Map(api.schemas.map((s) => [s.key, s.schema]))),
    kitgen: new Samples(api),
  };
  // The request being answered, for the handlers (which the generated routes call with its decoded input only).
  const current = new AsyncLocalStorage<MockRequest>();
  const examples = new ExampleAudit(api, doc, tools, (op) => declaredResponses(doc, op));
  const handlers = mockHandlers(api, doc, tools, {
    request: () => current.getStore(),
    refuse: (status, message) => new runtime.HttpError(status, message),
    failures: endpoints,
    warn: options.warn ?? (() => undefined),
    examples,
  });
  const remember = runtime.aroundRoutesMiddleware(
    (next) => (request) => current.run({ header: (name) => request.headers.get(name) }, () => next(request)),
  );
  const parsed = runtime.OpenAPI.fromDocument(source.document);
  const openAPI = parsed._tag === 'right' ? parsed.right : runtime.OpenAPI.trusted(source.document);
  // The operations at the root, as Prism serves them; the docs page's "Try it out" calls this server.
  const routes = server
    .routes(handlers, { basePath: '' })
    .pipe(remember)
    .concat(runtime.DocsUI.routes('docs', openAPI, { serverUrl: '/' }))
    .pipe(runtime.Middleware.cors());
  return {
    operations: api.operations.length,
    sources: source.sources ?? [],
    warnings: [...(source.warnings ?? []), ...placeDiagnostics(source, code.warnings)],
    listen: async (host, port) => {
      const layer = runtime.Server.live(runtime.ServerConfig.default.binding(host, port));
      const bound = await runtime.Server.install(routes, layer);
      const shown = host.includes(':') ? `[${host}]` : host;
      let closed = false;
      return {
        url: `http://${shown}:${bound}`,
        port: bound,
        exampleWarnings: async () => {
          await examples.judgeAll(() => closed);
          return placeDiagnostics(source, examples.takeWarnings());
        },
        close: () => ((closed = true), layer.shutdown()),
      };
    },
  };
}
