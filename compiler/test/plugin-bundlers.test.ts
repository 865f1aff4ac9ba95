// The build-step plugin under Rollup, webpack and Rspack, for real: each bundles the test project
// (derived schema, endpoints generated from the document) and the bundle, run, gives the document
// of both endpoints. Rollup and webpack need TypeScript stripped after the plugin: Rollup by a
// three-line plugin over esbuild's transform, webpack by a loader over esbuild's transformSync
// (support/esbuildTsLoader.cjs), Rspack by its builtin:swc-loader.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { transform } from 'esbuild';
import { rollup, type Plugin as RollupPlugin } from 'rollup';
import webpack from 'webpack';
import { rspack } from '@rspack/core';
import kitgenRollup from '../src/plugin/rollup.ts';
import kitgenWebpack from '../src/plugin/webpack.ts';
import kitgenRspack from '../src/plugin/rspack.ts';
import { apiView, modelsText, writePluginProject, type PluginProject } from './support/pluginProject.ts';

const require = createRequire(import.meta.url);

/** Rollup has no TypeScript: `.js` imports of `.ts` files resolved (as TypeScript does: a `.ts` file first), types stripped by esbuild. */
const stripTypes: RollupPlugin = {
  name: 'strip-types',
  resolveId: (source, importer) => {
    const ts =
      importer && source.startsWith('.') && source.endsWith('.js')
        ? resolve(dirname(importer), source.replace(/\.js$/, '.ts'))
        : undefined;
    return ts !== undefined && existsSync(ts) ? ts : null;
  },
  transform: async (code, id) =>
    id.endsWith('.ts')
      ? { code: (await transform(code, { loader: 'ts', format: 'esm', sourcemap: true, sourcefile: id })).code }
      : null,
};

const pluginOptions = (p: PluginProject) => ({
  input: join(p.dir, 'store.yaml'),
  out: p.out,
  config: false as const,
  quiet: true,
});

async function rollupBuild(p: PluginProject): Promise<void> {
  const bundle = await rollup({
    input: p.entry,
    external: ['@kitgen/runtime', '@kitgen/runtime/client'],
    plugins: [kitgenRollup(pluginOptions(p)), stripTypes],
    onwarn: () => {},
  });
  await bundle.write({ file: join(p.dir, 'dist', 'main.js'), format: 'es' });
  await bundle.close();
}

/** webpack and Rspack take the same configuration here, but for the TypeScript loader and the plugin. */
function packConfig(p: PluginProject, tsRule: object, plugin: unknown) {
  return {
    mode: 'none' as const,
    target: 'node',
    context: p.dir,
    entry: p.entry,
    output: {
      path: join(p.dir, 'dist'),
      filename: 'main.mjs',
      module: true,
      chunkFormat: 'module' as const,
      library: { type: 'module' as const },
    },
    experiments: { outputModule: true },
    externalsType: 'module' as const,
    // Generated endpoints import the runtime's client entry; the rest of the program its main entry.
    externals: { '@kitgen/runtime': '@kitgen/runtime', '@kitgen/runtime/client': '@kitgen/runtime/client' },
    resolve: { extensions: ['.ts', '.js'], extensionAlias: { '.js': ['.ts', '.js'] } },
    module: { rules: [{ test: /\.ts$/, ...tsRule }] },
    plugins: [plugin],
    devtool: false as const,
  };
}

function run<S extends { hasErrors(): boolean; toString(o: object): string }>(compiler: {
  run(cb: (e: Error | null, s?: S) => void): void;
  close(cb: () => void): void;
}): Promise<S> {
  return new Promise((done, fail) =>
    compiler.run((error, stats) => {
      compiler.close(() => {});
      if (error) fail(error);
      else done(stats!);
    }),
  );
}

test('rollup: derived schemas in the bundle, endpoints generated from the document', { timeout: 60_000 }, async () => {
  const p = await writePluginProject('plugin-rollup');
  await rollupBuild(p);
  assert.deepEqual(apiView(await import(pathToFileURL(join(p.dir, 'dist', 'main.js')).href)), {
    petFields: ['name'],
    summary: 'Find an order',
  });
});

test('rollup: a type that cannot be derived fails the build naming file:line:column', { timeout: 60_000 }, async () => {
  const p = await writePluginProject('plugin-rollup-error');
  await writeFile(p.models, modelsText('  name: string;\n  feed: () => void;'));
  await assert.rejects(
    rollupBuild(p),
    /models\.ts:4:9: error: cannot derive a schema for Pet\.feed: a function type \(\(\) => void\) has no JSON form\n  path: showPet → Pet\.feed/,
  );
});

test('webpack: derived schemas in the bundle, endpoints generated from the document', { timeout: 60_000 }, async () => {
  const p = await writePluginProject('plugin-webpack');
  const stats = await run(
    webpack(
      packConfig(
        p,
        { use: require.resolve('./support/esbuildTsLoader.cjs') },
        kitgenWebpack(pluginOptions(p)),
      ) as webpack.Configuration,
    )!,
  );
  assert.equal(stats.hasErrors(), false, stats.toString({ all: false, errors: true }));
  assert.deepEqual(apiView(await import(pathToFileURL(join(p.dir, 'dist', 'main.mjs')).href)), {
    petFields: ['name'],
    summary: 'Find an order',
  });
});

test(
  'webpack: a type that cannot be derived is a compilation error naming file:line:column',
  { timeout: 60_000 },
  async () => {
    const p = await writePluginProject('plugin-webpack-error');
    await writeFile(p.models, modelsText('  name: string;\n  feed: () => void;'));
    const stats = await run(
      webpack(
        packConfig(
          p,
          { use: require.resolve('./support/esbuildTsLoader.cjs') },
          kitgenWebpack(pluginOptions(p)),
        ) as webpack.Configuration,
      )!,
    );
    assert.equal(stats.hasErrors(), true);
    assert.match(
      stats.toString({ all: false, errors: true }),
      /models\.ts:4:9: error: cannot derive a schema for Pet\.feed: a function type \(\(\) => void\) has no JSON form\n  path: showPet → Pet\.feed/,
    );
  },
);

test('rspack: derived schemas in the bundle, endpoints generated from the document', { timeout: 60_000 }, async () => {
  const p = await writePluginProject('plugin-rspack');
  const swc = {
    loader: 'builtin:swc-loader',
    options: { jsc: { parser: { syntax: 'typescript' } } },
    type: 'javascript/auto',
  };
  const stats = await run(
    rspack(packConfig(p, swc, kitgenRspack(pluginOptions(p))) as Parameters<typeof rspack>[0]) as never,
  );
  assert.equal(
    (stats as { hasErrors(): boolean }).hasErrors(),
    false,
    (stats as { toString(o: object): string }).toString({ all: false, errors: true }),
  );
  assert.deepEqual(apiView(await import(pathToFileURL(join(p.dir, 'dist', 'main.mjs')).href)), {
    petFields: ['name'],
    summary: 'Find an order',
  });
});
