// The build-step plugin under Vite, for real: `vite build` of a project whose entry imports an
// endpoint file with DeriveSchema.gen<T>() (types in another file) and endpoints generated from
// an OpenAPI document; a broken type fails the build with file:line:column; then Vite's dev
// server (JS API), where an edit to the document and an edit to a type both take effect in the
// modules the server hands out, timed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, createServer, type InlineConfig } from 'vite';
import kitgen from '../src/plugin/vite.ts';
import { apiView, documentText, modelsText, writePluginProject, type ApiView, type PluginProject } from './support/pluginProject.ts';

function viteConfig(p: PluginProject): InlineConfig {
  return {
    root: p.dir,
    configFile: false,
    logLevel: 'silent',
    plugins: [kitgen({ input: 'store.yaml', out: 'src/generated', config: false, quiet: true })],
    // The runtime is Node's to load (it is a workspace link here, which Vite would otherwise bundle).
    ssr: { external: ['@kitgen/runtime'], resolve: { externalConditions: ['kitgen-source'] } },
    build: { ssr: p.entry, outDir: join(p.dir, 'dist'), minify: false, emptyOutDir: true, rollupOptions: { external: ['@kitgen/runtime'] } },
  };
}

test('vite build: derived schemas in the bundle, endpoints generated from the document', { timeout: 60_000 }, async () => {
  const p = await writePluginProject('plugin-vite-build');
  await build(viteConfig(p));
  const bundle = await readFile(join(p.dir, 'dist', 'main.js'), 'utf8');
  // The bundler reprints the inserted JSON; the schema is there, with the JSDoc description.
  assert.match(bundle, /DeriveSchema\.gen\(\{\s*"\$id": "Pet",\s*"type": "object",\s*"properties": \{ "name": \{ "type": "string" \} \}/);
  const view = apiView(await import(pathToFileURL(join(p.dir, 'dist', 'main.js')).href));
  assert.deepEqual(view, { petFields: ['name'], summary: 'Find an order' });
});

test('vite build: a type that cannot be derived fails the build at its file:line:column', { timeout: 60_000 }, async () => {
  const p = await writePluginProject('plugin-vite-error');
  await writeFile(p.models, modelsText('  name: string;\n  feed: () => void;'));
  await assert.rejects(build(viteConfig(p)), (error: Error & { errors?: { message: string; frame?: string; plugin?: string }[] }) => {
    assert.match(
      error.message,
      /models\.ts:4:9: error: cannot derive a schema for Pet\.feed: a function type \(\(\) => void\) has no JSON form\n  path: showPet → Pet\.feed/,
    );
    const [first] = error.errors ?? [];
    assert.equal(first?.plugin, 'kitgen');
    assert.match(first?.frame ?? '', /> 4 \|   feed: \(\) => void;/);
    return true;
  });
});

test('vite dev server: a document edit and a type edit take effect without a restart', { timeout: 90_000 }, async (t) => {
  const p = await writePluginProject('plugin-vite-dev');
  const config = viteConfig(p);
  const started = performance.now();
  const server = await createServer({ ...config, server: { middlewareMode: true, hmr: false, watch: { usePolling: false } } });
  try {
    const load = async (): Promise<ApiView> => apiView(await server.ssrLoadModule('/src/main.ts'));
    assert.deepEqual(await load(), { petFields: ['name'], summary: 'Find an order' });
    t.diagnostic(`cold start to the first module: ${Math.round(performance.now() - started)} ms`);
    await new Promise((r) => setTimeout(r, 300)); // the watcher's initial scan
    const until = async (what: string, ok: (v: ApiView) => boolean): Promise<number> => {
      const edited = performance.now();
      for (let i = 0; i < 500; i++) {
        const v = await load().catch(() => undefined);
        if (v && ok(v)) return performance.now() - edited;
        await new Promise((r) => setTimeout(r, 20));
      }
      assert.fail(`${what}: no update within 10 s; last: ${JSON.stringify(await load().catch((e: Error) => e.message))}`);
    };

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
});
