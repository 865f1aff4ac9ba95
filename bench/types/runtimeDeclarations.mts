// What the runtime's declarations cost a user who checks libraries (`skipLibCheck: false`), beside
// Fastify's for the same few lines: a server with one JSON route, written once against each, checked
// by tsc in a scratch project (strict, NodeNext) where @kitgen/runtime is the built package (its
// bundled declarations, as `npm i` installs them) and Fastify the repository's own install. Prints
// instantiations, check time and memory from `--extendedDiagnostics`, and kitgen ÷ Fastify.
//
//   node scripts/run-ts.mjs bench/types/runtimeDeclarations.mts [--rounds 3] [--lib-check false] [--tsc <path>]
//     [--runtime-dist <dir>] [--work <dir>]
//
// `--runtime-dist` takes a runtime already built (`scripts/build-runtime.mjs --outDir <dir>`) instead
// of building one; `--work` is the scratch project (default `.tmp/bench-types`).
// Rounds alternate the two projects; medians are printed. Timings are the machine's: read them
// beside its load average (printed too).
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const { values: opts } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    'lib-check': { type: 'string', default: 'true' },
    tsc: { type: 'string', default: join(repo, 'node_modules', 'typescript', 'bin', 'tsc') },
    'skip-build': { type: 'boolean', default: false },
    'runtime-dist': { type: 'string' },
    work: { type: 'string', default: join(repo, '.tmp', 'bench-types') },
  },
});
const work = resolve(opts.work);

/** The same server in each library: one GET route answering JSON, listening on a port. */
const sources: Record<string, string> = {
  kitgen: `import { Response, Route, RoutePattern, PathCodec, Routes, Server } from '@kitgen/runtime';
const getUser = Route.handled(RoutePattern.GET('users', PathCodec.int('id')), (_req, id) => Response.json({ id, name: 'Ada' }));
await Server.serve(Routes(getUser), Server.defaultWithPort(8080));
`,
  fastify: `import Fastify from 'fastify';
const app = Fastify();
app.get<{ Params: { id: number } }>('/users/:id', async (req) => ({ id: req.params.id, name: 'Ada' }));
await app.listen({ port: 8080 });
`,
};

function prepare(): void {
  if (!opts['skip-build']) rmSync(work, { recursive: true, force: true });
  const runtime = join(work, 'node_modules', '@kitgen', 'runtime');
  if (!opts['skip-build']) {
    mkdirSync(runtime, { recursive: true });
    cpSync(join(repo, 'runtime', 'package.json'), join(runtime, 'package.json'));
    if (opts['runtime-dist'] !== undefined) {
      cpSync(resolve(opts['runtime-dist']), join(runtime, 'dist'), { recursive: true });
      return writeProjects();
    }
    const built = spawnSync(
      process.execPath,
      [join(repo, 'scripts', 'build-runtime.mjs'), '--outDir', join(runtime, 'dist')],
      { cwd: repo, encoding: 'utf8' },
    );
    if (built.status !== 0) throw new Error(`building the runtime failed: ${built.stderr}`);
  }
  writeProjects();
}

/** Each library's server and its tsconfig. */
function writeProjects(): void {
  writeFileSync(join(work, 'package.json'), JSON.stringify({ name: 'bench-types', private: true, type: 'module' }));
  for (const [name, text] of Object.entries(sources)) {
    mkdirSync(join(work, name), { recursive: true });
    writeFileSync(join(work, name, 'server.ts'), text);
    writeFileSync(
      join(work, `tsconfig.${name}.json`),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          noEmit: true,
          skipLibCheck: opts['lib-check'] !== 'true',
          types: ['node'],
          typeRoots: [join(repo, 'node_modules', '@types')],
        },
        include: [`${name}/server.ts`],
      }),
    );
  }
}

interface Figures {
  readonly instantiations: number;
  readonly seconds: number;
  readonly megabytes: number;
}

function check(name: string): Figures {
  const r = spawnSync(process.execPath, [opts.tsc, '-p', `tsconfig.${name}.json`, '--extendedDiagnostics'], {
    cwd: work,
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  const out = r.stdout + r.stderr;
  if (/error TS\d+/.test(out)) throw new Error(`${name}: tsc reported errors:\n${out.slice(0, 3000)}`);
  const number = (label: string) => Number(new RegExp(`${label}:\\s+([\\d.]+)`).exec(out)?.[1] ?? NaN);
  return {
    instantiations: number('Instantiations'),
    seconds: number('Total time'),
    megabytes: Math.round(number('Memory used') / 1024),
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

prepare();
const rounds = Number(opts.rounds);
const seen: Record<string, Figures[]> = { kitgen: [], fastify: [] };
console.log(
  `load average before: ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}`,
);
for (let round = 0; round < rounds; round++) {
  for (const name of round % 2 === 0 ? ['kitgen', 'fastify'] : ['fastify', 'kitgen']) seen[name].push(check(name));
}
console.log(
  `load average after: ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}`,
);
const med = (name: string, key: keyof Figures) => median(seen[name].map((f) => f[key]));
console.log(`skipLibCheck: ${opts['lib-check'] !== 'true'}; medians of ${rounds} interleaved rounds`);
console.log('| | instantiations | check time (s) | memory (MB) |');
console.log('|---|--:|--:|--:|');
for (const name of ['kitgen', 'fastify'])
  console.log(`| ${name} | ${med(name, 'instantiations')} | ${med(name, 'seconds')} | ${med(name, 'megabytes')} |`);
const ratio = (key: keyof Figures) => (med('kitgen', key) / med('fastify', key)).toFixed(2);
console.log(`| kitgen ÷ Fastify | ${ratio('instantiations')}× | ${ratio('seconds')}× | ${ratio('megabytes')}× |`);
