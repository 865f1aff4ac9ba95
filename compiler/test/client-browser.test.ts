// The generated client where a frontend runs it, installed from the packed tarballs (as a user
// gets them, scripts/packed-packages.mjs): the client entry of @kitgen/runtime bundles for a
// platform without Node (esbuild, platform neutral) importing no Node built-in; and a page built
// by Vite with kitgen's plugin (targets endpoints and client) builds without a warning and, in
// headless Chromium, calls a kitgen server on another origin (CORS by the runtime's
// Middleware.cors): a JSON body, a form body, a multipart body, a declared error through
// `either`, a binary download and an abort, each checked in the page and read back here. The same
// calls run under Deno and Bun (their own `fetch`, the package's `deno`/`bun` resolution) where
// their binaries are found: on PATH, in node_modules/.bin, or named by KITGEN_DENO / KITGEN_BUN.
// And the page's TypeScript, as a browser project has it (DOM's lib, no Node types, Vite's
// skipLibCheck), type-checks the client's calls under TypeScript 5.9 and 7 with their real types.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { delimiter, join } from 'node:path';
import { build } from 'esbuild';
import { chromium, type Browser } from 'playwright-core';
import { ensurePackedPackages } from '../../scripts/packed-packages.mjs';
import { fixturesDir, repoRoot } from './support/fixtures.ts';
import { typescript7 } from './support/typescript7.ts';

const executablePath = '/usr/bin/chromium';
const hasChromium = existsSync(executablePath);

// Inside the repository, so that what the packages depend on (typebox, vite, the compiler's
// libraries) resolves from its node_modules as from an application's; the two packages themselves
// are the tarballs' contents.
const project = join(repoRoot, '.tmp', `client-browser-${process.pid}`);

// The user's node is plain node: no loader, no kitgen-source condition.
const env: NodeJS.ProcessEnv = { ...process.env, NODE_OPTIONS: '' };
delete env.NODE_TEST_CONTEXT;

function run(args: readonly string[]): string {
  const r = spawnSync(process.execPath, [...args], { cwd: project, env, encoding: 'utf8', timeout: 180_000 });
  assert.equal(r.status, 0, `node ${args.join(' ')} failed:\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

const document = `openapi: 3.0.3
info: { title: Browser, version: 1.0.0 }
paths:
  /pets:
    post:
      operationId: createPet
      requestBody: { required: true, content: { application/json: { schema: { $ref: '#/components/schemas/NewPet' } } } }
      responses:
        '201': { description: Added., content: { application/json: { schema: { $ref: '#/components/schemas/Pet' } } } }
  /pets/{petId}:
    get:
      operationId: getPet
      parameters: [{ name: petId, in: path, required: true, schema: { type: integer } }]
      responses:
        '200': { description: The pet., content: { application/json: { schema: { $ref: '#/components/schemas/Pet' } } } }
        '404': { description: No such pet., content: { application/json: { schema: { $ref: '#/components/schemas/NotFound' } } } }
  /login:
    post:
      operationId: login
      requestBody:
        required: true
        content:
          application/x-www-form-urlencoded:
            schema: { type: object, required: [user], properties: { user: { type: string }, remember: { type: boolean } } }
      responses:
        '200':
          description: Signed in.
          content:
            application/json:
              schema: { type: object, required: [user, remember], properties: { user: { type: string }, remember: { type: boolean } } }
  /files:
    post:
      operationId: upload
      requestBody:
        required: true
        content:
          multipart/form-data:
            schema: { type: object, required: [name, file], properties: { name: { type: string }, file: { type: string, format: binary } } }
      responses:
        '200':
          description: Stored.
          content:
            application/json:
              schema: { type: object, required: [name, size], properties: { name: { type: string }, size: { type: integer } } }
  /files/{name}:
    get:
      operationId: download
      parameters: [{ name: name, in: path, required: true, schema: { type: string } }]
      responses:
        '200': { description: The file., content: { application/octet-stream: { schema: { type: string, format: binary } } } }
  /slow:
    get:
      operationId: slow
      responses:
        '200': { description: Late., content: { application/json: { schema: { type: object, properties: { done: { type: boolean } } } } } }
components:
  schemas:
    NewPet: { type: object, required: [name], properties: { name: { type: string, minLength: 1 }, tag: { type: string } } }
    Pet: { type: object, required: [id, name], properties: { id: { type: integer }, name: { type: string }, tag: { type: string } } }
    NotFound: { type: object, required: [message], properties: { message: { type: string } } }
`;

const viteConfig = `import { defineConfig } from 'vite';
import kitgen from 'kitgen/vite';

export default defineConfig({
  plugins: [kitgen({ input: 'openapi.yaml', out: 'src/generated', targets: ['endpoints', 'client'], quiet: true })],
});
`;

// What \`vite build\` reports is collected rather than printed: the test counts the warnings.
const buildScript = `import { build } from 'vite';
const warnings = [];
const logger = {
  info() {},
  warn: (message) => warnings.push(message),
  warnOnce: (message) => warnings.push(message),
  error: (message) => warnings.push(\`error: \${message}\`),
  clearScreen() {},
  hasErrorLogged: () => false,
  hasWarned: false,
};
await build({ root: process.cwd(), configFile: 'vite.config.mjs', customLogger: logger, logLevel: 'warn' });
console.log(JSON.stringify({ warnings }));
`;

const indexHtml = `<!doctype html>
<html><head><meta charset="utf-8"><title>kitgen client</title></head>
<body><script type="module" src="/src/main.js"></script></body></html>
`;

// The page: each call's outcome as plain data, checked here once the page has run them all.
const calls = `const results = {};
const outcome = async (name, call) => {
  try {
    results[name] = { value: await call() };
  } catch (error) {
    results[name] = { error: error.message, name: error.name, kind: error.kind };
  }
};
await outcome('json', () => client.createPet({ body: { name: 'Rex', tag: 'dog' } }));
await outcome('badJson', () => client.createPet({ body: { name: '' } }));
await outcome('form', () => client.login({ body: { user: 'ada', remember: true } }));
await outcome('multipart', () => client.upload({ body: { name: 'notes.txt', file: new TextEncoder().encode('hello from the page') } }));
await outcome('found', () => client.either.getPet({ petId: 1 }));
await outcome('declaredError', () => client.either.getPet({ petId: 9 }));
await outcome('download', async () => {
  const bytes = await client.download({ name: 'notes.txt' });
  return { isBytes: bytes instanceof Uint8Array, text: new TextDecoder().decode(bytes) };
});
await outcome('abort', () => {
  const controller = new AbortController();
  const call = client.slow(undefined, { signal: controller.signal });
  setTimeout(() => controller.abort(), 100);
  return call;
});
// The generated per-operation functions (operations.js), compiled ones: the same answers.
await outcome('opJson', () => ops.createPet(api, { body: { name: 'Rex', tag: 'dog' } }));
await outcome('opBadJson', () => ops.createPet(api, { body: { name: '' } }));
await outcome('opFound', () => ops.getPet.either(api, { petId: 1 }));
await outcome('opDeclaredError', () => ops.getPet.either(api, { petId: 9 }));
await outcome('opBadInput', () => ops.getPet(api, { petId: 'x' }));
`;
const mainScript = `import { createClient } from './generated/client.js';
import * as ops from './generated/operations.js';
import { connect } from '@kitgen/runtime/client';

const client = createClient({ baseUrl: new URLSearchParams(location.search).get('api') });
const api = connect({ baseUrl: new URLSearchParams(location.search).get('api') });
${calls}window.kitgenResults = results;
`;
// The same calls from a script Deno or Bun runs, the API's URL as its argument, results on stdout.
const runtimeScript = `import { createClient } from './src/generated/client.js';
import * as ops from './src/generated/operations.js';
import { connect } from '@kitgen/runtime/client';

const args = globalThis.Deno ? Deno.args : process.argv.slice(2);
const client = createClient({ baseUrl: args[0] });
const api = connect({ baseUrl: args[0] });
${calls}console.log(JSON.stringify(results));
`;

// The API on one port (the generated server's routes, CORS for the page's origin only) and the
// built page on another, as a frontend and its API are deployed.
const serverScript = `import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { CorsConfig, Middleware, Server, ServerConfig } from '@kitgen/runtime';
import { getPet, routes } from './api/index.js';

const types = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8' };
const page = createServer(async (req, res) => {
  const path = normalize(new URL(req.url, 'http://x').pathname).replace(/^\\/+/, '') || 'index.html';
  try {
    const body = await readFile(join('dist', path));
    res.writeHead(200, { 'content-type': types[extname(path)] ?? 'application/octet-stream' }).end(body);
  } catch {
    res.writeHead(404).end();
  }
});
await new Promise((resolve) => page.listen(0, '127.0.0.1', resolve));
const pageOrigin = \`http://127.0.0.1:\${page.address().port}\`;

const files = new Map();
const api = routes({
  createPet: ({ body }) => ({ id: 7, ...body }),
  getPet: ({ petId }) => (petId === 1 ? { id: 1, name: 'Ada' } : getPet.fail({ status: 404, body: { message: \`no pet \${petId}\` } })),
  login: ({ body }) => ({ user: body.user, remember: body.remember ?? false }),
  upload: ({ body }) => {
    files.set(body.name, body.file);
    return { name: body.name, size: body.file.byteLength };
  },
  download: ({ name }) => files.get(name) ?? new Uint8Array(0),
  slow: () => new Promise((resolve) => setTimeout(() => resolve({ done: true }), 3000)),
}).pipe(Middleware.cors(CorsConfig({ allowedOrigin: CorsConfig.allowOrigins(pageOrigin) })));
const apiPort = await Server.install(api, Server.live(ServerConfig.default.binding('127.0.0.1', 0)));
console.log(JSON.stringify({ page: pageOrigin, api: \`http://127.0.0.1:\${apiPort}\` }));
`;

// Calls whose types must hold in a browser project: were the client's types lost (any), each
// expected-error directive would go unused, which is an error.
const typedScript = `import { createClient } from './generated/client.js';

const client = createClient({ baseUrl: location.origin });
export async function names(): Promise<string> {
  const pet = await client.getPet({ petId: 1 });
  const found = await client.either.getPet({ petId: 2 });
  const bytes: Uint8Array = await client.download({ name: 'notes.txt' });
  // @ts-expect-error petId is an integer
  await client.getPet({ petId: 'one' });
  // @ts-expect-error Pet has no such field
  void pet.owner;
  // @ts-expect-error a name is required
  await client.createPet({ body: { tag: 'dog' } });
  return pet.name + (found._tag === 'left' ? found.left.body.message : found.right.name) + bytes.byteLength;
}
`;
// What Vite's browser templates set: DOM's lib, bundler resolution, skipLibCheck; and no Node types.
const browserTsconfig = {
  compilerOptions: {
    target: 'ES2022',
    lib: ['ES2022', 'DOM', 'DOM.Iterable'],
    module: 'ESNext',
    moduleResolution: 'bundler',
    strict: true,
    skipLibCheck: true,
    noEmit: true,
    types: [],
  },
  files: ['src/typed.ts'],
};

let warnings: string[] = [];
let server: ChildProcess | undefined;
let origins: { page: string; api: string } | undefined;

before(async () => {
  const started = performance.now();
  const packs = await ensurePackedPackages();
  const packed = performance.now();
  await rm(project, { recursive: true, force: true });
  for (const [tarball, dir] of [
    [packs.runtime, join(project, 'node_modules', '@kitgen', 'runtime')],
    [packs.kitgen, join(project, 'node_modules', 'kitgen')],
  ]) {
    await mkdir(dir, { recursive: true });
    const r = spawnSync('tar', ['-xzf', tarball, '-C', dir, '--strip-components=1'], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
  }
  await mkdir(join(project, 'src'), { recursive: true });
  await writeFile(join(project, 'package.json'), JSON.stringify({ name: 'frontend', private: true, type: 'module' }));
  await writeFile(join(project, 'openapi.yaml'), document);
  await writeFile(join(project, 'vite.config.mjs'), viteConfig);
  await writeFile(join(project, 'build.mjs'), buildScript);
  await writeFile(join(project, 'index.html'), indexHtml);
  await writeFile(join(project, 'src', 'main.js'), mainScript);
  await writeFile(join(project, 'runtime-calls.mjs'), runtimeScript);
  await writeFile(join(project, 'src', 'typed.ts'), typedScript);
  await writeFile(join(project, 'tsconfig.browser.json'), JSON.stringify(browserTsconfig));
  await writeFile(join(project, 'server.mjs'), serverScript);
  warnings = (JSON.parse(run(['build.mjs'])) as { warnings: string[] }).warnings;
  const kitgen = join('node_modules', 'kitgen', 'bin', 'kitgen.js');
  run([kitgen, 'generate', 'openapi.yaml', '--out', 'api', '--targets', 'endpoints,server']);
  run([
    kitgen,
    'generate',
    join(fixturesDir, 'pets', 'openapi.yaml'),
    '--out',
    'pets',
    '--targets',
    'endpoints,client',
  ]);
  const seconds = (ms: number) => (ms / 1000).toFixed(1);
  console.log(
    `# client-browser test: packages packed in ${seconds(packed - started)} s (shared, once per sources), installed, built and generated in ${seconds(performance.now() - packed)} s`,
  );
});

after(async () => {
  server?.kill();
  await rm(project, { recursive: true, force: true });
});

const builtins = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);

test('the generated client bundles for a platform without Node (esbuild, neutral) from the packed runtime: no Node built-in, no server', async () => {
  const result = await build({
    entryPoints: [join(project, 'pets', 'client.js')],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'neutral',
    splitting: true,
    outdir: join(project, 'out'),
    metafile: true,
    logLevel: 'silent',
    // A built-in is left as an import rather than failing the build, so the metafile shows who imports it.
    external: [...builtins],
  });
  const inputs = Object.entries(result.metafile.inputs);
  const runtimeInputs = inputs.map(([path]) => path).filter((path) => path.includes('node_modules/@kitgen/runtime/'));
  assert.ok(
    runtimeInputs.some((path) => path.endsWith('@kitgen/runtime/dist/esm/client.js')),
    `the client entry's ES modules: ${runtimeInputs.join(', ')}`,
  );
  const nodeImports = inputs.flatMap(([path, input]) =>
    input.imports.filter((i) => builtins.has(i.path)).map((i) => `${path} -> ${i.path}`),
  );
  assert.deepEqual(nodeImports, []);
  const serverSide = runtimeInputs.filter((path) =>
    /\/dist\/(index\.js|runtime\.cjs|esm\/(index\.js|(server|cli|openapi|docs|log|websocket)\/|middleware\/(?!codecConfig|core)))/.test(
      path,
    ),
  );
  assert.deepEqual(serverSide, []);
  // Binary formats load when an operation declares one: never in the chunk the page loads first.
  const [entry] = Object.values(result.metafile.outputs).filter((o) => o.entryPoint !== undefined);
  const codecs = Object.keys(entry.inputs).filter((path) => /codec\/(protobuf|msgpack|avro|thrift)\//.test(path));
  assert.deepEqual(codecs, []);
  const anywhere = inputs.map(([path]) => path).filter((path) => /codec\/(avro|thrift)\//.test(path));
  assert.deepEqual(anywhere, [], 'Avro and Thrift (Node only) are not in a browser build at all');
});

test('a Vite page built with the kitgen plugin (endpoints and client targets) builds without a warning', () => {
  assert.deepEqual(warnings, []);
});

/** Starts the API and page servers once; later callers get the same origins. */
let serving: Promise<{ page: string; api: string }> | undefined;
function startServer(): Promise<{ page: string; api: string }> {
  serving ??= new Promise<{ page: string; api: string }>((resolve, reject) => {
    server = spawn(process.execPath, ['server.mjs'], { cwd: project, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    server.stderr!.on('data', (c: Buffer) => (err += c.toString()));
    server.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      if (out.includes('\n')) resolve(JSON.parse(out.split('\n')[0]) as { page: string; api: string });
    });
    server.on('exit', (code) => reject(new Error(`the server exited (${code}):\n${out}\n${err}`)));
  });
  return serving;
}

type CallResults = Record<string, { value?: unknown; error?: string; name?: string; kind?: string }>;

/** What every runtime's run of the calls must give. */
function checkResults(results: CallResults): void {
  assert.deepEqual(results.json, { value: { id: 7, name: 'Rex', tag: 'dog' } });
  // The server's 400 (minLength) is no declared error: a ClientError naming the endpoint and the field.
  assert.equal(results.badJson.name, 'ClientError');
  assert.equal(results.badJson.kind, 'status');
  assert.match(
    results.badJson.error!,
    /^POST \/pets \(http:\/\/127\.0\.0\.1:\d+\/pets\): undeclared status 400 .*\/name/,
  );
  assert.deepEqual(results.form, { value: { user: 'ada', remember: true } });
  assert.deepEqual(results.multipart, { value: { name: 'notes.txt', size: 19 } });
  assert.deepEqual(results.found, { value: { _tag: 'right', right: { id: 1, name: 'Ada' } } });
  assert.deepEqual(results.declaredError, {
    value: { _tag: 'left', left: { status: 404, body: { message: 'no pet 9' } } },
  });
  assert.deepEqual(results.download, { value: { isBytes: true, text: 'hello from the page' } });
  assert.equal(results.abort.name, 'ClientError');
  assert.equal(results.abort.kind, 'aborted');
  assert.match(
    results.abort.error!,
    /^GET \/slow \(http:\/\/127\.0\.0\.1:\d+\/slow\): aborted by the caller's signal$/,
  );
  assert.deepEqual(results.opJson, {
    value: { ...(results.json.value as object), id: (results.opJson.value as { id: number }).id },
  });
  assert.equal(results.opBadJson.kind, 'status');
  assert.equal(
    results.opBadJson.error!.replace(/:\d+\//, ':PORT/'),
    results.badJson.error!.replace(/:\d+\//, ':PORT/'),
  );
  assert.deepEqual(results.opFound, results.found);
  assert.deepEqual(results.opDeclaredError, results.declaredError);
  assert.equal(results.opBadInput.kind, 'encode');
  assert.equal(results.opBadInput.error, "GET /pets/{petId}: path parameter 'petId': expected an integer, got x");
}

test(
  'in Chromium the page calls a kitgen server on another origin: JSON, form and multipart bodies, a declared error, a download, an abort',
  { skip: hasChromium ? false : `no Chromium at ${executablePath} (CI installs Debian's chromium)` },
  async () => {
    origins = await startServer();
    let browser: Browser | undefined;
    try {
      browser = await chromium.launch({
        executablePath,
        args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
      });
      const page = await browser.newPage();
      const pageErrors: string[] = [];
      page.on('pageerror', (e) => pageErrors.push(String(e)));
      await page.goto(`${origins.page}/?api=${encodeURIComponent(origins.api)}`);
      await page.waitForFunction(() => (globalThis as { kitgenResults?: unknown }).kitgenResults !== undefined, null, {
        timeout: 20_000,
      });
      const results = (await page.evaluate(
        () => (globalThis as { kitgenResults?: unknown }).kitgenResults,
      )) as CallResults;
      assert.deepEqual(pageErrors, []);
      checkResults(results);
    } finally {
      await browser?.close();
    }
  },
);

/** A runtime's binary: the environment variable's path, else on PATH, else the repository's node_modules/.bin. */
function findBinary(name: string, variable: string): string | undefined {
  const named = process.env[variable];
  if (named) return existsSync(named) ? named : undefined;
  const dirs = [...(process.env.PATH ?? '').split(delimiter).filter(Boolean), join(repoRoot, 'node_modules', '.bin')];
  return dirs.map((dir) => join(dir, name)).find((path) => existsSync(path));
}

// Each runs the generated client as its users run a script: Deno resolves the package through
// its `deno` condition (the ES modules), Bun through `bun`/`node`; both from the project's node_modules.
const runtimes = [
  {
    name: 'Deno',
    binary: findBinary('deno', 'KITGEN_DENO'),
    variable: 'KITGEN_DENO',
    args: ['run', '--allow-net', '--allow-read', '--allow-env'],
  },
  { name: 'Bun', binary: findBinary('bun', 'KITGEN_BUN'), variable: 'KITGEN_BUN', args: ['run'] },
];
for (const { name, binary, variable, args } of runtimes) {
  test(
    `under ${name} the generated client calls the kitgen server: JSON, form and multipart bodies, a declared error, a download, an abort`,
    {
      skip: binary
        ? false
        : `no ${name.toLowerCase()} binary (PATH, node_modules/.bin or ${variable}): npm i -g ${name.toLowerCase()} installs it`,
    },
    async () => {
      const { api } = await startServer();
      const r = await new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
        const child = spawn(binary!, [...args, 'runtime-calls.mjs', api], {
          cwd: project,
          env: { ...env, NO_COLOR: '1' },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let out = '';
        let err = '';
        child.stdout.on('data', (c: Buffer) => (out += c.toString()));
        child.stderr.on('data', (c: Buffer) => (err += c.toString()));
        const timer = setTimeout(() => child.kill(), 60_000);
        child.on('close', (code) => {
          clearTimeout(timer);
          resolve({ code, out, err });
        });
      });
      assert.equal(r.code, 0, `${name} failed:\n${r.out}\n${r.err}`);
      checkResults(JSON.parse(r.out.trim().split('\n').at(-1)!) as CallResults);
    },
  );
}

// TypeScript 7 installed under .tmp/ on first use (support/typescript7.ts).
const ts7 = typescript7();
const typescripts = [
  { name: 'TypeScript 5.9', tsc: join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc'), missing: undefined },
  {
    name: 'TypeScript 7',
    tsc: 'tsc' in ts7 ? ts7.tsc : '',
    missing: 'missing' in ts7 ? `TypeScript 7 not available: ${ts7.missing}` : undefined,
  },
];
for (const { name, tsc, missing } of typescripts) {
  test(
    `${name} type-checks the client's calls in a browser project (DOM lib, no Node types, skipLibCheck)`,
    { skip: missing ?? false },
    () => {
      const r = spawnSync(tsc, ['-p', 'tsconfig.browser.json'], {
        cwd: project,
        env,
        encoding: 'utf8',
        timeout: 180_000,
      });
      assert.equal(r.status, 0, `${name}:\n${r.stdout}\n${r.stderr}`);
    },
  );
}
