// The commands `npm run bench:codefirst` times on one generated project, each a fresh Node
// process (bench/support/child.mjs): two that write an OpenAPI document from code (kitgen, tsoa)
// and two that only derive JSON Schemas from the types (kitgen's derivation, ts-json-schema-generator).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Step } from '../support/measure.ts';
import type { BenchProject } from './project.ts';
import { editMarker } from './sources.ts';

const require = createRequire(import.meta.url);
const here = dirname(fileURLToPath(import.meta.url));

/** The comparisons of the benchmark: which kitgen command is held against which peer. */
export type Pair = 'openapi' | 'derive';

/** One tool's command on a project. */
export interface Contestant {
  readonly name: string;
  readonly pair: Pair;
  /** True for kitgen's side of a pair (the ratio's numerator). */
  readonly kitgen: boolean;
  readonly step: Step;
}

const fresh = (dir: string) => () => {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
};

/** The number of operations of an OpenAPI document on disk (the check that a run did its work). */
function operationCount(file: string): number {
  const doc = JSON.parse(readFileSync(file, 'utf8')) as { paths?: Record<string, Record<string, unknown>> };
  const methods = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace']);
  return Object.values(doc.paths ?? {}).reduce(
    (n, item) => n + Object.keys(item).filter((m) => methods.has(m)).length,
    0,
  );
}

function expectOperations(file: string, project: BenchProject, tool: string): void {
  const found = existsSync(file) ? operationCount(file) : 0;
  if (found !== project.endpoints)
    throw new Error(`${tool} described ${found} operations of ${project.endpoints} (${file})`);
}

/**
 * kitgen's cache folder for the next run: `KITGEN_CACHE_DIR` set in this process just before the
 * child starts (measure() hands the child this process's environment).
 */
function useCache(dir: string): void {
  process.env.KITGEN_CACHE_DIR = dir;
}

const generateArgs = (project: BenchProject, out: string) => [
  'generate',
  project.endpointGlob,
  '--out',
  out,
  '--targets',
  'openapi',
  '--quiet',
];

/**
 * kitgen: OpenAPI from endpoint definition files, cold (`kitgen generate '<glob>' --targets openapi`,
 * from its tsc build `kitgenEntry`) on an empty cache. Kept apart from the peers so it can change on its own.
 */
export function kitgenOpenAPI(project: BenchProject, kitgenEntry: string, out: string): Contestant {
  const cache = `${out}-cache`;
  return {
    name: 'kitgen generate --targets openapi',
    pair: 'openapi',
    kitgen: true,
    step: {
      entry: kitgenEntry,
      args: generateArgs(project, out),
      cwd: project.dir,
      prepare: () => {
        fresh(out)();
        rmSync(cache, { recursive: true, force: true });
        useCache(cache);
      },
      verify: () => expectOperations(join(out, 'openapi.json'), project, 'kitgen'),
    },
  };
}

/**
 * kitgen again in a new process, nothing changed since a run that filled its cache (a CI re-run,
 * a build after a day of `--watch`): the run reads every file's facts and the document from the cache.
 */
export function kitgenSecondCold(project: BenchProject, kitgenEntry: string, out: string): Contestant {
  const cache = `${out}-cache`;
  return {
    name: 'kitgen generate, second cold run (cache)',
    pair: 'openapi',
    kitgen: true,
    step: {
      entry: kitgenEntry,
      args: generateArgs(project, out),
      cwd: project.dir,
      prepare: () => {
        fresh(out)();
        useCache(cache);
        // Filled once, by a run like the first contestant's; the project is the same in every round.
        if (!existsSync(cache))
          spawnSync(process.execPath, [kitgenEntry, ...generateArgs(project, out)], {
            cwd: project.dir,
            env: { ...process.env, NODE_OPTIONS: '' },
          });
      },
      verify: () => expectOperations(join(out, 'openapi.json'), project, 'kitgen'),
    },
  };
}

/**
 * kitgen in a new process after a one-type edit since the run that filled its cache: an optional
 * field added to the first interface of a types file (a new name each run, so no earlier run's
 * entry fits), taken out again once measured. It pays for the files the edit reaches.
 */
export function kitgenColdAfterEdit(project: BenchProject, kitgenEntry: string, out: string): Contestant {
  const cache = `${out}-cache`;
  const file = project.typesFiles[Math.floor(project.typesFiles.length / 2)];
  const original = readFileSync(file, 'utf8');
  let runs = 0;
  return {
    name: 'kitgen generate, cold after a one-type edit (cache)',
    pair: 'openapi',
    kitgen: true,
    step: {
      entry: kitgenEntry,
      args: generateArgs(project, out),
      cwd: project.dir,
      prepare: () => {
        fresh(out)();
        useCache(cache);
        if (!existsSync(cache))
          spawnSync(process.execPath, [kitgenEntry, ...generateArgs(project, out)], {
            cwd: project.dir,
            env: { ...process.env, NODE_OPTIONS: '' },
          });
        runs += 1;
        writeFileSync(file, original.replace(editMarker, `  benchCold${runs}?: string;\n${editMarker}`));
      },
      verify: () => {
        writeFileSync(file, original);
        if (!readFileSync(join(out, 'openapi.json'), 'utf8').includes(`"benchCold${runs}"`))
          throw new Error('kitgen: the edit is not in openapi.json');
        expectOperations(join(out, 'openapi.json'), project, 'kitgen');
      },
    },
  };
}

/** kitgen's derivation alone: every DeriveSchema.gen<T>() of every endpoint file (deriveChild.mjs). */
export function kitgenDerive(project: BenchProject, kitgenBuild: string): Contestant {
  return {
    name: 'kitgen derive (expandDeriveSchema)',
    pair: 'derive',
    kitgen: true,
    step: {
      entry: join(here, 'deriveChild.mjs'),
      args: [kitgenBuild, project.endpointGlob],
      cwd: project.dir,
      prepare: () => {},
      verify: (stdout) => {
        const { calls } = JSON.parse(stdout.trim().split('\n').pop()!) as { calls: number };
        if (calls < project.endpoints)
          throw new Error(`kitgen derived ${calls} calls for ${project.endpoints} endpoints`);
      },
    },
  };
}

/** `tsoa spec -c tsoa.json` on the equivalent controllers. */
export function tsoaSpec(project: BenchProject): Contestant {
  return {
    name: 'tsoa spec',
    pair: 'openapi',
    kitgen: false,
    step: {
      entry: join(here, 'tsoaCli.cjs'),
      args: ['spec', '-c', project.tsoaConfig],
      cwd: project.dir,
      prepare: () => rmSync(project.tsoaOut, { recursive: true, force: true }),
      verify: () => expectOperations(join(project.tsoaOut, 'swagger.json'), project, 'tsoa'),
    },
  };
}

/**
 * ts-json-schema-generator on every exported type of the types files, in its fastest mode
 * (`--no-type-check`: kitgen's derivation reports no type errors either).
 */
export function tsJsonSchemaGenerator(project: BenchProject, out: string): Contestant {
  const file = join(out, 'schema.json');
  return {
    name: 'ts-json-schema-generator',
    pair: 'derive',
    kitgen: false,
    step: {
      entry: join(
        dirname(require.resolve('ts-json-schema-generator/package.json')),
        'bin',
        'ts-json-schema-generator.js',
      ),
      args: ['--path', project.typesGlob, '--type', '*', '--tsconfig', project.tsconfig, '--no-type-check', '-o', file],
      cwd: project.dir,
      prepare: fresh(out),
      verify: () => {
        const defs = Object.keys((JSON.parse(readFileSync(file, 'utf8')) as { definitions: object }).definitions);
        const missing = project.types.filter((t) => !defs.includes(t));
        if (missing.length > 0) throw new Error(`ts-json-schema-generator left out ${missing.slice(0, 5).join(', ')}…`);
      },
    },
  };
}

/** Every contestant on `project`, outputs under `out`; the order within a round. */
export function contestants(
  project: BenchProject,
  kitgen: { entry: string; build: string },
  out: string,
): Contestant[] {
  return [
    kitgenOpenAPI(project, kitgen.entry, join(out, 'kitgen')),
    tsoaSpec(project),
    kitgenSecondCold(project, kitgen.entry, join(out, 'kitgen-second')),
    kitgenColdAfterEdit(project, kitgen.entry, join(out, 'kitgen-edited')),
    kitgenDerive(project, kitgen.build),
    tsJsonSchemaGenerator(project, join(out, 'tsjsg')),
  ];
}
