// The incremental code-first pipeline against a from-scratch run: a long-lived session (what
// `--watch` and the build plugin keep) goes through a sequence of random edits of a small project
// — a type, a runtime value other modules import, a JSDoc, an endpoint added or taken out, a shared
// schema module, an endpoint file added and removed, a broken edit, a comment, a `keyof` target in another file — and after each one its output
// must be byte-for-byte the output of a fresh session on the same files. KITGEN_SEED=<n> replays a
// sequence; the seed is in every failure message. A third run each time starts cold on the disk
// cache the kept session and the earlier cold runs wrote: it must give the same bytes too.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { CodeFirstSession } from '../src/codefirst/CodeFirst.ts';
import { generateRunFrom } from '../src/pipeline/generateRun.ts';
import { codeFirstSession, runGenerate, type RunReporter, type RunResult } from '../src/pipeline/runGenerate.ts';
import { repoRoot } from './support/fixtures.ts';
import { writeRuntimeTsconfig } from './support/runtimeTsconfig.ts';

/** A small seeded generator (mulberry32), so a failing sequence can be replayed. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The project's state: each edit flips one part of it. */
interface State {
  petAge: boolean;
  prefix: 'v1' | 'v2';
  summary: number;
  extraEndpoint: boolean;
  tagList: boolean;
  thirdFile: boolean;
  broken: boolean;
  comment: number;
  flagC: boolean;
}

function files(s: State): Record<string, string> {
  const out: Record<string, string> = {
    'common.ts': `// A runtime value the endpoint files import.\nexport const prefix = '${s.prefix}';\n`,
    'flags.ts': `export interface Flags {\n  a: boolean;\n${s.flagC ? '  c: boolean;\n' : ''}}\n`,
    'models.ts': `// Revision ${s.comment}.\nimport type { Flags } from './flags.js';\n\n/** A pet. */\nexport interface Pet {\n  name: string;\n  flag: keyof Flags;\n${s.petAge ? '  age?: number;\n' : ''}${s.broken ? '  feed: () => void;\n' : ''}}\n\nexport interface Owner {\n  id: number;\n  pets: Pet[];\n}\n`,
    'schemas.ts': `import { DeriveSchema } from '@kitgen/runtime';\n\n/** Tags, shared by several endpoints. */\nexport const Tags = DeriveSchema.gen<${s.tagList ? 'string[]' : '{ tags: string[] }'}>();\n`,
    'a.endpoints.ts': `import { DeriveSchema, Endpoint, PathCodec, RoutePattern } from '@kitgen/runtime';\nimport { prefix } from './common.js';\nimport type { Pet } from './models.js';\n\n/** ${['Lists the pets', 'All the pets', 'Every pet there is'][s.summary]}. */\nexport const listPets = Endpoint(RoutePattern.GET(prefix, 'pets')).out(DeriveSchema.gen<Pet[]>());\n\n/** One pet. */\nexport const getPet = Endpoint(RoutePattern.GET(prefix, 'pets', PathCodec.int('id'))).out(DeriveSchema.gen<Pet>());\n`,
    'b.endpoints.ts': `import { DeriveSchema, Endpoint, RoutePattern } from '@kitgen/runtime';\nimport type { Owner } from './models.js';\nimport { Tags } from './schemas.js';\n\nexport const listOwners = Endpoint(RoutePattern.GET('owners')).out(DeriveSchema.gen<Owner[]>());\n\nexport const ownerTags = Endpoint(RoutePattern.GET('owners', 'tags')).out(Tags);\n${s.extraEndpoint ? `\n/** Creates an owner. */\nexport const createOwner = Endpoint(RoutePattern.POST('owners')).in(DeriveSchema.gen<Owner>()).out(DeriveSchema.gen<Owner>());\n` : ''}`,
  };
  if (s.thirdFile)
    out['c.endpoints.ts'] =
      `import { Endpoint, RoutePattern } from '@kitgen/runtime';\nimport { Tags } from './schemas.js';\nimport { prefix } from './common.js';\n\nexport const tags = Endpoint(RoutePattern.GET(prefix, 'tags')).out(Tags);\n`;
  return out;
}

const edits: ReadonlyArray<{ readonly name: string; readonly apply: (s: State) => void }> = [
  { name: 'a field of a type in another file', apply: (s) => void (s.petAge = !s.petAge) },
  {
    name: 'a runtime value imported by two endpoint files',
    apply: (s) => void (s.prefix = s.prefix === 'v1' ? 'v2' : 'v1'),
  },
  { name: "an endpoint's JSDoc", apply: (s) => void (s.summary = (s.summary + 1) % 3) },
  { name: 'an endpoint added or taken out', apply: (s) => void (s.extraEndpoint = !s.extraEndpoint) },
  { name: 'the type of a shared schema module', apply: (s) => void (s.tagList = !s.tagList) },
  { name: 'an endpoint file added or removed', apply: (s) => void (s.thirdFile = !s.thirdFile) },
  { name: 'a type broken or mended', apply: (s) => void (s.broken = !s.broken) },
  { name: 'a comment in a type file (no expansion changes)', apply: (s) => void (s.comment += 1) },
  { name: 'a keyof target in a file of its own', apply: (s) => void (s.flagC = !s.flagC) },
];

async function writeProject(dir: string, s: State): Promise<void> {
  const want = files(s);
  for (const [name, text] of Object.entries(want)) await writeFile(join(dir, 'api', name), text);
  if (!('c.endpoints.ts' in want)) await rm(join(dir, 'api', 'c.endpoints.ts'), { force: true });
}

/** A run's files by path, its warnings, or its error's message (both sides must fail alike). */
function outcome(r: PromiseSettledResult<RunResult>): Map<string, string> {
  if (r.status === 'rejected') return new Map([['(error)', (r.reason as Error).message]]);
  const warnings = r.value.warnings.map((w) => `${w.file ?? ''}:${w.line ?? ''}: ${w.message}`).join('\n');
  return new Map([...r.value.output, ['(warnings)', warnings]]);
}

/** The paths whose text differs, the first one shown both ways. */
function differences(mine: Map<string, string>, fresh: Map<string, string>): { paths: string[]; first: string } {
  const paths = [...new Set([...mine.keys(), ...fresh.keys()])].sort().filter((p) => mine.get(p) !== fresh.get(p));
  const first =
    paths.length === 0
      ? ''
      : `${paths[0]}, incremental:\n${mine.get(paths[0]) ?? '(none)'}\nfresh:\n${fresh.get(paths[0]) ?? '(none)'}`;
  return { paths, first };
}

test(
  'after any sequence of edits, the incremental output is byte-for-byte a fresh run',
  { timeout: 600_000 },
  async () => {
    const seed = Number(process.env.KITGEN_SEED ?? Date.now() % 100_000);
    const next = random(seed);
    const dir = join(repoRoot, 'compiler', 'test', '.tmp', 'codefirst-incremental');
    await rm(dir, { recursive: true, force: true });
    await mkdir(join(dir, 'api'), { recursive: true });
    // Each round's fresh run builds a cold program: over the runtime's declarations, not its sources.
    await writeRuntimeTsconfig(dir);
    await writeFile(
      join(dir, 'package.json'),
      JSON.stringify({ name: 'incremental', version: '1.0.0', type: 'module' }),
    );
    const state: State = {
      petAge: false,
      prefix: 'v1',
      summary: 0,
      extraEndpoint: false,
      tagList: false,
      thirdFile: false,
      broken: false,
      comment: 0,
      flagC: false,
    };
    await writeProject(dir, state);
    const base = generateRunFrom(
      {},
      { format: false, dryRun: true, targets: 'openapi,client,server' },
      dir,
      'api/*.endpoints.ts',
      undefined,
    );
    const run = { ...base, cacheDir: join(dir, 'cache') };
    // The openapi target alone writes openapi.json joined from the parts kept across edits, not from a model.
    const documentRun = { ...run, targets: ['openapi' as const] };
    const fresh = { ...base, cacheDir: false as const };
    const reporter: RunReporter = { progress: () => {}, warning: () => {} };
    const kept = codeFirstSession(run);
    // A session of its own, whose stats say which modules each describing imported.
    const keptDocument = new CodeFirstSession({
      input: documentRun.input,
      cwd: dirname(documentRun.input),
      cacheDir: documentRun.cacheDir,
    });
    const steps: string[] = ['start'];
    let loadedAllBefore = false;
    try {
      for (let i = 0; i <= 8; i++) {
        if (i > 0) {
          const edit = edits[Math.floor(next() * edits.length)];
          edit.apply(state);
          steps.push(edit.name);
          await writeProject(dir, state);
        }
        const statsBefore = keptDocument.stats;
        const [incremental, scratch, documentOnly] = await Promise.allSettled([
          runGenerate(run, reporter, kept),
          runGenerate(fresh, reporter),
          runGenerate(documentRun, reporter, keptDocument),
        ]);
        const diff = differences(outcome(incremental), outcome(scratch));
        assert.deepEqual(diff.paths, [], `seed ${seed}, after: ${steps.join(' → ')}; ${diff.first}`);
        const scratchDocument = outcome(scratch).get('openapi.json') ?? outcome(scratch).get('(error)');
        const keptDocumentText = outcome(documentOnly).get('openapi.json') ?? outcome(documentOnly).get('(error)');
        assert.equal(keptDocumentText, scratchDocument, `seed ${seed}, openapi alone, after: ${steps.join(' → ')}`);
        // A JSDoc edit changes one endpoint file's text: when the step before loaded every module as it
        // was, the module of that file alone is imported again.
        const loadedAll = keptDocument.stats !== statsBefore && keptDocument.stats.described;
        if (steps.at(-1) === "an endpoint's JSDoc" && loadedAll && loadedAllBefore)
          assert.deepEqual(keptDocument.stats.imported, [join(dir, 'api', 'a.endpoints.ts')], `seed ${seed}`);
        loadedAllBefore = loadedAll && documentOnly.status === 'fulfilled';
        // After the kept session wrote its cache: a new process would start from it.
        const [cold] = await Promise.allSettled([runGenerate(run, reporter)]);
        const coldDiff = differences(outcome(cold), outcome(scratch));
        assert.deepEqual(
          coldDiff.paths,
          [],
          `seed ${seed}, cold from the cache, after: ${steps.join(' → ')}; ${coldDiff.first}`,
        );
        if (!state.broken) assert.equal(incremental.status, 'fulfilled', `seed ${seed}: a sound project generates`);
      }
    } finally {
      await keptDocument.close();
      await kept.close();
    }
  },
);
