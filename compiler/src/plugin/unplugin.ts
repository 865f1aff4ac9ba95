// The kitgen build-step plugin, one implementation on unplugin for Vite, Rollup, esbuild, webpack
// and Rspack: it runs `kitgen generate` at the start of a build and again when an input changes
// (watch and dev), and expands `DeriveSchema.gen<T>()` in the modules that call it.
import { createUnplugin, type UnpluginBuildContext } from 'unplugin';
import { formatDiagnostic } from '../diagnostics/index.ts';
import { cleanId, DeriveTransformer, isTransformable, transformIdPattern } from './DeriveTransformer.ts';
import { bundlerError, KitgenBuildError, pluginName } from './errors.ts';
import { resolvePluginOptions, type KitgenPluginOptions } from './options.ts';
import { Regenerator } from './Regenerator.ts';

export type { KitgenPluginOptions } from './options.ts';

/** Where the plugin prints (Vite's logger under Vite; stderr elsewhere). */
interface Log {
  info(message: string): void;
  warn(message: string): void;
}

/**
 * How long after a run in a watch the plugin reads its inputs again. A watcher may report a file
 * caught half-written (an editor truncates it, then writes) and drop the write that follows
 * (chokidar passes one change per path per 50 ms): the second read generates what was written.
 */
const settleMillis = 150;

/** True when a build context belongs to a watch (Rollup's `meta.watchMode`, webpack's and Rspack's `compiler.watchMode`). */
function inWatchMode(context: UnpluginBuildContext): boolean {
  const native = context.getNativeBuildContext?.();
  if (native?.framework === 'webpack' || native?.framework === 'rspack') return native.compiler.watchMode === true;
  return (context as { meta?: { watchMode?: boolean } }).meta?.watchMode === true;
}

/**
 * The plugin factory (`kitgen.vite(…)`, `kitgen.rollup(…)`, `kitgen.esbuild(…)`, `kitgen.webpack(…)`,
 * `kitgen.rspack(…)`); options are `kitgen generate`'s, over the `kitgen.config.*` file's.
 */
export const kitgen = createUnplugin<KitgenPluginOptions | undefined>((options = {}) => {
  let cwd = process.cwd();
  let watchMode = false;
  let log: Log = { info: (m) => console.error(m), warn: (m) => console.error(m) };
  let regenerator: Regenerator | undefined;
  let transformer: DeriveTransformer | undefined;
  let ready: Promise<void> | undefined;
  let settle: ReturnType<typeof setTimeout> | undefined;
  const quiet = options.quiet === true;

  // Options are resolved once, on the first hook that needs them: under Vite only after
  // configResolved has given the root.
  const setup = () =>
    (ready ??= resolvePluginOptions(options, cwd).then((resolved) => {
      transformer = new DeriveTransformer(resolved.tsconfig, resolved.closedObjects === true, {
        ...(resolved.run?.cacheDir !== undefined ? { cacheDir: resolved.run.cacheDir } : {}),
        warn: (m) => log.warn(`kitgen: warning: ${m}`),
      });
      if (resolved.run)
        regenerator = new Regenerator(resolved.run, {
          progress: () => {},
          warning: (d) => !quiet && log.warn(formatDiagnostic(d)),
        });
    }));

  /** Generates if an input changed; a failure fails a one-off build, and only warns in a watch (the last good output stays). */
  async function generate(changed?: string): Promise<void> {
    await setup();
    if (!regenerator) return;
    const outcome = await regenerator.update(changed);
    if (watchMode && outcome.kind !== 'unchanged') {
      clearTimeout(settle);
      // update() compares bytes, so this runs again only if the inputs moved on since they were read.
      settle = setTimeout(
        () => void generate().catch((error: unknown) => log.warn((error as Error).message)),
        settleMillis,
      );
      settle.unref();
    }
    if (outcome.kind === 'generated' && !quiet) {
      const w = outcome.result.write;
      log.info(
        `kitgen: ${outcome.result.operations} operations → ${w?.written.length ?? 0} files written, ${w?.unchanged.length ?? 0} unchanged in ${Math.round(outcome.ms)} ms`,
      );
    }
    if (outcome.kind === 'failed') {
      const error = new KitgenBuildError(outcome.error);
      if (!watchMode) throw error;
      log.warn(`${error.message}\nkitgen: the last good output is kept`);
    }
  }

  return {
    name: pluginName,
    // Before any TypeScript stripping: the expansion needs the type arguments.
    enforce: 'pre',
    async buildStart() {
      watchMode ||= inWatchMode(this);
      await generate();
      for (const file of regenerator?.inputs ?? []) {
        try {
          this.addWatchFile(file);
        } catch {
          // esbuild has no watch files at build start; its setup below adds them.
        }
      }
    },
    async watchChange(id) {
      transformer?.changed(id);
      if (regenerator?.concerns(id)) await generate(id);
    },
    transform: {
      filter: { id: { include: transformIdPattern, exclude: /[\\/]node_modules[\\/]/ }, code: /DeriveSchema/ },
      async handler(code, id) {
        if (!isTransformable(id)) return undefined;
        await setup();
        const { module: expansion, ms } = await transformer!.expand(id, code);
        if (expansion === undefined) return undefined;
        const file = cleanId(id);
        // Editing a type in another file must re-expand this module: the bundler watches those files for it.
        for (const consulted of expansion.consulted) if (consulted !== file) this.addWatchFile(consulted);
        for (const d of expansion.diagnostics) {
          if (d.severity === 'warning') this.warn(bundlerError(d, file));
          else this.error(bundlerError(d, file)); // Rollup and Vite throw here; esbuild and webpack collect, and fail the build
        }
        options.onTransform?.(file, ms);
        return { code: expansion.code, map: expansion.map };
      },
    },
    vite: {
      configResolved(config) {
        cwd = config.root;
        watchMode = config.command === 'serve' || Boolean(config.build.watch);
        log = { info: (m) => config.logger.info(m), warn: (m) => config.logger.warn(m) };
      },
      async configureServer(server) {
        // The document and its $refs may lie outside the root Vite watches.
        await generate().catch((error: unknown) => log.warn((error as Error).message));
        if (regenerator) server.watcher.add(regenerator.inputs);
      },
    },
    esbuild: {
      setup(build) {
        // esbuild watches only files its callbacks name: name the generation's inputs on the entry points.
        build.onResolve({ filter: /.*/ }, (args) =>
          args.kind === 'entry-point' && regenerator ? { watchFiles: regenerator.inputs } : undefined,
        );
      },
    },
    async buildEnd() {
      // The code-first loader thread is unref'd; a one-off build stops it anyway, a watch keeps it.
      if (!watchMode) await regenerator?.close();
    },
  };
});
