// TypeScript 7, the native compiler `npm i typescript` installs now: every expected tree of the
// fixtures, and the packed packages in a fresh project (generated code, the user's server and the
// runtime's shipped declarations with skipLibCheck off), must type-check under it as they do
// under 5.9 (support/typescript7.ts installs it); the tests skip, saying so, when it cannot be had.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensurePackedPackages } from '../../scripts/packed-packages.mjs';
import { runtimeDeclarationPaths } from './support/e2e.ts';
import { fixturesDir, repoRoot } from './support/fixtures.ts';
import { typescript7 } from './support/typescript7.ts';

const env: NodeJS.ProcessEnv = { ...process.env, NODE_OPTIONS: '' };
delete env.NODE_TEST_CONTEXT;

function run(command: string, args: readonly string[], cwd: string): string {
  const r = spawnSync(command, [...args], { cwd, env, encoding: 'utf8', timeout: 600_000 });
  assert.equal(r.status, 0, `${command} ${args.join(' ')} failed in ${cwd}:\n${r.stdout}\n${r.stderr}`);
  return r.stdout + r.stderr;
}

test(
  'every expected tree of the fixtures type-checks under TypeScript 7 (strict, skipLibCheck off)',
  { timeout: 600_000 },
  async (t) => {
    const ts7 = typescript7();
    if ('missing' in ts7) return t.skip(`TypeScript 7 not available: ${ts7.missing}`);
    // The fixtures' own tsconfig, the runtime taken from its declarations (checked too: they are
    // outside node_modules), exactly as the 5.9 golden check reads it.
    // Inside the repository, so the config finds its `types` in the repository's node_modules.
    await mkdir(join(repoRoot, '.tmp'), { recursive: true });
    const work = await mkdtemp(join(repoRoot, '.tmp', 'ts7-fixtures-'));
    try {
      const config = join(work, 'tsconfig.json');
      await writeFile(
        config,
        JSON.stringify({
          extends: join(fixturesDir, 'tsconfig.json'),
          compilerOptions: { paths: await runtimeDeclarationPaths() },
        }),
      );
      const r = spawnSync(ts7.tsc, ['-p', config], { cwd: fixturesDir, env, encoding: 'utf8', timeout: 600_000 });
      assert.equal(r.status, 0, `TypeScript 7 refused the expected trees:\n${(r.stdout + r.stderr).slice(0, 6000)}`);
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  },
);

const serverText = `import { Server, ServerConfig } from '@kitgen/runtime';
import { routes, showPetById, type Pet } from './api/index.js';
import * as cf from './cf/index.js';

const pets = new Map<number, Pet>([[1, { id: 1, name: 'Rex', tag: 'dog' }]]);
export const contract = routes({
  listPets: ({ limit }) => ({ status: 200, body: [...pets.values()].slice(0, limit ?? 100), headers: {} }),
  createPet: ({ body }) => ({ status: 201, body: { id: 2, ...body }, headers: { location: '/pets/2' } }),
  showPetById: ({ petId }) => pets.get(petId) ?? showPetById.fail({ status: 404, body: { code: 404, message: \`no pet \${petId}\` } }),
  deletePet: () => undefined,
});
export const listPets = cf.listPets.implement(() => []);
export const start = () => Server.install(contract, Server.live(ServerConfig.default.binding('127.0.0.1', 0)));
// @ts-expect-error the handler must answer a Pet list
export const wrong = cf.listPets.implement(() => 'no');
`;

const clientText = `import { createClient } from './api/index.js';

const client = createClient({ baseUrl: 'http://127.0.0.1:1' });
export const one = async (): Promise<string> => (await client.showPetById({ petId: 1 })).name;
// @ts-expect-error petId is a number
export const wrong = () => client.showPetById({ petId: 'x' });
`;

test(
  'packed packages in a fresh project: generated code and the runtime declarations check under TypeScript 7',
  { timeout: 900_000 },
  async (t) => {
    const ts7 = typescript7();
    if ('missing' in ts7) return t.skip(`TypeScript 7 not available: ${ts7.missing}`);
    const work = await mkdtemp(join(tmpdir(), 'kitgen-ts7-consumer-'));
    try {
      const packs = await ensurePackedPackages();
      const app = join(work, 'app');
      await mkdir(join(app, 'src', 'endpoints'), { recursive: true });
      await writeFile(
        join(app, 'package.json'),
        JSON.stringify({ name: 'consumer-ts7', private: true, type: 'module' }),
      );
      run(
        'npm',
        [
          'install',
          '--no-audit',
          '--no-fund',
          '--prefer-offline',
          packs.kitgen,
          packs.runtime,
          'typescript@7',
          '@types/node@20',
        ],
        app,
      );
      assert.match(
        run(join(app, 'node_modules', '.bin', 'tsc'), ['--version'], app),
        /Version 7\./,
        'the project has TypeScript 7',
      );
      await cp(join(fixturesDir, 'pets', 'openapi.yaml'), join(app, 'openapi.yaml'));
      await cp(
        join(fixturesDir, 'codefirst', 'pets', 'pets.endpoints.ts'),
        join(app, 'src', 'endpoints', 'pets.endpoints.ts'),
      );
      // The bins npm linked into the project, run as `npx` runs them, without npm's own start-up (~1 CPU-s a call).
      const bin = (name: string) => join(app, 'node_modules', '.bin', name);
      run(bin('kitgen'), ['generate', 'openapi.yaml', '--out', 'src/api'], app);
      run(bin('kitgen'), ['generate', 'src/endpoints/*.endpoints.ts', '--out', 'src/cf'], app);
      await writeFile(join(app, 'src', 'server.ts'), serverText);
      await writeFile(join(app, 'src', 'client.ts'), clientText);
      await writeFile(
        join(app, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            target: 'ES2022',
            module: 'NodeNext',
            moduleResolution: 'NodeNext',
            strict: true,
            allowJs: true,
            outDir: 'dist',
            rootDir: 'src',
            // Off: the runtime's shipped declarations are checked like the project's own files.
            skipLibCheck: false,
            types: ['node'],
          },
          include: ['src'],
        }),
      );
      // The user's own tsc, the one `npm i typescript` gave the project: it type-checks and emits.
      run(bin('tsc'), ['-p', '.'], app);
      assert.ok(
        existsSync(join(app, 'dist', 'server.js')) && existsSync(join(app, 'dist', 'api', 'index.js')),
        'TypeScript 7 emitted the project',
      );
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  },
);
