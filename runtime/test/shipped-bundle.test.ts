// The runtime as it ships (scripts/build-runtime.mjs, what `npm run build` puts in runtime/dist and
// `npm pack` ships), run by plain node: its entry loads as a handful of ESM modules (typebox
// inlined), a server that logs nothing and uses no metrics, YAML, CLI or multipart never loads
// those packages, a schema built with the user's own typebox works over the wire, and a call site
// still names the user's file. Structural guards, not timings (those are in bench:routes).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
// Inside the repository, so the bundle's external imports (pino, ws, …) and the user's `typebox`
// resolve from its node_modules as they would from an app's.
const work = join(repoRoot, '.tmp', `shipped-bundle-${process.pid}`);
const outDir = join(work, 'runtime');
const entry = pathToFileURL(join(outDir, 'index.js')).href;
const lazyPackages = ['pino', 'prom-client', 'yaml', 'commander', 'busboy'];

// Without the repository's loader and export condition: the user's node is plain node.
const env: NodeJS.ProcessEnv = { ...process.env, NODE_OPTIONS: '' };
delete env.NODE_TEST_CONTEXT;

function run(args: readonly string[], extraEnv: NodeJS.ProcessEnv = {}): { stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [...args], {
    cwd: work,
    env: { ...env, ...extraEnv },
    encoding: 'utf8',
    timeout: 120_000,
  });
  assert.equal(r.status, 0, `node ${args.join(' ')} failed:\n${r.stdout}\n${r.stderr}`);
  return { stdout: r.stdout, stderr: r.stderr };
}

function node(args: readonly string[], extraEnv: NodeJS.ProcessEnv = {}): string {
  return run(args, extraEnv).stdout;
}

before(() => {
  mkdirSync(work, { recursive: true });
  node([join(repoRoot, 'scripts/build-runtime.mjs'), '--outDir', outDir, '--no-declarations']);
});
after(() => rmSync(work, { recursive: true, force: true }));

// Records every module the ESM loader loads (file URLs, one a line) into MODULE_LOG.
const hooks = `import { appendFileSync } from 'node:fs';
export async function load(url, context, nextLoad) {
  if (url.startsWith('file:')) appendFileSync(process.env.MODULE_LOG, url + '\\n');
  return nextLoad(url, context);
}
`;
const register = `import { register } from 'node:module';
register('./hooks.mjs', import.meta.url);
`;

test('the shipped entry loads as fewer than 30 ESM modules of its own and typebox, and no logging, metrics, YAML, CLI, multipart or TLS module', () => {
  writeFileSync(join(work, 'hooks.mjs'), hooks);
  writeFileSync(join(work, 'register.mjs'), register);
  const log = join(work, 'modules.log');
  writeFileSync(log, '');
  const script = `import { createRequire } from 'node:module';
await import(${JSON.stringify(entry)});
const builtins = process.moduleLoadList.filter((m) => m.startsWith('NativeModule ')).map((m) => m.slice('NativeModule '.length));
console.log(JSON.stringify({ cache: Object.keys(createRequire(import.meta.url).cache), builtins }));
`;
  const { cache: loaded, builtins } = JSON.parse(
    node(['--import', './register.mjs', '--input-type=module', '-e', script], { MODULE_LOG: log }),
  ) as {
    cache: string[];
    builtins: string[];
  };
  // TLS only for a TLS listener. (node:crypto is still loaded at start by codec/avro/AvroContainer.ts.)
  assert.ok(!builtins.includes('tls'), 'node:tls is loaded on first use, not with the runtime');
  const esm = readFileSync(log, 'utf8').split('\n').filter(Boolean);
  const own = esm.filter((url) => url.startsWith(pathToFileURL(outDir).href) || url.includes('/node_modules/typebox/'));
  assert.ok(own.length > 0, `the load hook saw the entry (${esm.length} modules in all)`);
  assert.ok(own.length < 30, `${own.length} ESM modules of the runtime and typebox:\n${own.join('\n')}`);
  assert.deepEqual(
    own.filter((url) => url.includes('/node_modules/typebox/')),
    [],
    'typebox is inlined',
  );
  const everything = [...esm, ...loaded.map((p) => pathToFileURL(p).href)];
  for (const name of lazyPackages) {
    assert.deepEqual(
      everything.filter((url) => url.includes(`/node_modules/${name}/`)),
      [],
      `${name} is loaded on first use, not with the runtime`,
    );
  }
});

// A user's program: schemas from the user's own `typebox` (node_modules/typebox, file by file),
// the runtime's inlined copy validating them; then a 404 and a bad request, which log nothing.
const serverScript = `import { createRequire } from 'node:module';
import { Type } from 'typebox';
import { Endpoint, RoutePattern, Routes, Server } from ${JSON.stringify(entry)};

const Item = Type.Object({ name: Type.String({ minLength: 1 }), count: Type.Integer({ minimum: 0 }) });
const echo = Endpoint(RoutePattern.POST('items')).in(Item).out(Item).implement((item) => item);
const layer = Server.live(Server.Config.default.binding('127.0.0.1', 0));
const port = await Server.install(Routes(echo), layer);
const post = async (body) => {
  const r = await fetch(\`http://127.0.0.1:\${port}/items\`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: r.status, body: await r.text() };
};
const ok = await post({ name: 'bolt', count: 3 });
const bad = await post({ name: 'bolt', count: -1 });
const missing = await fetch(\`http://127.0.0.1:\${port}/nothing\`);
await layer.shutdown();
const cache = Object.keys(createRequire(import.meta.url).cache);
console.log(JSON.stringify({ ok, bad, missing: missing.status, cache }));
`;

test("a schema built with the user's own typebox validates in the shipped runtime, over the wire", () => {
  writeFileSync(join(work, 'server.mjs'), serverScript);
  const out = JSON.parse(node(['server.mjs'])) as {
    ok: { status: number; body: string };
    bad: { status: number; body: string };
    missing: number;
    cache: string[];
  };
  assert.equal(out.ok.status, 200);
  assert.deepEqual(JSON.parse(out.ok.body), { name: 'bolt', count: 3 });
  assert.equal(out.bad.status, 400);
  assert.match(out.bad.body, /\/count/, `the 400 names the field: ${out.bad.body}`);
  assert.doesNotMatch(out.bad.body, /\n\s+at /, 'no stack trace');
  assert.equal(out.missing, 404);
  // Serving, rejecting and shutting down loaded none of them (the schema check is typebox's, inlined).
  for (const name of lazyPackages)
    assert.deepEqual(
      out.cache.filter((p) => p.includes(`/node_modules/${name}/`)),
      [],
      `${name} stays unloaded`,
    );
});

const deriveScript = `import { DeriveSchema } from ${JSON.stringify(entry)};
try {
  DeriveSchema.gen();
} catch (error) {
  console.log(error.callSite);
  console.log(error.stack.split('\\n').find((line) => /runtime\\.cjs:|\\/src\\/schema\\//.test(line)) ?? 'no frame of the runtime');
}
`;

test("an unexpanded gen<T>() names the user's file and line from the bundle, with and without source maps", () => {
  writeFileSync(join(work, 'derive.mjs'), deriveScript);
  const [plain, plainFrame] = node(['derive.mjs']).trim().split('\n');
  assert.equal(plain, 'derive.mjs:3:3');
  assert.match(plainFrame, /runtime\.cjs:\d+:\d+/, 'without source maps the frame is in the bundle');
  // With source maps the bundle is loaded by Node itself (no code cache), which maps its frames.
  const [mapped, mappedFrame] = node(['--enable-source-maps', 'derive.mjs']).trim().split('\n');
  assert.equal(mapped, 'derive.mjs:3:3');
  assert.match(
    mappedFrame,
    /runtime\/src\/schema\/\w+\.ts:\d+:\d+/,
    'with source maps the frame names the TypeScript source',
  );
});

// The bundle is compiled from a V8 code cache after the first start (runtime/loader/loadBundle.ts):
// NODE_DEBUG=kitgen says which way it went, and every way serves the same answers.
test('the runtime loads from a code cache after its first start; a damaged, shared or disabled cache only costs a compile', async () => {
  writeFileSync(join(work, 'server.mjs'), serverScript);
  const serve = (extraEnv: NodeJS.ProcessEnv) => {
    const { stdout, stderr } = run(['server.mjs'], { NODE_DEBUG: 'kitgen', ...extraEnv });
    const out = JSON.parse(stdout) as {
      ok: { status: number; body: string };
      bad: { status: number };
      missing: number;
    };
    assert.deepEqual(
      [out.ok.status, JSON.parse(out.ok.body), out.bad.status, out.missing],
      [200, { name: 'bolt', count: 3 }, 400, 404],
      stderr,
    );
    return stderr;
  };
  const root = join(work, 'cache-own');
  const cacheDir = join(root, 'kitgen');
  const files = () => readdirSync(cacheDir).filter((f) => f.endsWith('.bin'));

  const first = serve({ NODE_COMPILE_CACHE: root });
  assert.match(first, /compile cache: no .*runtime-[0-9a-f]{16}-/);
  assert.match(first, /compile cache: wrote /);
  assert.equal(files().length, 1, 'one cache file');
  const file = join(cacheDir, files()[0]);
  assert.equal(statSync(cacheDir).mode & 0o777, 0o700, 'the cache directory is private');
  assert.equal(statSync(file).mode & 0o777, 0o600, 'the cache file is private');

  const second = serve({ NODE_COMPILE_CACHE: root });
  assert.match(second, /compile cache: used /);
  assert.doesNotMatch(second, /wrote/);

  writeFileSync(file, 'not a code cache');
  const damaged = serve({ NODE_COMPILE_CACHE: root });
  assert.match(damaged, /compile cache: rejected /);
  assert.match(damaged, /compile cache: wrote /);
  assert.ok(statSync(file).size > 100_000, `the damaged file was replaced (${statSync(file).size} bytes)`);
  assert.match(serve({ NODE_COMPILE_CACHE: root }), /compile cache: used /);

  // The README's image recipe: a cache made by importing the runtime with `node -e` serves a
  // server started later as `node server.mjs`.
  const image = join(work, 'cache-image');
  run(['--input-type=module', '-e', `import ${JSON.stringify(entry)};`], { NODE_COMPILE_CACHE: image });
  assert.equal(readdirSync(join(image, 'kitgen')).length, 1, 'node -e wrote the cache');
  assert.match(serve({ NODE_COMPILE_CACHE: image }), /compile cache: used /);

  // Processes starting together on an empty cache each write a whole file and rename it: the one
  // left is whole, and used.
  const together = join(work, 'cache-together');
  const starts = await Promise.all(
    [1, 2, 3, 4].map(
      () =>
        new Promise<number | null>((resolve) => {
          const child = spawn(process.execPath, ['server.mjs'], {
            cwd: work,
            env: { ...env, NODE_COMPILE_CACHE: together },
            stdio: 'ignore',
          });
          child.on('exit', resolve);
        }),
    ),
  );
  assert.deepEqual(starts, [0, 0, 0, 0], 'four servers started together on an empty cache');
  assert.deepEqual(
    readdirSync(join(together, 'kitgen')).filter((f) => !f.endsWith('.bin')),
    [],
    'no temporary file is left',
  );
  assert.match(serve({ NODE_COMPILE_CACHE: together }), /compile cache: used /);

  // A directory others can write to could hold anybody's compiled code: it is not read.
  const shared = join(work, 'cache-shared');
  mkdirSync(join(shared, 'kitgen'), { recursive: true });
  chmodSync(join(shared, 'kitgen'), 0o777);
  if (process.getuid?.() !== undefined) {
    assert.match(serve({ NODE_COMPILE_CACHE: shared }), /writable by others; not used/);
    assert.deepEqual(readdirSync(join(shared, 'kitgen')), []);
  }

  const disabled = join(work, 'cache-disabled');
  assert.doesNotMatch(serve({ NODE_COMPILE_CACHE: disabled, NODE_DISABLE_COMPILE_CACHE: '1' }), /compile cache/);
  assert.equal(existsSync(disabled), false, 'NODE_DISABLE_COMPILE_CACHE writes nothing');
});

test('the shipped bundle is one-byte text and builds no Unicode RegExp while it loads', () => {
  const text = readFileSync(join(outDir, 'runtime.cjs'), 'latin1');
  // A non-ASCII character anywhere makes V8 decode and scan the whole file as UTF-16.
  const wide = text.search(/[\u0080-\uffff]/);
  assert.equal(
    wide,
    -1,
    `non-ASCII byte at offset ${wide}: ${JSON.stringify(text.slice(Math.max(0, wide - 60), wide + 20))}`,
  );
  // Module-level `\p{…}` patterns are parsed as the bundle loads; they are made on first use.
  const eager = text.split('\n').filter((line) => /^var \w+ = (\/(?!\*).*\\p\{|new RegExp\(.*\\\\p\{)/.test(line));
  assert.deepEqual(eager, [], 'module-level Unicode patterns');
  // And none is constructed while the entry loads (the lazy ones call the RegExp constructor).
  const script = `const Real = RegExp;
const made = [];
globalThis.RegExp = new Proxy(Real, { construct(target, args) { if (String(args[0]?.source ?? args[0]).includes('\\\\p{')) made.push(String(args[0])); return Reflect.construct(target, args); } });
await import(${JSON.stringify(entry)});
console.log(JSON.stringify(made));
`;
  assert.deepEqual(JSON.parse(node(['--input-type=module', '-e', script])), [], 'Unicode patterns constructed at load');
});

// A user who bundles their server (esbuild here; webpack, Rollup and Vite read the same `module`
// export condition) gets the runtime's ES modules (dist/esm/) inlined into their bundle, not the
// loader, whose `dist/runtime.cjs` is read from disk at run time and would be left behind.
test('a server bundled by esbuild carries the runtime inside it and serves from another directory', async () => {
  const installed = join(work, 'node_modules', '@kitgen', 'runtime');
  mkdirSync(installed, { recursive: true });
  cpSync(join(repoRoot, 'runtime', 'package.json'), join(installed, 'package.json'));
  cpSync(outDir, join(installed, 'dist'), { recursive: true });
  writeFileSync(
    join(work, 'bundled.mjs'),
    serverScript
      .replace(JSON.stringify(entry), "'@kitgen/runtime'")
      .replace(/const cache = .*\n/, 'const cache = [];\n'),
  );
  const { build } = await import('esbuild');
  const outfile = join(work, 'out', 'server.mjs');
  const result = await build({
    entryPoints: [join(work, 'bundled.mjs')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile,
    metafile: true,
    logLevel: 'silent',
  });
  const inputs = Object.keys(result.metafile.inputs);
  assert.ok(
    inputs.some((p) => p.endsWith('@kitgen/runtime/dist/esm/index.js')) &&
      inputs.some((p) => p.endsWith('@kitgen/runtime/dist/esm/server/HttpServer.js')),
    `the bundle holds the runtime's ES modules:\n${inputs.join('\n')}`,
  );
  assert.ok(!readFileSync(outfile, 'utf8').includes('runtime.cjs'), 'nothing in the bundle reads dist/runtime.cjs');
  // Run where no node_modules can be found: everything the server needs is in the one file.
  const away = mkdtempSync(join(tmpdir(), 'kitgen-bundled-'));
  try {
    cpSync(outfile, join(away, 'server.mjs'));
    const r = spawnSync(process.execPath, ['server.mjs'], { cwd: away, env, encoding: 'utf8', timeout: 60_000 });
    assert.equal(r.status, 0, r.stderr);
    const out = JSON.parse(r.stdout) as {
      ok: { status: number; body: string };
      bad: { status: number; body: string };
      missing: number;
    };
    assert.deepEqual(
      [out.ok.status, JSON.parse(out.ok.body), out.bad.status, out.missing],
      [200, { name: 'bolt', count: 3 }, 400, 404],
    );
    assert.match(out.bad.body, /\/count/);
  } finally {
    rmSync(away, { recursive: true, force: true });
  }
});

// typebox's idn-email and idn-hostname formats read its IDNA patterns, which the bundle makes on
// first use (scripts/lazyUnicodeRegExps.mjs): they still accept and refuse what they did.
const formatsScript = `import { Endpoint, RoutePattern, Routes, Schema, Server } from ${JSON.stringify(entry)};
const Contact = Schema.Object({ email: Schema.String({ format: 'idn-email' }), host: Schema.String({ format: 'idn-hostname' }) });
const echo = Endpoint(RoutePattern.POST('contacts')).in(Contact).out(Contact).implement((c) => c);
const layer = Server.live(Server.Config.default.binding('127.0.0.1', 0));
const port = await Server.install(Routes(echo), layer);
const statuses = [];
for (const body of JSON.parse(process.argv[2])) {
  const r = await fetch(\`http://127.0.0.1:\${port}/contacts\`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  statuses.push([r.status, await r.text()]);
}
await layer.shutdown();
console.log(JSON.stringify(statuses));
`;

test('idn-email and idn-hostname validate over the wire in the shipped runtime', () => {
  writeFileSync(join(work, 'formats.mjs'), formatsScript);
  const bodies = [
    { email: 'jörg@bücher.example', host: 'bücher.example' },
    { email: 'δοκιμή@παράδειγμα.δοκιμή', host: 'παράδειγμα.δοκιμή' },
    { email: 'no-at-sign', host: 'bücher.example' },
    { email: 'jörg@bücher.example', host: '-bad-.example' },
    // RFC 5892: a Greek lower numeral sign must be followed by a Greek character.
    { email: 'jörg@bücher.example', host: 'a\u0375b.example' },
  ];
  const results = JSON.parse(node(['formats.mjs', JSON.stringify(bodies)])) as Array<[number, string]>;
  assert.deepEqual(
    results.map(([status]) => status),
    [200, 200, 400, 400, 400],
    results.map(([s, b]) => `${s} ${b}`).join('\n'),
  );
  assert.match(results[2][1], /\/email/);
  assert.match(results[3][1], /\/host/);
  assert.match(results[4][1], /\/host/);
});
