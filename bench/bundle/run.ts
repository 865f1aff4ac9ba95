/**
 * `npm run bench:bundle`: what a frontend ships to call an API. For the same document (bench/bundle/
 * document.ts) at each size, a page calling one operation is built by Vite for production (its
 * default minifier), once per client: kitgen's generated `createClient`, kitgen's executor with the
 * one endpoint it calls (`EndpointExecutor.make` + `call(endpoint, params)`), kitgen's generated
 * per-operation function (`operations.js`: `getResource0(connect({ baseUrl }), params)`), openapi-fetch with
 * openapi-typescript's types, and @hey-api/openapi-ts's fetch SDK. Prints the gzip bytes (zlib,
 * level 9) of the JavaScript the page loads before it calls (the entry chunk and what it imports
 * statically; chunks behind `import()` that the call never loads are listed apart), the cost of each
 * added operation, and ratios. Options: `--ops 3,300` (the sizes), `--only <id>,…` (some clients).
 */
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync, constants } from 'node:zlib';
import { createClient as heyApi } from '@hey-api/openapi-ts';
import openapiTS, { astToString } from 'openapi-typescript';
import { build, type Rollup } from 'vite';
import { runGenerate } from '../../compiler/src/pipeline/runGenerate.ts';
import { bundleDocument, calledOperation } from './document.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const flag = (name: string) => {
  const i = process.argv.indexOf(name);
  return i === -1 ? undefined : process.argv[i + 1];
};
const sizes = (flag('--ops') ?? '3,300').split(',').map(Number);
// `--only kitgen-operation,openapi-fetch`: some clients (by id) only, for a quicker look.
const only = flag('--only')?.split(',');
// Inside the repository: the pages resolve vite's, openapi-fetch's and typebox's packages from its
// node_modules; @kitgen/runtime is the build installed below, as a user's project has it.
const work = join(root, '.tmp', 'bench-bundle');

/** The runtime as it ships (scripts/build-runtime.mjs), installed as `work/node_modules/@kitgen/runtime`. */
function installRuntime(): void {
  const target = join(work, 'node_modules', '@kitgen', 'runtime');
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target, { recursive: true });
  cpSync(join(root, 'runtime', 'package.json'), join(target, 'package.json'));
  const r = spawnSync(
    process.execPath,
    [join(root, 'scripts/build-runtime.mjs'), '--outDir', join(target, 'dist'), '--no-declarations'],
    {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, NODE_OPTIONS: '' },
    },
  );
  if (r.status !== 0) throw new Error(`building the runtime failed:\n${r.stdout}${r.stderr}`);
}

/** A client as a page uses it: the generator's output under `dir`, and the page's script. */
interface Contestant {
  readonly id: string;
  readonly name: string;
  generate(document: string, dir: string): Promise<void>;
  /** The page's `main.ts`, which sits beside the generated folder `gen/`. */
  readonly page: string;
}

const show = `.then((value) => (document.body.textContent = JSON.stringify(value)));`;

const kitgenGenerate = async (document: string, dir: string) => {
  await runGenerate(
    {
      input: document,
      out: dir,
      targets: ['endpoints', 'client'],
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
};

const allContestants: Contestant[] = [
  {
    id: 'kitgen',
    name: 'kitgen createClient',
    generate: kitgenGenerate,
    page: `import { createClient } from './gen/client.js';
const client = createClient({ baseUrl: location.origin });
client.${calledOperation.operationId}({ id: 1 })${show}
`,
  },
  {
    id: 'kitgen-executor',
    name: 'kitgen executor',
    generate: kitgenGenerate,
    page: `import { EndpointExecutor } from '@kitgen/runtime/client';
import { ${calledOperation.operationId} } from './gen/endpoints.js';
const call = EndpointExecutor.make({ baseUrl: location.origin });
call(${calledOperation.operationId}, { id: 1 })${show}
`,
  },
  {
    id: 'kitgen-operation',
    name: 'kitgen operation fn',
    generate: kitgenGenerate,
    page: `import { connect } from '@kitgen/runtime/client';
import { ${calledOperation.operationId} } from './gen/operations.js';
const api = connect({ baseUrl: location.origin });
${calledOperation.operationId}(api, { id: 1 })${show}
`,
  },
  {
    id: 'openapi-fetch',
    name: 'openapi-fetch',
    generate: async (document, dir) => {
      mkdirSync(dir, { recursive: true });
      const ast = await openapiTS(new URL(`file://${document}`));
      writeFileSync(join(dir, 'schema.d.ts'), astToString(ast));
    },
    page: `import createClient from 'openapi-fetch';
import type { paths } from './gen/schema';
const client = createClient<paths>({ baseUrl: location.origin });
client.GET('${calledOperation.path}', { params: { path: { id: 1 } } })${show}
`,
  },
  {
    id: 'hey-api',
    name: 'hey-api fetch SDK',
    generate: async (document, dir) => {
      await heyApi({ input: document, output: dir, logs: { level: 'silent', file: false } });
    },
    page: `import { client } from './gen/client.gen';
import { ${calledOperation.operationId} } from './gen/sdk.gen';
client.setConfig({ baseUrl: location.origin });
${calledOperation.operationId}({ path: { id: 1 } })${show}
`,
  },
];

const contestants = allContestants.filter((c) => !only || only.includes(c.id));

/** Bytes of one built chunk. */
interface ChunkSize {
  readonly file: string;
  readonly minified: number;
  readonly gzip: number;
}

const gzip = (text: string) => gzipSync(text, { level: constants.Z_BEST_COMPRESSION }).length;

/** Builds the page in `dir` (index.html + main.ts) and sizes what it loads before its call, and what it could load later. */
async function buildPage(dir: string): Promise<{ loaded: ChunkSize[]; lazy: ChunkSize[] }> {
  const result = (await build({
    root: dir,
    configFile: false,
    logLevel: 'silent',
    // The polyfill is the same few hundred bytes for every client; left out, the figures are the clients'.
    build: { write: false, modulePreload: { polyfill: false } },
  })) as Rollup.RollupOutput;
  const chunks = new Map(
    result.output.filter((o): o is Rollup.OutputChunk => o.type === 'chunk').map((c) => [c.fileName, c]),
  );
  const size = (c: Rollup.OutputChunk): ChunkSize => ({
    file: c.fileName,
    minified: Buffer.byteLength(c.code),
    gzip: gzip(c.code),
  });
  const loaded = new Set<string>();
  const visit = (name: string) => {
    if (loaded.has(name)) return;
    loaded.add(name);
    for (const i of chunks.get(name)?.imports ?? []) visit(i);
  };
  for (const c of chunks.values()) if (c.isEntry) visit(c.fileName);
  return {
    loaded: [...loaded].map((n) => size(chunks.get(n)!)),
    lazy: [...chunks.values()].filter((c) => !loaded.has(c.fileName)).map(size),
  };
}

const sum = (cs: readonly ChunkSize[], key: 'minified' | 'gzip') => cs.reduce((t, c) => t + c[key], 0);

process.stderr.write('bench:bundle: building the runtime as it ships\n');
installRuntime();
const results = new Map<string, Map<number, { loaded: ChunkSize[]; lazy: ChunkSize[] }>>();
for (const ops of sizes) {
  const dir = join(work, `ops-${ops}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const document = join(dir, 'openapi.json');
  writeFileSync(document, JSON.stringify(bundleDocument(ops), null, 2));
  for (const c of contestants) {
    process.stderr.write(`bench:bundle: ${ops} operations, ${c.name}\n`);
    const page = join(dir, c.id);
    mkdirSync(page, { recursive: true });
    await c.generate(document, join(page, 'gen'));
    writeFileSync(
      join(page, 'index.html'),
      '<!doctype html><html><body><script type="module" src="./main.ts"></script></body></html>\n',
    );
    writeFileSync(join(page, 'main.ts'), c.page);
    const built = await buildPage(page);
    if (!results.has(c.id)) results.set(c.id, new Map());
    results.get(c.id)!.set(ops, built);
  }
}

const pad = (s: string | number, n: number) => String(s).padStart(n);
const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
const lines: string[] = [];
lines.push(
  '',
  `bench:bundle: the JavaScript a page loads to call one operation (${calledOperation.operationId}), Vite ${readVersion('vite')} production build`,
);
lines.push(`gzip bytes (level 9) of the chunks loaded before the call; minified bytes in brackets\n`);
lines.push(`${'client'.padEnd(22)}${sizes.map((s) => pad(`${s} ops`, 26)).join('')}${pad('per added op', 16)}`);
const perOp = new Map<string, number>();
for (const c of contestants) {
  const row = results.get(c.id)!;
  const cells = sizes.map((s) => {
    const r = row.get(s)!;
    return pad(`${sum(r.loaded, 'gzip')} (${kb(sum(r.loaded, 'minified'))})`, 26);
  });
  const first = row.get(sizes[0])!;
  const last = row.get(sizes[sizes.length - 1])!;
  const added =
    sizes.length > 1
      ? (sum(last.loaded, 'gzip') - sum(first.loaded, 'gzip')) / (sizes[sizes.length - 1] - sizes[0])
      : NaN;
  perOp.set(c.id, added);
  lines.push(`${c.name.padEnd(22)}${cells.join('')}${pad(Number.isNaN(added) ? '-' : `${added.toFixed(1)} B`, 16)}`);
  const lazy = last.lazy.filter((l) => l.gzip > 0);
  if (lazy.length > 0)
    lines.push(
      `${''.padEnd(22)}  not loaded by the call (import() chunks): ${lazy.map((l) => `${l.file.replace(/^assets\//, '')} ${l.gzip}`).join(', ')}`,
    );
}
const at = (id: string, ops: number) => sum(results.get(id)!.get(ops)!.loaded, 'gzip');
const small = sizes[0];
lines.push('');
for (const id of ['kitgen', 'kitgen-executor', 'kitgen-operation']) {
  const name = contestants.find((c) => c.id === id)?.name;
  if (!name || !results.has('openapi-fetch')) continue;
  lines.push(
    `${name}: ${(at(id, small) / at('openapi-fetch', small)).toFixed(2)}x openapi-fetch at ${small} operations (goal: at most 2x)`,
  );
  if (sizes.length > 1 && perOp.has('hey-api')) {
    const hey = perOp.get('hey-api')!;
    lines.push(
      `${name}: ${perOp.get(id)!.toFixed(1)} B per added operation against hey-api's ${hey.toFixed(1)} B (goal: no more)`,
    );
  }
}
console.log(lines.join('\n'));

function readVersion(name: string): string {
  return (JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')) as { version: string })
    .version;
}
