// Code-first end to end, as a user works: endpoint definition files → `kitgen generate` → the
// user's own server over the expanded endpoints (type-checked strict, no casts), answered over
// loopback to the generated client and the generated CLI; the emitted document passes
// swagger-parser and Redocly's recommended lint.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Routes } from '@kitgen/runtime';
import { main } from '../src/cli/main.ts';
import { runCli, serve, typeCheckFolder } from './support/e2e.ts';
import { fixturesDir, repoRoot } from './support/fixtures.ts';
import { describe, redoclyLint, swaggerParserError } from '../../runtime/test/fixtures/openapi/referees.ts';

const dir = join(repoRoot, 'compiler', 'test', '.tmp', 'codefirst-e2e');
await rm(dir, { recursive: true, force: true });
await mkdir(join(dir, 'src', 'api'), { recursive: true });
await cp(join(fixturesDir, 'codefirst', 'pets', 'pets.endpoints.ts'), join(dir, 'src', 'api', 'pets.endpoints.ts'));

// The user's server: their own code over their own endpoints, imported from the generated folder.
const serverText = `import { Routes, Status } from '@kitgen/runtime';
import { createPet, deletePet, listPets, showPetById, type Pet } from './generated/index.js';

const pets = new Map<number, Pet>([[1, { id: 1, name: 'Rex', kind: 'dog', born: new Date('2020-01-02T03:04:05.000Z') }]]);
let next = 2;

export const routes: Routes = Routes(
  showPetById.implement(([petId, verbose]) => {
    const pet = pets.get(petId);
    if (!pet) throw showPetById.fail({ message: \`no pet \${petId}\` });
    return verbose ? pet : { ...pet, tag: undefined };
  }),
  listPets.implement((limit) => [...pets.values()].slice(0, limit ?? 100)),
  createPet.implement((pet) => {
    const created: Pet = { ...pet, id: next++ };
    pets.set(created.id, created);
    return created;
  }),
  deletePet.implement((petId) => {
    if (!pets.delete(petId)) throw deletePet.fail({ message: \`no pet \${petId}\` });
  }),
);
void Status;
`;

// The client calls the user's own endpoints: their input values, and their types (born is a Date).
const clientText = `import { EndpointError } from '@kitgen/runtime';
import { createClient, showPetById, type Client, type Pet } from './generated/index.js';

export async function useClient(baseUrl: string): Promise<unknown[]> {
  const client: Client = createClient({ baseUrl });
  const one: Pet = await client.showPetById([1, true]);
  const born: Date | undefined = one.born;
  // @ts-expect-error born is the user's Date, not the document's string
  const text: string | undefined = one.born;
  const created = await client.createPet({ name: 'Tom', kind: 'cat', born: new Date('2024-02-03T04:05:06.000Z') });
  const all = await client.listPets(10);
  const missing = await client.either.showPetById([99, undefined]);
  const failed: unknown = await client.showPetById([98, undefined]).catch((e: unknown) => e);
  const fromIndex = EndpointError.isFrom(showPetById, failed) ? failed.value.message : 'not from showPetById';
  return [one, created, all, missing, born instanceof Date, text, fromIndex];
}
`;

test(
  'code-first: kitgen generate, the user server type-checks strict and answers the generated client and CLI',
  { timeout: 240_000 },
  async () => {
    const lines: string[] = [];
    const code = await main(
      ['generate', 'src/api/*.endpoints.ts', '--out', 'src/generated', '--title', 'Pets', '--api-version', '2.0.0'],
      {
        cwd: dir,
        stdout: (l) => lines.push(l),
        stderr: (l) => lines.push(l),
      },
    );
    assert.equal(code, 0, lines.join('\n'));
    await writeFile(join(dir, 'src', 'server.ts'), serverText);
    await writeFile(join(dir, 'src', 'useClient.ts'), clientText);
    const checked = await typeCheckFolder(dir, ['src/**/*.ts']);
    assert.equal(checked.status, 0, `tsc --strict:\n${checked.output}`);

    const { routes } = (await import(pathToFileURL(join(dir, 'src', 'server.ts')).href)) as { routes: Routes };
    const running = await serve(routes);
    try {
      const { useClient } = (await import(pathToFileURL(join(dir, 'src', 'useClient.ts')).href)) as {
        useClient: (u: string) => Promise<unknown[]>;
      };
      const [one, created, all, missing, bornIsDate, , fromIndex] = await useClient(running.url);
      // Absent optional fields stay absent: their schemas admit no null. The client decodes with the
      // user's schemas, so a Date field is a Date on the client as in the handler.
      assert.deepEqual(one, { id: 1, name: 'Rex', kind: 'dog', born: new Date('2020-01-02T03:04:05.000Z') });
      assert.equal(bornIsDate, true);
      assert.deepEqual(created, { id: 2, name: 'Tom', kind: 'cat', born: new Date('2024-02-03T04:05:06.000Z') });
      assert.equal((all as unknown[]).length, 2);
      // The user's endpoint declares one error type (Problem): the left is that value itself.
      assert.deepEqual(missing, { _tag: 'left', left: { message: 'no pet 99' } });
      assert.equal(fromIndex, 'no pet 98', 'EndpointError.isFrom with the endpoint index.js exports');

      // The wire carries a Date as RFC 3339 text, and a body that breaks the derived schema is a 400 naming the field.
      const raw = await fetch(`${running.url}/pets/1?verbose=true`);
      assert.match(await raw.text(), /"born":"2020-01-02T03:04:05.000Z"/);
      const bad = await fetch(`${running.url}/pets`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'X', kind: 'cow' }),
      });
      assert.equal(bad.status, 400);
      assert.match(await bad.text(), /kind/);

      const cli = join(dir, 'src', 'generated', 'cli.js');
      const shown = await runCli(cli, running.port, ['show-pet-by-id', '--petId', '1']);
      assert.equal(shown.code, 0, shown.stderr);
      assert.equal(JSON.parse(shown.stdout).name, 'Rex');
      const posted = await runCli(cli, running.port, ['create-pet', '--.name', 'Kit', '--.kind', 'cat']);
      assert.equal(posted.code, 0, posted.stderr);
      assert.equal(JSON.parse(posted.stdout).id, 3);
      const gone = await runCli(cli, running.port, ['delete-pet', '--petId', '42']);
      assert.notEqual(gone.code, 0);
      assert.match(gone.stdout + gone.stderr, /no pet 42/);
    } finally {
      await running.shutdown();
    }

    const json = await readFile(join(dir, 'src', 'generated', 'openapi.json'), 'utf8');
    assert.equal(await swaggerParserError(json), undefined);
    const problems = (await redoclyLint(json)).filter((p) => p.severity === 'error');
    assert.deepEqual(problems, [], describe(problems));
    const doc = JSON.parse(json) as { info: { title: string; version: string } };
    assert.deepEqual(doc.info, { title: 'Pets', version: '2.0.0' });
  },
);
