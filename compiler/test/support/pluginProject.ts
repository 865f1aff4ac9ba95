// A small project for the build-plugin tests, under compiler/test/.tmp/ so `@kitgen/runtime`
// resolves from the repository: an OpenAPI document the plugin generates endpoints from, an
// endpoint definition file whose DeriveSchema.gen<T>() types live in another file, and an entry
// that exports the OpenAPI document of both (what the tests read back from the bundle).
// Its own tsconfig.json gives the plugin's type program the runtime's declarations, as an installed
// package does: found upward, the repository's tsconfig resolved `@kitgen/runtime` to its 315
// source files through the `kitgen-source` condition, ~9 CPU-s for each project's first expansion
// where the declarations take ~6.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { repoRoot } from './fixtures.ts';
import { writeRuntimeTsconfig } from './runtimeTsconfig.ts';

/** The files of a plugin test project. */
export interface PluginProject {
  readonly dir: string;
  readonly entry: string;
  readonly document: string;
  readonly models: string;
  readonly endpoints: string;
  /** The generated folder (the plugin's `out`). */
  readonly out: string;
}

/** The OpenAPI document, with the summary of its one operation given. */
export function documentText(summary: string): string {
  return `openapi: 3.1.0
info: { title: Store, version: 1.0.0 }
paths:
  /orders/{id}:
    get:
      operationId: getOrder
      summary: ${summary}
      parameters:
        - { name: id, in: path, required: true, schema: { type: integer } }
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Order' }
components:
  schemas:
    Order:
      type: object
      required: [id]
      properties:
        id: { type: integer }
`;
}

/** The types file: \`Pet\` with the fields given (TypeScript member lines). */
export function modelsText(fields: string): string {
  return `/** A pet. */\nexport interface Pet {\n${fields}\n}\n`;
}

/**
 * Writes a fresh project under compiler/test/.tmp/<name>; `ext` is the extension relative imports of
 * its own `.ts` files use (generated modules are `.js`). `ownTsconfig` false leaves the project to the
 * repository's tsconfig: a program that runs the project's TypeScript with the tests' loader would
 * take the own tsconfig's `paths` at run time too, and import the runtime's declarations as code.
 */
export async function writePluginProject(
  name: string,
  ext: '.js' | '.ts' = '.js',
  ownTsconfig = true,
): Promise<PluginProject> {
  const dir = join(repoRoot, 'compiler', 'test', '.tmp', name);
  await rm(dir, { recursive: true, force: true });
  await mkdir(join(dir, 'src', 'api'), { recursive: true });
  const p: PluginProject = {
    dir,
    entry: join(dir, 'src', 'main.ts'),
    document: join(dir, 'store.yaml'),
    models: join(dir, 'src', 'api', 'models.ts'),
    endpoints: join(dir, 'src', 'api', 'pets.endpoints.ts'),
    out: join(dir, 'src', 'generated'),
  };
  if (ownTsconfig) await writeRuntimeTsconfig(dir);
  await writeFile(p.document, documentText('Find an order'));
  await writeFile(p.models, modelsText('  name: string;'));
  await writeFile(
    p.endpoints,
    `import { DeriveSchema, Endpoint, PathCodec, RoutePattern } from '@kitgen/runtime';
import type { Pet } from './models${ext}';

export const showPet = Endpoint(RoutePattern.GET('pets', PathCodec.int('id'))).out(DeriveSchema.gen<Pet>());
`,
  );
  await writeFile(
    p.entry,
    `import { OpenAPIGen } from '@kitgen/runtime';
import { showPet } from './api/pets.endpoints${ext}';
import { getOrder } from './generated/endpoints.js';

/** The document of both endpoints: the derived Pet schema and the generated operation's summary. */
export const api = JSON.parse(OpenAPIGen.fromEndpoints({ title: 't', version: '1' }, showPet, getOrder).toJson(0));
`,
  );
  return p;
}

/** What a test reads from an entry's exported document. */
export interface ApiView {
  readonly petFields: string[];
  readonly summary: string | undefined;
}

/** The Pet fields and the order operation's summary in an entry module's `api`. */
export function apiView(module: unknown): ApiView {
  const api = (
    module as {
      api: {
        components: { schemas: Record<string, { properties?: object }> };
        paths: Record<string, { get?: { summary?: string } }>;
      };
    }
  ).api;
  return {
    petFields: Object.keys(api.components.schemas.Pet?.properties ?? {}),
    summary: api.paths['/orders/{id}']?.get?.summary,
  };
}
