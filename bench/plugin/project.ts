// The project `npm run bench:plugin` builds: an OpenAPI document of 200 operations (the plugin
// generates endpoints and a client from it; @hey-api/openapi-ts's Vite plugin generates its SDK
// from the same file) and 200 code-first endpoints in 20 endpoint files whose DeriveSchema.gen<T>()
// types live in one models file.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Where the bench project's files are. */
export interface BenchProject {
  readonly dir: string;
  readonly document: string;
  readonly models: string;
  /** The kitgen entry (generated endpoints and client, and the code-first files). */
  readonly main: string;
  /** The hey-api entry (its generated SDK). */
  readonly hey: string;
}

export const operations = 200;
const files = 20;
const models = 20;

/** The document; `summary` is the first operation's summary (what the edit changes). */
export function documentText(summary: string): string {
  const paths: Record<string, unknown> = {};
  const schemas: Record<string, unknown> = {};
  for (let i = 0; i < operations; i++) {
    schemas[`Item${i}`] = {
      type: 'object',
      required: ['id'],
      properties: {
        id: { type: 'integer' },
        name: { type: 'string' },
        tags: { type: 'array', items: { type: 'string' } },
        price: { type: 'number', minimum: 0 },
      },
    };
    paths[`/items${i}/{id}`] = {
      get: {
        operationId: `getItem${i}`,
        summary: i === 0 ? summary : `Item ${i}`,
        parameters: [
          { name: 'id', in: 'path', required: true, schema: { type: 'integer' } },
          { name: 'verbose', in: 'query', schema: { type: 'boolean' } },
        ],
        responses: {
          '200': {
            description: 'ok',
            content: { 'application/json': { schema: { $ref: `#/components/schemas/Item${i}` } } },
          },
          '404': { description: 'missing' },
        },
      },
    };
  }
  return JSON.stringify(
    { openapi: '3.1.0', info: { title: 'Bench', version: '1.0.0' }, paths, components: { schemas } },
    null,
    2,
  );
}

/** The models file; `extra` adds a field to Model0 (what the type edit changes). */
export function modelsText(extra: string): string {
  const out: string[] = [];
  for (let m = 0; m < models; m++)
    out.push(
      `/** Model ${m}. */\nexport interface Model${m} {\n  id: number;\n  name: string;\n  tags?: string[];\n  born?: Date;\n  kind: 'a' | 'b';${m === 0 ? `\n${extra}` : ''}\n}\n`,
    );
  return out.join('\n');
}

/**
 * Writes the project afresh under `dir`, as a user's: its own package.json and strict tsconfig
 * (found upward, the repository's would resolve `@kitgen/runtime` to its sources through the
 * `kitgen-source` condition, ~1,070 files in the plugin's type program where a user's has ~170);
 * the runtime package is the caller's to put in a `node_modules` above it (runtimePackage.ts).
 */
export function writeBenchProject(dir: string): BenchProject {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'src', 'api'), { recursive: true });
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'bench-plugin', version: '1.0.0', private: true, type: 'module' }, null, 2),
  );
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify(
      {
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          types: ['node'],
        },
        include: ['src'],
      },
      null,
      2,
    ),
  );
  const p: BenchProject = {
    dir,
    document: join(dir, 'store.json'),
    models: join(dir, 'src', 'api', 'models.ts'),
    main: join(dir, 'src', 'main.ts'),
    hey: join(dir, 'src', 'hey.ts'),
  };
  writeFileSync(p.document, documentText('Item 0'));
  writeFileSync(p.models, modelsText(''));
  const imports: string[] = [];
  for (let f = 0; f < files; f++) {
    const lines = [
      `import { DeriveSchema, Endpoint, PathCodec, RoutePattern } from '@kitgen/runtime';`,
      `import type * as M from './models.js';`,
      '',
    ];
    for (let e = 0; e < operations / files; e++) {
      const m = (f * 10 + e) % models;
      lines.push(
        `export const op${f}_${e} = Endpoint(RoutePattern.GET('things${f}_${e}', PathCodec.int('id'))).out(DeriveSchema.gen<M.Model${m}>()).outError(DeriveSchema.gen<{ message: string }>(), 404);`,
      );
    }
    if (f === 0) lines.push('export const model0 = DeriveSchema.gen<M.Model0>();');
    writeFileSync(join(dir, 'src', 'api', `e${f}.endpoints.ts`), `${lines.join('\n')}\n`);
    imports.push(`export * from './api/e${f}.endpoints.js';`);
  }
  writeFileSync(p.main, `export * as generated from './generated/index.js';\n${imports.join('\n')}\n`);
  writeFileSync(p.hey, `export * from './hey/index.js';\n`);
  return p;
}
