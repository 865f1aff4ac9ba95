// End to end on the bundled Pets API: the generated server with in-memory handlers on a free
// port; the generated client calls every operation (values, statuses, headers, declared
// errors); the generated CLI runs as a subprocess; openapi-fetch, typed by openapi-typescript
// from the same document, calls the generated server.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import { EndpointError, Either } from '@kitgen/runtime';
import { routes } from '../../fixtures/pets/expected/server.js';
import { createClient } from '../../fixtures/pets/expected/client.js';
import * as endpoints from '../../fixtures/pets/expected/endpoints.js';
import { petHandlers, PetStore } from '../demo/petHandlers.ts';
import { repoRoot } from './support/fixtures.ts';
import { runCli, runNode, serve, typeCheck } from './support/e2e.ts';

const cli = join(repoRoot, 'fixtures/pets/expected/cli.js');

test('Pets: the generated client calls every operation of the generated server', async () => {
  const server = await serve(routes(petHandlers(new PetStore())));
  try {
    const client = createClient({ baseUrl: server.url });
    const page = await client.listPets({ limit: 2 });
    assert.equal(page.status, 200);
    assert.deepEqual(page.body, [
      { id: 1, name: 'Rex', tag: 'dog' },
      { id: 2, name: 'Tom', tag: 'cat' },
    ]);
    assert.equal(page.headers.xNext, '/pets?after=2', 'the x-next response header round-trips');
    const all = await client.listPets();
    assert.equal(all.body.length, 3);
    assert.equal(all.headers.xNext, undefined, 'an absent optional header is undefined');

    const created = await client.createPet({ body: { name: 'Fido', tag: 'dog' } });
    assert.deepEqual(created, {
      status: 201,
      body: { id: 4, name: 'Fido', tag: 'dog' },
      headers: { location: '/pets/4' },
    });
    assert.deepEqual(await client.showPetById({ petId: 4 }), { id: 4, name: 'Fido', tag: 'dog' });

    const missing = await client.either.showPetById({ petId: 99 });
    assert.deepEqual(missing, Either.left({ status: 404, body: { code: 404, message: 'no pet with id 99' } }));
    assert.equal(await client.deletePet({ petId: 4 }), undefined);
    await assert.rejects(client.deletePet({ petId: 4 }), (error: unknown) => {
      assert.ok(EndpointError.isFrom(endpoints.deletePet, error));
      assert.equal(error.status, 404);
      assert.deepEqual(error.value, { status: 404, body: { code: 404, message: 'no pet with id 4' } });
      return true;
    });
    // The server validates what the document says: limit is 1..100, a name is not empty.
    const bad = await fetch(`${server.url}/pets?limit=0`);
    assert.equal(bad.status, 400);
    assert.equal(
      (
        await fetch(`${server.url}/pets`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"name":""}',
        })
      ).status,
      400,
    );
  } finally {
    await server.shutdown();
  }
});

test('Pets: the generated CLI calls the generated server', async () => {
  const server = await serve(routes(petHandlers(new PetStore())));
  try {
    const help = await runCli(cli, server.port, ['--help']);
    assert.equal(help.code, 0, help.stderr);
    for (const command of ['list-pets', 'create-pet', 'show-pet-by-id', 'delete-pet'])
      assert.match(help.stdout, new RegExp(command));

    const list = await runCli(cli, server.port, ['list-pets', '--limit', '1']);
    assert.equal(list.code, 0, list.stderr);
    assert.deepEqual(JSON.parse(list.stdout), [{ id: 1, name: 'Rex', tag: 'dog' }]);

    const created = await runCli(cli, server.port, ['create-pet', '--.name', 'Fido', '--.tag', 'dog']);
    assert.equal(created.code, 0, created.stderr);
    assert.deepEqual(JSON.parse(created.stdout), { id: 4, name: 'Fido', tag: 'dog' });

    const one = await runCli(cli, server.port, ['show-pet-by-id', '--petId', '4']);
    assert.equal(one.code, 0, one.stderr);
    assert.equal(JSON.parse(one.stdout).name, 'Fido');

    const missing = await runCli(cli, server.port, ['show-pet-by-id', '--petId', '99']);
    assert.equal(missing.code, 1, 'a declared error exits with 1');
    assert.match(missing.stderr, /no pet with id 99/);

    const gone = await runCli(cli, server.port, ['delete-pet', '--petId', '4']);
    assert.equal(gone.code, 0, gone.stderr);
  } finally {
    await server.shutdown();
  }
});

test('Pets: openapi-fetch with openapi-typescript types calls the generated server', async () => {
  const dir = join(repoRoot, '.tmp', 'e2e', 'pets-openapi-fetch');
  await mkdir(dir, { recursive: true });
  const ast = await openapiTS(new URL(`file://${join(repoRoot, 'fixtures/pets/openapi.yaml')}`));
  await writeFile(join(dir, 'schema.d.ts'), astToString(ast));
  await writeFile(
    join(dir, 'main.ts'),
    `import createClient from 'openapi-fetch';
import type { paths } from './schema.js';

const client = createClient<paths>({ baseUrl: process.env.PETS_URL! });
const page = await client.GET('/pets', { params: { query: { limit: 2 } } });
const created = await client.POST('/pets', { body: { name: 'Fido', tag: 'dog' } });
const one = await client.GET('/pets/{petId}', { params: { path: { petId: created.data!.id } } });
const missing = await client.GET('/pets/{petId}', { params: { path: { petId: 99 } } });
const deleted = await client.DELETE('/pets/{petId}', { params: { path: { petId: created.data!.id } } });
console.log(JSON.stringify({
  page: { status: page.response.status, data: page.data, next: page.response.headers.get('x-next') },
  created: { status: created.response.status, data: created.data, location: created.response.headers.get('location') },
  one: one.data,
  missing: { status: missing.response.status, error: missing.error },
  deleted: deleted.response.status,
}));
`,
  );
  const checked = await typeCheck([join(dir, 'main.ts')]);
  assert.equal(checked.code, 0, `the openapi-fetch program does not type-check:\n${checked.stdout}${checked.stderr}`);
  const server = await serve(routes(petHandlers(new PetStore())));
  try {
    const r = await runNode([join(dir, 'main.ts')], { PETS_URL: server.url });
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(JSON.parse(r.stdout), {
      page: {
        status: 200,
        data: [
          { id: 1, name: 'Rex', tag: 'dog' },
          { id: 2, name: 'Tom', tag: 'cat' },
        ],
        next: '/pets?after=2',
      },
      created: { status: 201, data: { id: 4, name: 'Fido', tag: 'dog' }, location: '/pets/4' },
      one: { id: 4, name: 'Fido', tag: 'dog' },
      missing: { status: 404, error: { code: 404, message: 'no pet with id 99' } },
      deleted: 204,
    });
  } finally {
    await server.shutdown();
  }
});

test('Pets: a partial set of handlers serves what it has; each missing operation answers 501 naming it, logged once at start', async () => {
  const { captureLogs } = await import('../../runtime/test/fixtures/middleware/helpers.ts');
  const logs = captureLogs('warn');
  const store = new PetStore();
  const all = petHandlers(store);
  let server: Awaited<ReturnType<typeof serve>> | undefined;
  try {
    server = await serve(routes({ listPets: all.listPets.bind(all), showPetById: all.showPetById.bind(all) }));
    const warned = logs.lines.filter((l) => String(l.msg).includes('no handler'));
    assert.equal(warned.length, 1, 'logged once, when the routes were built');
    assert.match(
      String(warned[0].msg),
      /^2 of 4 operations have no handler and answer 501 Not Implemented: createPet, deletePet$/,
    );
    const client = createClient({ baseUrl: server.url });
    assert.equal((await client.listPets()).body.length, 3);
    const r = await fetch(`${server.url}/pets`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name":"Fido"}',
    });
    assert.equal(r.status, 501);
    assert.deepEqual(await r.json(), {
      error: 'Not Implemented',
      message: "Operation 'createPet' is not implemented by this server yet",
    });
    assert.equal((await fetch(`${server.url}/pets/1`, { method: 'DELETE' })).status, 501);
    assert.equal(
      logs.lines.filter((l) => String(l.msg).includes('no handler')).length,
      1,
      'requests for missing operations are not logged again',
    );
    assert.equal(
      logs.lines.filter((l) => (l.level ?? 0) >= 50).length,
      0,
      'no error logged: a missing handler is not a crash',
    );
  } finally {
    logs.restore();
    await server?.shutdown();
  }
});
