/**
 * A deterministic (seeded) OpenAPI 3.0 document of 10,000+ operations over 300+ tags and 3,000+
 * component schemas, for `npm run bench:codegen -- --large` and `npm run bench:editor`.
 * Run directly: `node scripts/run-ts.mjs bench/codegen/largeDocument.ts [--seed N] [--validate]`
 * writes `.tmp/bench-large/large.json` (kept while the seed and this generator are unchanged);
 * `--validate` checks it with swagger-parser (see large/validate.ts).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildPaths, type ProbeOperation } from './large/operations.ts';
import { Random } from './large/random.ts';
import { buildSchemas } from './large/schemas.ts';
import { validateDocument } from './large/validate.ts';

export type { ProbeOperation };

/** The seed the benchmarks use unless told otherwise. */
export const defaultSeed = 17;

/** What was written, and the operation the editor benchmark scripts against. */
export interface LargeDocument {
  readonly file: string;
  readonly seed: number;
  readonly bytes: number;
  readonly operations: number;
  readonly schemas: number;
  readonly tags: number;
  readonly probe: ProbeOperation;
}

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');

/** The document for `seed` as a JSON value, with its counts and probe operation. */
export function largeDocument(seed: number): {
  document: Record<string, unknown>;
  operations: number;
  schemas: number;
  tags: number;
  probe: ProbeOperation;
} {
  const rnd = new Random(seed);
  const set = buildSchemas(rnd, { enums: 90, chains: 320, unions: 110, total: 3200 });
  const p = buildPaths(rnd, set, 320, 10240);
  const document = {
    openapi: '3.0.3',
    info: {
      title: 'Large benchmark API',
      version: `1.0.${seed}`,
      description: 'A generated document for kitgen benchmarks (bench/codegen/largeDocument.ts).',
    },
    servers: [{ url: 'https://api.example.com/v1' }],
    tags: p.tags,
    paths: p.paths,
    components: { schemas: set.schemas, parameters: p.parameters, responses: p.responses },
  };
  return {
    document,
    operations: p.operations,
    schemas: Object.keys(set.schemas).length,
    tags: p.tags.length,
    probe: p.probe,
  };
}

/** A hash of the generator's own sources: a change to them writes the document again. */
function generatorHash(): string {
  const h = createHash('sha256');
  for (const f of [
    join(here, 'largeDocument.ts'),
    ...readdirSync(join(here, 'large'))
      .sort()
      .map((n) => join(here, 'large', n)),
  ])
    h.update(readFileSync(f));
  return h.digest('hex').slice(0, 16);
}

/**
 * Writes the document for `seed` to `.tmp/bench-large/large.json` unless the one there was
 * written from the same seed and generator; with `validate`, checks it with swagger-parser.
 */
export async function ensureLargeDocument(
  options: { seed?: number; validate?: boolean; log?: (line: string) => void } = {},
): Promise<LargeDocument> {
  const seed = options.seed ?? defaultSeed;
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const dir = join(root, '.tmp', 'bench-large');
  const file = join(dir, 'large.json');
  const metaFile = join(dir, 'large.meta.json');
  const hash = generatorHash();
  let meta: (LargeDocument & { hash: string }) | undefined;
  if (existsSync(metaFile) && existsSync(file)) {
    const m = JSON.parse(readFileSync(metaFile, 'utf8')) as LargeDocument & { hash: string };
    if (m.seed === seed && m.hash === hash && statSync(file).size === m.bytes) meta = m;
  }
  if (meta === undefined) {
    const started = performance.now();
    const d = largeDocument(seed);
    const text = JSON.stringify(d.document, null, 2);
    mkdirSync(dir, { recursive: true });
    // Written beside and renamed, so a run still reading the previous document never sees half a file.
    writeFileSync(`${file}.partial`, text);
    renameSync(`${file}.partial`, file);
    meta = {
      file,
      seed,
      bytes: Buffer.byteLength(text),
      operations: d.operations,
      schemas: d.schemas,
      tags: d.tags,
      probe: d.probe,
      hash,
    };
    writeFileSync(metaFile, JSON.stringify(meta, null, 2));
    log(`large document: wrote ${file} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  log(
    `large document: seed ${seed}, ${(meta.bytes / 1e6).toFixed(1)} MB, ${meta.operations} operations, ${meta.tags} tags, ${meta.schemas} component schemas`,
  );
  if (options.validate) {
    const started = performance.now();
    const { refs } = await validateDocument(file);
    log(
      `large document: valid against the OpenAPI 3.0 schema, ${refs} $refs resolved (swagger-parser, ${((performance.now() - started) / 1000).toFixed(1)} s)`,
    );
  }
  return {
    file,
    seed: meta.seed,
    bytes: meta.bytes,
    operations: meta.operations,
    schemas: meta.schemas,
    tags: meta.tags,
    probe: meta.probe,
  };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const i = process.argv.indexOf('--seed');
  await ensureLargeDocument({
    seed: i === -1 ? defaultSeed : Number(process.argv[i + 1]),
    validate: process.argv.includes('--validate'),
  });
}
