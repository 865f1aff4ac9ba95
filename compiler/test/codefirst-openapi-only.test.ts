// `--targets openapi` on endpoint definition files writes the document and index.js without
// building the model: the files must be those the model-built path writes, byte for byte, and the
// run still counts the operations.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { EndpointGen } from '../src/EndpointGen.ts';
import { generateRunFrom } from '../src/pipeline/generateRun.ts';
import { runGenerate, type RunReporter } from '../src/pipeline/runGenerate.ts';
import { repoRoot } from './support/fixtures.ts';
import { writeRuntimeTsconfig } from './support/runtimeTsconfig.ts';

const dir = join(repoRoot, 'compiler', 'test', '.tmp', 'codefirst-openapi-only');
const files: Record<string, string> = {
  'models.ts': `/** A pet. */\nexport interface Pet {\n  name: string;\n  kind: 'cat' | 'dog';\n  born?: Date;\n}\n`,
  'pets.endpoints.ts': `import { DeriveSchema, Endpoint, PathCodec, RoutePattern, Status } from '@kitgen/runtime';\nimport type { Pet } from './models.js';\n\n/** Lists the pets. */\nexport const listPets = Endpoint(RoutePattern.GET('pets')).out(DeriveSchema.gen<Pet[]>());\n\nexport const addPet = Endpoint(RoutePattern.POST('pets')).in(DeriveSchema.gen<Pet>()).out(DeriveSchema.gen<Pet>(), Status.Created);\n`,
  'owners.endpoints.ts': `import { DeriveSchema, Endpoint, PathCodec, RoutePattern } from '@kitgen/runtime';\n\nexport interface Owner {\n  id: number;\n}\n\nexport const getOwner = Endpoint(RoutePattern.GET('owners', PathCodec.int('id'))).out(DeriveSchema.gen<Owner>());\n`,
};
const reporter: RunReporter = { progress: () => {}, warning: () => {} };

test('--targets openapi alone writes what the model-built path writes', { timeout: 300_000 }, async () => {
  await rm(dir, { recursive: true, force: true });
  await mkdir(join(dir, 'api'), { recursive: true });
  // Two cold programs: over the runtime's declarations, not its sources.
  await writeRuntimeTsconfig(dir);
  await writeFile(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'openapi-only', version: '2.1.0', type: 'module' }),
  );
  for (const [name, text] of Object.entries(files)) await writeFile(join(dir, 'api', name), text);
  for (const openapiFormat of ['json', 'json,yaml']) {
    const run = generateRunFrom(
      {},
      { format: false, dryRun: true, targets: 'openapi', openapiFormat },
      dir,
      'api/*.endpoints.ts',
      undefined,
    );
    const result = await runGenerate({ ...run, cacheDir: false }, reporter);
    assert.equal(result.operations, 3, 'the summary counts the operations');
    const document = JSON.parse(result.output.get('openapi.json')!) as Record<string, unknown>;
    const expected = EndpointGen.fromOpenAPI(document, {
      targets: ['openapi'],
      openapiFormats: run.openapiFormats,
      userModules: ['definitions/owners.endpoints', 'definitions/pets.endpoints'],
    });
    const emitted = [...result.output.keys()].filter((p) => !p.startsWith('definitions/')).sort();
    assert.deepEqual(emitted, [...expected.files.keys()].sort());
    for (const [path, text] of expected.files) assert.equal(result.output.get(path), text, path);
    assert.match(result.output.get('index.js')!, /definitions\/pets\.endpoints\.js/);
  }
});
