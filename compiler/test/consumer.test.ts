// The packages as a user gets them: `npm pack` of kitgen and @kitgen/runtime, installed into a
// fresh project outside the repository (no workspace links, no kitgen-source condition, no tsx
// of ours), then as a user would: `kitgen generate` (the bin npm linked, what `npx kitgen` runs)
// an OpenAPI document and an endpoint definition file, `tsc --strict` the project, run the
// compiled server with plain `node`, call it with the generated client and the generated CLI.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensurePackedPackages } from '../../scripts/packed-packages.mjs';
import { fixturesDir } from './support/fixtures.ts';

// Without the repository's loader and export condition: the user's node is plain node.
const env: NodeJS.ProcessEnv = { ...process.env, NODE_OPTIONS: '' };
delete env.NODE_TEST_CONTEXT;

function run(command: string, args: readonly string[], cwd: string): SpawnSyncReturns<string> {
  const r = spawnSync(command, [...args], { cwd, env, encoding: 'utf8', timeout: 300_000 });
  assert.equal(r.status, 0, `${command} ${args.join(' ')} failed in ${cwd}:\n${r.stdout}\n${r.stderr}`);
  return r;
}

// Two servers: the generated one (OpenAPI input) and the user's own over the code-first endpoints.
const mainText = `import { Routes, Server, ServerConfig } from '@kitgen/runtime';
import { routes, showPetById, type Pet } from './api/index.js';
import * as cf from './cf/index.js';

const pets = new Map<number, Pet>([[1, { id: 1, name: 'Rex', tag: 'dog' }]]);
const contract = routes({
  listPets: ({ limit }) => ({ status: 200, body: [...pets.values()].slice(0, limit ?? 100), headers: {} }),
  createPet: ({ body }) => {
    const pet: Pet = { id: pets.size + 1, ...body };
    pets.set(pet.id, pet);
    return { status: 201, body: pet, headers: { location: \`/pets/\${pet.id}\` } };
  },
  showPetById: ({ petId }) => pets.get(petId) ?? showPetById.fail({ status: 404, body: { code: 404, message: \`no pet \${petId}\` } }),
  deletePet: ({ petId }) => {
    pets.delete(petId);
  },
});
const codeFirst = Routes(
  cf.showPetById.implement(([petId]) => {
    if (petId !== 1) throw cf.showPetById.fail({ message: \`no pet \${petId}\` });
    return { id: 1, name: 'Code', kind: 'cat', born: new Date('2021-05-06T07:08:09.000Z') };
  }),
  cf.listPets.implement(() => []),
  cf.createPet.implement((pet) => ({ ...pet, id: 7 })),
  cf.deletePet.implement(() => undefined),
);
const ports = [];
for (const r of [contract, codeFirst]) ports.push(await Server.install(r, Server.live(ServerConfig.default.binding('127.0.0.1', 0))));
console.log(JSON.stringify(ports));
`;

// Type-checked with skipLibCheck off against the packed runtime's one declaration file.
const typesCheckText = `import { Type } from 'typebox';
import { Endpoint, PathCodec, Route, RoutePattern, Schema, type Static, webSocketRoute } from '@kitgen/runtime';

const Item = Type.Object({ name: Type.String() });
export const echo = Endpoint(RoutePattern.POST('items')).in(Item).out(Schema.Object({ n: Schema.Integer() })).implement((item) => ({ n: item.name.length }));
// @ts-expect-error the handler answers a string where the output is an integer
export const wrongOut = Endpoint(RoutePattern.POST('items')).in(Item).out(Schema.Object({ n: Schema.Integer() })).implement((item) => ({ n: item.name }));
// @ts-expect-error the input is the user's typebox schema: name is a string
export const wrongIn = Endpoint(RoutePattern.POST('items')).in(Item).implement((item) => void (item.name satisfies number));
export const chat: Route<[string]> = webSocketRoute(RoutePattern.GET('chat', PathCodec.string('room')), async (socket, room) => {
  await socket.send(room);
});
const Counts = Schema.Record(Schema.String(), Schema.Integer());
export const counts: Static<typeof Counts> = { a: 1 };
// @ts-expect-error a record of integers
export const wrongCounts: Static<typeof Counts> = { a: 'x' };
const Kind = Schema.Union([Schema.Literal('cat'), Schema.Literal('dog')]);
export const kind: Static<typeof Kind> = 'cat';
// @ts-expect-error not one of the literals
export const wrongKind: Static<typeof Kind> = 'cow';
`;

// `tsc -p` with the user's own typescript, reporting on the project's files: the runtime's declaration
// file is one of them, so it is checked as skipLibCheck off checks it; typebox's and @types/node's
// own declarations, which tsc would check too (typebox's alone: ~18 s, 2.4 M instantiations), are
// left to their packages.
const checkTypesText = `import ts from 'typescript';
import { resolve } from 'node:path';

const host = { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => console.error(ts.flattenDiagnosticMessageText(d.messageText, '\\n')) };
const config = ts.getParsedCommandLineOfConfigFile(process.argv[2], {}, host);
if (!config) process.exit(2);
const program = ts.createProgram({ rootNames: config.fileNames, options: config.options });
const roots = new Set(config.fileNames.map((f) => resolve(f)));
const own = program.getSourceFiles().filter((f) => roots.has(resolve(f.fileName)));
if (own.length !== roots.size) throw new Error(\`not every root file is in the program: \${[...roots].join(', ')}\`);
const diagnostics = [
  ...config.errors,
  ...program.getOptionsDiagnostics(),
  ...program.getGlobalDiagnostics(),
  ...own.flatMap((f) => [...program.getSyntacticDiagnostics(f), ...program.getSemanticDiagnostics(f)]),
];
const text = ts.formatDiagnostics(diagnostics, { getCanonicalFileName: (f) => f, getCurrentDirectory: () => process.cwd(), getNewLine: () => '\\n' });
if (text !== '') console.error(text);
process.exit(diagnostics.length === 0 ? 0 : 1);
`;

const callText = `import { Endpoint, EndpointError, Schema } from '@kitgen/runtime';
import * as clientEntry from '@kitgen/runtime/client';
import { createClient } from './api/index.js';
import { createClient as createCodeFirstClient, showPetById as cfShowPetById } from './cf/index.js';

const [contractPort, codeFirstPort] = process.argv.slice(2).map(Number);
const client = createClient({ baseUrl: \`http://127.0.0.1:\${contractPort}\` });
const created = await client.createPet({ body: { name: 'Tom' } });
const one = await client.showPetById({ petId: 1 });
const missing = await client.either.showPetById({ petId: 9 });
const cf = createCodeFirstClient({ baseUrl: \`http://127.0.0.1:\${codeFirstPort}\` });
// The code-first client calls the user's endpoints with their input values; born decodes to a Date.
const pet = await cf.showPetById([1, undefined]);
const bornIsDate = pet.born instanceof Date;
// The endpoint index.js exports (the user's) names the operation whose failure the client rejects with.
const failed: unknown = await cf.showPetById([9, undefined]).catch((e: unknown) => e);
const fromIndex = EndpointError.isFrom(cfShowPetById, failed) ? failed.value.message : 'not from showPetById';
// Under node the client entry is the one runtime the main entry loads: same classes, same registries.
const oneRuntime = clientEntry.Endpoint === Endpoint && clientEntry.Schema === Schema && !('Server' in clientEntry);
console.log(JSON.stringify({ created, one, missing, pet, bornIsDate, oneRuntime, fromIndex }));
`;

test(
  'packed tarballs install into a fresh project: generate, tsc --strict, serve with node, call with client and CLI',
  { timeout: 900_000 },
  async () => {
    const started = performance.now();
    const work = await mkdtemp(join(tmpdir(), 'kitgen-consumer-'));
    try {
      // Built and packed once per content of the sources, shared with the other tests that install them.
      const packs = await ensurePackedPackages();
      const tarballs = [packs.kitgen, packs.runtime];

      const app = join(work, 'app');
      await mkdir(join(app, 'src', 'endpoints'), { recursive: true });
      await writeFile(
        join(app, 'package.json'),
        JSON.stringify({ name: 'consumer', private: true, type: 'module' }, null, 2),
      );
      run(
        'npm',
        ['install', '--no-audit', '--no-fund', '--prefer-offline', ...tarballs, 'typescript@5.9', '@types/node@20'],
        app,
      );
      await writeFile(
        join(app, 'tsconfig.json'),
        // allowJs: generated modules are JavaScript with declarations beside them; tsc copies them to dist.
        JSON.stringify(
          {
            compilerOptions: {
              target: 'ES2022',
              module: 'NodeNext',
              moduleResolution: 'NodeNext',
              strict: true,
              outDir: 'dist',
              rootDir: 'src',
              allowJs: true,
              skipLibCheck: true,
              types: ['node'],
            },
            include: ['src'],
          },
          null,
          2,
        ),
      );
      await cp(join(fixturesDir, 'pets', 'openapi.yaml'), join(app, 'openapi.yaml'));
      await cp(
        join(fixturesDir, 'codefirst', 'pets', 'pets.endpoints.ts'),
        join(app, 'src', 'endpoints', 'pets.endpoints.ts'),
      );

      // The bins npm linked into the project, run as `npx` runs them, without npm's own start-up (~1 CPU-s a call).
      const bin = (name: string) => join(app, 'node_modules', '.bin', name);
      const contract = run(bin('kitgen'), ['generate', 'openapi.yaml', '--out', 'src/api'], app);
      assert.match(contract.stderr, /4 operations → \d+ files written/);
      const codeFirst = run(bin('kitgen'), ['generate', 'src/endpoints/*.endpoints.ts', '--out', 'src/cf'], app);
      assert.match(codeFirst.stderr, /4 operations → \d+ files written/);
      await writeFile(join(app, 'src', 'main.ts'), mainText);
      await writeFile(join(app, 'src', 'call.ts'), callText);
      run(bin('tsc'), ['-p', '.'], app);

      // The runtime's declarations ship as one file with typebox's inlined (scripts/bundleDeclarations.mjs),
      // beside the client entry's, which names what it takes from it: they check without skipLibCheck,
      // take the user's own typebox schemas, and still refuse a wrong handler.
      const runtimeDist = join(app, 'node_modules', '@kitgen', 'runtime', 'dist');
      assert.deepEqual((await readdir(runtimeDist)).filter((f) => f.endsWith('.d.ts')).sort(), [
        'client.d.ts',
        'index.d.ts',
      ]);
      assert.match(
        await readFile(join(runtimeDist, 'client.d.ts'), 'utf8'),
        /^export \{ [^}]+ \} from '\.\/index\.js';$/m,
      );
      await writeFile(join(app, 'types-check.ts'), typesCheckText);
      await writeFile(
        join(app, 'tsconfig.types.json'),
        JSON.stringify({
          compilerOptions: {
            target: 'ES2022',
            module: 'NodeNext',
            moduleResolution: 'NodeNext',
            strict: true,
            noEmit: true,
            skipLibCheck: false,
            types: ['node'],
          },
          files: [
            'types-check.ts',
            'node_modules/@kitgen/runtime/dist/index.d.ts',
            'node_modules/@kitgen/runtime/dist/client.d.ts',
          ],
        }),
      );
      await writeFile(join(app, 'check-types.mjs'), checkTypesText);
      run(process.execPath, ['check-types.mjs', 'tsconfig.types.json'], app);

      // The compiled server under plain node (no loader): it prints its two ports.
      const server = spawn(process.execPath, ['dist/main.js'], { cwd: app, env, stdio: ['ignore', 'pipe', 'pipe'] });
      try {
        let out = '';
        let err = '';
        server.stderr.on('data', (c: Buffer) => (err += c.toString()));
        const ports = await new Promise<number[]>((resolve, reject) => {
          server.stdout.on('data', (c: Buffer) => {
            out += c.toString();
            if (out.includes('\n')) resolve(JSON.parse(out.split('\n')[0]) as number[]);
          });
          server.on('exit', (code) => reject(new Error(`the server exited (${code}):\n${out}\n${err}`)));
        });
        const called = JSON.parse(run(process.execPath, ['dist/call.js', ...ports.map(String)], app).stdout) as Record<
          string,
          unknown
        >;
        assert.deepEqual(called.created, {
          status: 201,
          body: { id: 2, name: 'Tom' },
          headers: { location: '/pets/2' },
        });
        assert.deepEqual(called.one, { id: 1, name: 'Rex', tag: 'dog' });
        assert.deepEqual(called.missing, {
          _tag: 'left',
          left: { status: 404, body: { code: 404, message: 'no pet 9' } },
        });
        assert.deepEqual(called.pet, { id: 1, name: 'Code', born: '2021-05-06T07:08:09.000Z', kind: 'cat' });
        assert.equal(called.bornIsDate, true);
        assert.equal(called.oneRuntime, true);
        assert.equal(called.fromIndex, 'no pet 9', 'EndpointError.isFrom with the endpoint index.js exports');

        const cliEnv = (port: number) => ({ ...env, KITGEN_CLI_HOST: '127.0.0.1', KITGEN_CLI_PORT: String(port) });
        const listed = spawnSync(process.execPath, ['dist/api/cli.js', 'list-pets', '--limit', '5'], {
          cwd: app,
          env: cliEnv(ports[0]),
          encoding: 'utf8',
        });
        assert.equal(listed.status, 0, listed.stderr);
        assert.deepEqual(
          (JSON.parse(listed.stdout) as Array<{ name: string }>).map((p) => p.name),
          ['Rex', 'Tom'],
        );
        const shown = spawnSync(process.execPath, ['dist/cf/cli.js', 'show-pet-by-id', '--petId', '1'], {
          cwd: app,
          env: cliEnv(ports[1]),
          encoding: 'utf8',
        });
        assert.equal(shown.status, 0, shown.stderr);
        assert.equal((JSON.parse(shown.stdout) as { name: string }).name, 'Code');
      } finally {
        server.kill();
      }
      console.log(
        `# consumer test: pack, install, generate, tsc and run in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  },
);
