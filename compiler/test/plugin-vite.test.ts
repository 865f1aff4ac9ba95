// The build-step plugin under Vite, for real: `vite build` of a project whose entry imports an
// endpoint file with DeriveSchema.gen<T>() (types in another file) and endpoints generated from
// an OpenAPI document; a broken type fails the build with file:line:column; then Vite's dev
// server (JS API), where an edit to the document and an edit to a type both take effect in the
// modules the server hands out, timed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { open, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, createServer, type InlineConfig, type ViteDevServer } from 'vite';
import kitgen from '../src/plugin/vite.ts';
import {
  apiView,
  documentText,
  modelsText,
  writePluginProject,
  type ApiView,
  type PluginProject,
} from './support/pluginProject.ts';

function viteConfig(p: PluginProject): InlineConfig {
  return {
    root: p.dir,
    configFile: false,
    logLevel: 'silent',
    plugins: [kitgen({ input: 'store.yaml', out: 'src/generated', config: false, quiet: true })],
    // The runtime is Node's to load (it is a workspace link here, which Vite would otherwise bundle).
    ssr: {
      external: ['@kitgen/runtime', '@kitgen/runtime/client'],
      resolve: { externalConditions: ['kitgen-source'] },
    },
    build: {
      ssr: p.entry,
      outDir: join(p.dir, 'dist'),
      minify: false,
      emptyOutDir: true,
      rollupOptions: { external: ['@kitgen/runtime', '@kitgen/runtime/client'] },
    },
  };
}

test(
  'vite build: derived schemas in the bundle, endpoints generated from the document',
  { timeout: 60_000 },
  async () => {
    const p = await writePluginProject('plugin-vite-build');
    await build(viteConfig(p));
    const bundle = await readFile(join(p.dir, 'dist', 'main.js'), 'utf8');
    // The bundler reprints the inserted JSON; the schema is there, with the JSDoc description,
    // written once at the end of the module and named by the call.
    assert.match(bundle, /DeriveSchema\.gen\(__kitgenDerived\(0\)\)/);
    assert.match(
      bundle,
      /\{\s*"\$id": "Pet",\s*"type": "object",\s*"properties": \{ "name": \{ "type": "string" \} \}/,
    );
    const view = apiView(await import(pathToFileURL(join(p.dir, 'dist', 'main.js')).href));
    assert.deepEqual(view, { petFields: ['name'], summary: 'Find an order' });
  },
);

test(
  'vite build: a type that cannot be derived fails the build at its file:line:column',
  { timeout: 60_000 },
  async () => {
    const p = await writePluginProject('plugin-vite-error');
    await writeFile(p.models, modelsText('  name: string;\n  feed: () => void;'));
    await assert.rejects(
      build(viteConfig(p)),
      (error: Error & { errors?: { message: string; frame?: string; plugin?: string }[] }) => {
        assert.match(
          error.message,
          /models\.ts:4:9: error: cannot derive a schema for Pet\.feed: a function type \(\(\) => void\) has no JSON form\n  path: showPet → Pet\.feed/,
        );
        const [first] = error.errors ?? [];
        assert.equal(first?.plugin, 'kitgen');
        assert.match(first?.frame ?? '', /> 4 \|   feed: \(\) => void;/);
        return true;
      },
    );
  },
);

/** Resolves once the dev server's watcher reports a file added to the project root: its initial scan is over, edits from now on are seen. */
async function watcherLive(server: ViteDevServer, p: PluginProject): Promise<void> {
  const probe = join(p.dir, 'watcher-probe.txt');
  const seen = new Promise<void>((resolve) => server.watcher.on('add', (file) => file === probe && resolve()));
  for (let i = 0; ; i++) {
    await writeFile(probe, String(i));
    const reported = await Promise.race([
      seen.then(() => true),
      new Promise<false>((r) => setTimeout(() => r(false), 200)),
    ]);
    if (reported) return;
    assert.ok(i < 100, 'the dev server watcher reported nothing within 20 s');
  }
}

/** Polls the module until `ok` holds (10 s at most) and answers the milliseconds it took. */
function untilLoaded(load: () => Promise<ApiView>) {
  return async (what: string, ok: (v: ApiView) => boolean): Promise<number> => {
    const edited = performance.now();
    for (let i = 0; i < 500; i++) {
      const v = await load().catch(() => undefined);
      if (v && ok(v)) return performance.now() - edited;
      await new Promise((r) => setTimeout(r, 20));
    }
    assert.fail(`${what}: no update within 10 s; last: ${JSON.stringify(await load().catch((e: Error) => e.message))}`);
  };
}

test(
  'vite dev server: a document edit and a type edit take effect without a restart',
  { timeout: 90_000 },
  async (t) => {
    const p = await writePluginProject('plugin-vite-dev');
    const config = viteConfig(p);
    const started = performance.now();
    const server = await createServer({
      ...config,
      server: { middlewareMode: true, hmr: false, watch: { usePolling: false } },
    });
    try {
      const load = async (): Promise<ApiView> => apiView(await server.ssrLoadModule('/src/main.ts'));
      assert.deepEqual(await load(), { petFields: ['name'], summary: 'Find an order' });
      t.diagnostic(`cold start to the first module: ${Math.round(performance.now() - started)} ms`);
      await watcherLive(server, p);
      const until = untilLoaded(load);

      await writeFile(p.document, documentText('Find one order'));
      const docMs = await until('document edit', (v) => v.summary === 'Find one order');
      t.diagnostic(`document edit → updated module: ${Math.round(docMs)} ms`);

      await writeFile(p.models, modelsText('  name: string;\n  age?: number;'));
      const typeMs = await until('type edit', (v) => v.petFields.join() === 'name,age');
      t.diagnostic(`type edit → updated module: ${Math.round(typeMs)} ms`);

      // A broken document in dev: warned, the last good output stays, the server keeps serving.
      await writeFile(p.document, 'openapi: 3.1.0\npaths: [\n');
      await new Promise((r) => setTimeout(r, 800));
      assert.deepEqual(await load(), { petFields: ['name', 'age'], summary: 'Find one order' });
      await writeFile(p.document, documentText('Fixed'));
      await until('document fixed', (v) => v.summary === 'Fixed');
    } finally {
      await server.close();
    }
  },
);

test(
  'vite dev server: a document reported while half-written is generated again once the write completes',
  { timeout: 60_000 },
  async () => {
    const p = await writePluginProject('plugin-vite-settle');
    // The watcher does not see the document; the test plays it as chokidar does when an editor's
    // truncate and write fall within one throttle window: the truncation reported, the write not.
    const server = await createServer({
      ...viteConfig(p),
      server: { middlewareMode: true, hmr: false, watch: { ignored: [p.document] } },
    });
    try {
      const load = async (): Promise<ApiView> => apiView(await server.ssrLoadModule('/src/main.ts'));
      assert.deepEqual(await load(), { petFields: ['name'], summary: 'Find an order' });
      const file = await open(p.document, 'w');
      try {
        // What Vite does on a watcher's change event, first: every environment's watchChange hook.
        await Promise.all(
          Object.values(server.environments).map((e) => e.pluginContainer.watchChange(p.document, { event: 'update' })),
        );
        await file.writeFile(documentText('Written after the report'));
      } finally {
        await file.close();
      }
      await untilLoaded(load)('half-written document', (v) => v.summary === 'Written after the report');
    } finally {
      await server.close();
    }
  },
);
