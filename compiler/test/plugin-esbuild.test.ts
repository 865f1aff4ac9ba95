// The build-step plugin under esbuild, for real: a build (derived schema and generated endpoints
// in the bundle), and a watch (`context().watch()`) where editing a type in another file than the
// endpoint file rebuilds the bundle with the new schema — the file is watched because the
// expansion read it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import kitgen from '../src/plugin/esbuild.ts';
import { apiView, modelsText, writePluginProject, type PluginProject } from './support/pluginProject.ts';

function options(p: PluginProject, plugins: esbuild.Plugin[]): esbuild.BuildOptions {
  return {
    entryPoints: [p.entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: join(p.dir, 'dist', 'main.js'),
    external: ['@kitgen/runtime', '@kitgen/runtime/client'],
    logLevel: 'silent',
    plugins,
  };
}

test(
  'esbuild build: derived schemas in the bundle, endpoints generated from the document',
  { timeout: 60_000 },
  async () => {
    const p = await writePluginProject('plugin-esbuild-build');
    await esbuild.build(
      options(p, [kitgen({ input: join(p.dir, 'store.yaml'), out: p.out, config: false, quiet: true })]),
    );
    const view = apiView(await import(pathToFileURL(join(p.dir, 'dist', 'main.js')).href));
    assert.deepEqual(view, { petFields: ['name'], summary: 'Find an order' });
  },
);

test(
  'esbuild build: a type that cannot be derived is an esbuild error naming file:line:column',
  { timeout: 60_000 },
  async () => {
    const p = await writePluginProject('plugin-esbuild-error');
    await writeFile(p.models, modelsText('  name: string;\n  feed: () => void;'));
    await assert.rejects(
      esbuild.build(options(p, [kitgen({ input: join(p.dir, 'store.yaml'), out: p.out, config: false, quiet: true })])),
      (error: Error & { errors?: esbuild.Message[] }) => {
        assert.equal(error.errors?.length, 1);
        assert.match(
          error.errors![0].text,
          /models\.ts:4:9: error: cannot derive a schema for Pet\.feed: a function type \(\(\) => void\) has no JSON form\n  path: showPet → Pet\.feed/,
        );
        assert.equal(error.errors![0].pluginName, 'kitgen');
        return true;
      },
    );
  },
);

test('esbuild watch: editing a type in another file rebuilds with the new schema', { timeout: 60_000 }, async (t) => {
  const p = await writePluginProject('plugin-esbuild-watch');
  let builds = 0;
  const counter: esbuild.Plugin = { name: 'count', setup: (b) => b.onEnd(() => void (builds += 1)) };
  const ctx = await esbuild.context(
    options(p, [kitgen({ input: join(p.dir, 'store.yaml'), out: p.out, config: false, quiet: true }), counter]),
  );
  try {
    await ctx.watch();
    const bundle = () => readFile(join(p.dir, 'dist', 'main.js'), 'utf8').catch(() => '');
    for (let i = 0; i < 200 && builds < 1; i++) await new Promise((r) => setTimeout(r, 25));
    assert.doesNotMatch(await bundle(), /"age"/);
    const edited = performance.now();
    await writeFile(p.models, modelsText('  name: string;\n  age?: number;'));
    for (let i = 0; i < 400 && !/"age"/.test(await bundle()); i++) await new Promise((r) => setTimeout(r, 25));
    assert.match(await bundle(), /"age": \{\s*"type": "number"/);
    t.diagnostic(`type edit → rebuilt bundle: ${Math.round(performance.now() - edited)} ms`);
  } finally {
    await ctx.dispose();
  }
});

test(
  'esbuild build with endpoint files as input: the OpenAPI document and client are generated',
  { timeout: 60_000 },
  async () => {
    const p = await writePluginProject('plugin-esbuild-codefirst');
    const plugin = kitgen({
      input: join(p.dir, 'src', 'api', '*.endpoints.ts'),
      out: join(p.dir, 'src', 'cf'),
      targets: ['openapi', 'client'],
      config: false,
      quiet: true,
    });
    await esbuild.build({ ...options(p, [plugin]), entryPoints: [p.endpoints] });
    const doc = JSON.parse(await readFile(join(p.dir, 'src', 'cf', 'openapi.json'), 'utf8')) as {
      components: { schemas: { Pet: { properties: object } } };
    };
    assert.deepEqual(Object.keys(doc.components.schemas.Pet.properties), ['name']);
    // The client is built over the endpoints module, so asking for `client` writes `endpoints` too.
    assert.match(
      await readFile(join(p.dir, 'src', 'cf', 'client.d.ts'), 'utf8'),
      /interface Client extends ClientMethods<Pick<typeof endpoints, endpoints\.OperationName>>/,
    );
    assert.match(
      await readFile(join(p.dir, 'src', 'cf', 'endpoints.d.ts'), 'utf8'),
      /showPet: \{ params: ShowPetParams; output: ShowPetOutput; error: ShowPetError; auth: 'None' \};/,
    );
    assert.match(await readFile(join(p.dir, 'src', 'cf', 'endpoints.js'), 'utf8'), /export const showPet = /);
  },
);
