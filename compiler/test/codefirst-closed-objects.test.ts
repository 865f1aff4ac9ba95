// `--closed-objects` (config `closedObjects`): the switch reaches every road a DeriveSchema.gen<T>()
// expansion takes — `kitgen generate` (the document and the expanded copies), the config file and
// the build plugin's options — and the default stays open.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { checkConfig, ConfigFileError } from '../src/pipeline/config.ts';
import { generateRunFrom } from '../src/pipeline/generateRun.ts';
import { runGenerate, type GenerateRun } from '../src/pipeline/runGenerate.ts';
import { resolvePluginOptions } from '../src/plugin/options.ts';
import { fixturesDir } from './support/fixtures.ts';
import { sharedRuntimeTsconfig } from './support/runtimeTsconfig.ts';

const pets = join(fixturesDir, 'codefirst', 'pets');

type Schemas = Record<string, { additionalProperties?: unknown }>;

async function generate(closedObjects: boolean): Promise<{ schemas: Schemas; definitions: string }> {
  const run: GenerateRun = {
    input: join(pets, '*.endpoints.ts'),
    out: join(pets, 'expected'),
    targets: ['openapi'],
    openapiFormats: ['json'],
    format: 'none',
    clean: false,
    dryRun: true,
    split: false,
    lean: false,
    int64: 'bigint',
    importExtension: '.js',
    runtimePackage: '@kitgen/runtime',
    title: 'pets',
    version: '1.0.0',
    // As `--tsconfig` names one: the runtime's declarations, not the sources the repository's resolves to.
    tsconfig: await sharedRuntimeTsconfig(),
    ...(closedObjects ? { closedObjects } : {}),
  };
  const result = await runGenerate(run, { progress: () => {}, warning: () => {} });
  const document = JSON.parse(result.output.get('openapi.json')!) as { components: { schemas: Schemas } };
  return { schemas: document.components.schemas, definitions: result.output.get('definitions/pets.endpoints.ts')! };
}

test('kitgen generate with closedObjects closes every derived object, in the document and the expanded file', async () => {
  const closed = await generate(true);
  assert.equal(closed.schemas.Pet.additionalProperties, false);
  assert.equal(closed.schemas.Problem.additionalProperties, false);
  // Each call names its schema, written once at the end of the file.
  assert.match(closed.definitions, /DeriveSchema\.gen<Pet>\(__kitgenDerived\(\d+\)\)/);
  assert.match(
    closed.definitions,
    /= \{"\$id":"Pet",[^\n]*"required":\["id","name","kind"\],"additionalProperties":false/,
  );
  const open = await generate(false);
  assert.equal(open.schemas.Pet.additionalProperties, undefined, 'the default is unchanged');
  assert.doesNotMatch(open.definitions, /additionalProperties/);
});

test('the flag and the config key reach the run; a config value that is not a boolean is refused', () => {
  const flags = { format: true } as const;
  assert.equal(
    generateRunFrom({ input: 'a.ts', out: 'o' }, { ...flags, closedObjects: true }, '/w', undefined, undefined)
      .closedObjects,
    true,
  );
  assert.equal(
    generateRunFrom({ input: 'a.ts', out: 'o', closedObjects: true }, flags, '/w', undefined, undefined).closedObjects,
    true,
  );
  assert.equal(
    generateRunFrom({ input: 'a.ts', out: 'o' }, flags, '/w', undefined, undefined).closedObjects,
    undefined,
  );
  assert.deepEqual(checkConfig({ closedObjects: true }, 'kitgen.config.json', '/w'), { closedObjects: true });
  assert.throws(
    () => checkConfig({ closedObjects: 'yes' }, 'kitgen.config.json', '/w'),
    (e: unknown) => e instanceof ConfigFileError && /"closedObjects" has an invalid value "yes"/.test(e.message),
  );
});

test("the build plugin's transform closes objects when its options (or the config) say so", async () => {
  assert.equal((await resolvePluginOptions({ config: false, closedObjects: true }, pets)).closedObjects, true);
  assert.equal((await resolvePluginOptions({ config: false }, pets)).closedObjects, undefined);
});
