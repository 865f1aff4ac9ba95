/**
 * `npm run bench:plugin`: what the build-step plugin costs. On a project of 200 OpenAPI operations
 * plus 200 code-first endpoints (bench/plugin/project.ts), in interleaved rounds: `vite build`
 * without the plugin (the generated code already on disk), with it (generating and expanding), and
 * @hey-api/vite-plugin generating its SDK from the same document (with and without it); the Vite
 * dev server's cold start to the first module; and p50/p95 latency from a saved edit (to the
 * document, to a type) to the dev server handing out the updated module. Prints medians.
 * With the plugin, each round builds with an empty cache and with the cache the build before left.
 * Options: `--rounds N` (default 3), `--edits N` edits of each kind per round (default 8).
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { heyApiPlugin } from '@hey-api/vite-plugin';
import { build, createServer, type InlineConfig, type PluginOption } from 'vite';
import { runGenerate } from '../../compiler/src/pipeline/runGenerate.ts';
import kitgen from '../../compiler/src/plugin/vite.ts';
import { buildRuntimePackage } from '../codefirst/runtimePackage.ts';
import { documentText, modelsText, operations, writeBenchProject, type BenchProject } from './project.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const flag = (name: string) => {
  const i = process.argv.indexOf(name);
  return i === -1 ? undefined : process.argv[i + 1];
};
const rounds = Number(flag('--rounds') ?? 3);
const edits = Number(flag('--edits') ?? 8);
// The runtime as published (dist and declarations) in the work folder's node_modules, the project
// below it: the plugin's type program reads the runtime's declarations, as in a user's project.
const work = join(root, '.tmp', 'bench-plugin');
buildRuntimePackage(root, work);
const p = writeBenchProject(join(work, 'project'));
// Where the plugin's cache is (defaultCacheDir: the nearest node_modules upward, which is the
// project's own once Vite has made node_modules/.vite there, else the work folder's).
const cacheDirs = [join(p.dir, 'node_modules', '.cache', 'kitgen'), join(work, 'node_modules', '.cache', 'kitgen')];
const kitgenOptions = {
  input: p.document,
  out: join(p.dir, 'src', 'generated'),
  targets: ['endpoints', 'client'] as const,
  config: false as const,
  quiet: true,
};

function config(entry: string, plugins: PluginOption[]): InlineConfig {
  return {
    root: p.dir,
    configFile: false,
    logLevel: 'silent',
    plugins,
    ssr: {
      external: ['@kitgen/runtime', '@kitgen/runtime/client'],
      resolve: { externalConditions: ['kitgen-source'] },
    },
    build: {
      ssr: entry,
      outDir: join(p.dir, 'dist'),
      minify: false,
      emptyOutDir: true,
      rollupOptions: { external: [/^@kitgen\/runtime/] },
    },
  };
}

/** Counts every module Vite's transform hook sees (to compare with the modules the kitgen transform ran on). */
function moduleCounter(count: { n: number }): PluginOption {
  return { name: 'count-modules', transform: () => void (count.n += 1) };
}

const heyConfig = {
  input: p.document,
  output: join(p.dir, 'src', 'hey'),
  logs: { level: 'silent' as const, file: false },
};
// The outputs the builds without a plugin read, made once.
const generateStarted = performance.now();
await runGenerate(
  {
    input: p.document,
    out: kitgenOptions.out,
    targets: [...kitgenOptions.targets],
    openapiFormats: ['json'],
    format: 'auto',
    clean: false,
    dryRun: false,
    split: 'auto',
    lean: false,
    int64: 'bigint',
    importExtension: '.js',
    runtimePackage: '@kitgen/runtime',
  },
  { progress: () => {}, warning: () => {} },
);
const generateMs = performance.now() - generateStarted;
await build(config(p.hey, [heyApiPlugin({ config: heyConfig })]));

let transformed = 0;
const transformMs: Record<'cold' | 'warm', number[]> = { cold: [], warm: [] };
let modules = 0;
/** A build with the plugin: `cold` empties its cache first (a first build, or CI without a cache kept). */
const withPlugin = (cache: 'cold' | 'warm') => async () => {
  if (cache === 'cold') for (const dir of cacheDirs) rmSync(dir, { recursive: true, force: true });
  const count = { n: 0 };
  let t = 0;
  let sum = 0;
  await build(
    config(p.main, [
      kitgen({
        ...kitgenOptions,
        targets: [...kitgenOptions.targets],
        onTransform: (_file, ms) => void ((t += 1), (sum += ms)),
      }),
      moduleCounter(count),
    ]),
  );
  transformed = t;
  transformMs[cache].push(sum);
  modules = count.n;
};
const variants: Record<string, () => Promise<void>> = {
  'vite build, no plugin': () => build(config(p.main, [])).then(() => undefined),
  'vite build, kitgen plugin, empty cache': withPlugin('cold'),
  // After the build before it (or a dev round): what a second build, or a CI re-run with the cache restored, costs.
  'vite build, kitgen plugin, warm cache': withPlugin('warm'),
  'vite build (hey entry), no plugin': () => build(config(p.hey, [])).then(() => undefined),
  'vite build (hey entry), @hey-api/vite-plugin': () =>
    build(config(p.hey, [heyApiPlugin({ config: heyConfig })])).then(() => undefined),
};

const times: Record<string, number[]> = Object.fromEntries(Object.keys(variants).map((k) => [k, []]));
const cold: number[] = [];
const docLatency: number[] = [];
const typeLatency: number[] = [];
const median = (xs: number[]) => quantile(xs, 0.5);
function quantile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))];
}

/** How long a dev edit may take to reach the module before the bench gives up. */
const updateDeadlineMs = 120_000;

async function devRound(project: BenchProject): Promise<void> {
  const started = performance.now();
  const server = await createServer({
    ...config(project.main, [kitgen({ ...kitgenOptions, targets: [...kitgenOptions.targets] })]),
    server: { middlewareMode: true, hmr: false },
  });
  type Main = { generated: { getItem0: { docs: { summary?: string } } }; model0: { properties: object } };
  const load = async () => (await server.ssrLoadModule('/src/main.ts')) as unknown as Main;
  try {
    await load();
    cold.push(performance.now() - started);
    await new Promise((r) => setTimeout(r, 300));
    const until = async (ok: (m: Main) => boolean): Promise<number> => {
      const edited = performance.now();
      // A load that fails while the module regenerates is expected; the last failure is kept, so a
      // deadline reached because every load fails says why.
      let failure: unknown;
      // A deadline, not a count of polls: on a loaded machine a regeneration can take more than 10 s.
      while (performance.now() - edited < updateDeadlineMs) {
        const m = await load().catch((error: unknown) => {
          failure = error;
          return undefined;
        });
        if (m && ok(m)) return performance.now() - edited;
        await new Promise((r) => setTimeout(r, 10));
      }
      const why = failure instanceof Error ? failure.message : failure === undefined ? undefined : String(failure);
      throw new Error(
        `no update within ${updateDeadlineMs / 1000} s` + (why === undefined ? '' : `; the last load failed: ${why}`),
      );
    };
    for (let e = 0; e < edits; e++) {
      const summary = `Item zero, edit ${e}`;
      writeFileSync(project.document, documentText(summary));
      docLatency.push(await until((m) => m.generated.getItem0.docs.summary === summary));
      const field = `  extra${e}?: string;`;
      writeFileSync(project.models, modelsText(field));
      typeLatency.push(await until((m) => Object.keys(m.model0.properties).includes(`extra${e}`)));
    }
  } finally {
    await server.close();
  }
}

for (let r = 0; r < rounds; r++) {
  // Interleaved, in an order that turns each round, so drift on a shared machine spreads over all.
  const names = Object.keys(variants);
  for (let i = 0; i < names.length; i++) {
    const name = names[(i + r) % names.length];
    const started = performance.now();
    await variants[name]();
    times[name].push(performance.now() - started);
    console.error(`round ${r + 1}/${rounds}: ${name} ${Math.round(performance.now() - started)} ms`);
  }
  await devRound(p);
  console.error(`round ${r + 1}/${rounds} done`);
}

const ms = (x: number) => `${Math.round(x).toLocaleString('en')} ms`;
const off = median(times['vite build, no plugin']);
const on = median(times['vite build, kitgen plugin, empty cache']);
const warm = median(times['vite build, kitgen plugin, warm cache']);
const heyOff = median(times['vite build (hey entry), no plugin']);
const heyOn = median(times['vite build (hey entry), @hey-api/vite-plugin']);
console.log(
  `\nBuild-step plugin: ${operations} OpenAPI operations + ${operations} code-first endpoints, medians of ${rounds} interleaved rounds\n`,
);
console.log('| build | median | plugin overhead |');
console.log('|---|---:|---:|');
console.log(`| vite build, no plugin (generated code on disk) | ${ms(off)} | — |`);
console.log(`| vite build, kitgen plugin (generate + expand), empty cache | ${ms(on)} | +${ms(on - off)} |`);
console.log(`| vite build, kitgen plugin, cache of the build before | ${ms(warm)} | +${ms(warm - off)} |`);
console.log(`| vite build of hey-api's SDK, no plugin | ${ms(heyOff)} | — |`);
console.log(`| vite build of hey-api's SDK, @hey-api/vite-plugin | ${ms(heyOn)} | +${ms(heyOn - heyOff)} |`);
console.log(`\n| dev server (kitgen plugin) | p50 | p95 |`);
console.log('|---|---:|---:|');
console.log(`| cold start to the first module (median) | ${ms(median(cold))} | ${ms(quantile(cold, 0.95))} |`);
console.log(
  `| document edit → updated module (${docLatency.length} edits) | ${ms(median(docLatency))} | ${ms(quantile(docLatency, 0.95))} |`,
);
console.log(
  `| type edit → updated module (${typeLatency.length} edits) | ${ms(median(typeLatency))} | ${ms(quantile(typeLatency, 0.95))} |`,
);
console.log(
  `\nOf the plugin's build time: \`kitgen generate\` of the document alone takes ${ms(generateMs)} (first run, prettier formatting), the DeriveSchema expansion of the code-first files ${ms(median(transformMs.cold))} with an empty cache (the first module pays for the TypeScript program), ${ms(median(transformMs.warm))} with the cache.`,
);
console.log(
  `The kitgen transform ran on ${transformed} of the ${modules} modules Vite transformed (the files naming DeriveSchema).`,
);
